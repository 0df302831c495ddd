import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type PageModuleType, pageModuleLimits, pageModuleTypes } from '@plaza/contract/page-modules';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorModule, ModuleData } from './draft';
import { ModuleForm } from './module-forms';
import { RowActions } from './row-actions';

/** The page's modules in order, each with its form, and the button that adds one. */
export function ModuleList({
  modules,
  pageId,
  errorAt,
  moduleName,
  onChange,
  onMove,
  onRemove,
  onAdd,
}: {
  modules: EditorModule[];
  pageId: number;
  errorAt: (path: string) => string | undefined;
  moduleName: (module: EditorModule, index: number) => string;
  onChange: (key: string, patch: ModuleData | ((data: ModuleData) => ModuleData)) => void;
  onMove: (from: number, to: number) => void;
  onRemove: (module: EditorModule) => void;
  onAdd: (type: PageModuleType) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {modules.length === 0 && (
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {t('page_admin.no_modules')}
        </Typography>
      )}
      {errorAt('modules') && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {errorAt('modules')}
        </Alert>
      )}
      <Box
        component="ol"
        sx={{ listStyle: 'none', p: 0, m: 0 }}
        aria-label={t('page_admin.sections.modules')}
      >
        {modules.map((module, index) => {
          const name = moduleName(module, index);
          return (
            <Paper
              component="li"
              variant="outlined"
              key={module.key}
              id={`module-${module.key}`}
              aria-label={name}
              sx={{ p: { xs: 1.5, sm: 2 }, mb: 2, bgcolor: 'background.default' }}
            >
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
                <Typography component="h3" variant="h3" sx={{ flex: 1, fontSize: '1.05rem', minWidth: 0 }}>
                  {name}
                </Typography>
                <RowActions
                  name={name}
                  index={index}
                  count={modules.length}
                  onMove={(to) => onMove(index, to)}
                  onRemove={() => onRemove(module)}
                />
              </Box>
              <ModuleForm
                type={module.type}
                data={module.data}
                set={(patch) => onChange(module.key, patch)}
                errorAt={(path) => errorAt(`modules.${index}.data.${path}`)}
                pageId={pageId}
              />
            </Paper>
          );
        })}
      </Box>
      {modules.length < pageModuleLimits.modules && <AddModuleButton onAdd={onAdd} />}
    </>
  );
}

function AddModuleButton({ onAdd }: { onAdd: (type: PageModuleType) => void }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  return (
    <>
      <Button
        variant="contained"
        startIcon={<Add />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t('page_admin.add_module')}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {pageModuleTypes.map((type) => (
          <MenuItem
            key={type}
            onClick={() => {
              setAnchor(null);
              onAdd(type);
            }}
          >
            {t(`page_admin.modules.${type}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
