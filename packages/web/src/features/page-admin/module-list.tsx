import Add from '@mui/icons-material/Add';
import ExpandMore from '@mui/icons-material/ExpandMore';
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

/**
 * The page's modules in order, each with its form, and the button that adds one. Saved modules start
 * folded to their heading, and their forms are drawn once opened: a page of a dozen modules drew thousands
 * of fields the editor took over at once (the page editor's longest task at start). A module added here,
 * and one with a complaint, is open.
 */
export function ModuleList({
  modules,
  pageId,
  errorAt,
  hasErrors,
  moduleName,
  onChange,
  onMove,
  onRemove,
  onAdd,
}: {
  modules: EditorModule[];
  pageId: number;
  errorAt: (path: string) => string | undefined;
  /** Whether a field of the module at this index has a complaint. */
  hasErrors: (index: number) => boolean;
  moduleName: (module: EditorModule, index: number) => string;
  onChange: (key: string, patch: ModuleData | ((data: ModuleData) => ModuleData)) => void;
  onMove: (from: number, to: number) => void;
  onRemove: (module: EditorModule) => void;
  onAdd: (type: PageModuleType) => void;
}) {
  const { t } = useTranslation();
  const open = useOpenModules(modules, hasErrors);
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
          const formId = `module-form-${module.key}`;
          const expanded = open.has(module.key);
          return (
            <Paper
              component="li"
              variant="outlined"
              key={module.key}
              id={`module-${module.key}`}
              aria-label={name}
              sx={{ p: { xs: 1.5, sm: 2 }, mb: 2, bgcolor: 'background.default' }}
            >
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                <Typography
                  component="h3"
                  variant="h3"
                  sx={{ flex: '1 1 12rem', fontSize: '1.05rem', minWidth: 0 }}
                >
                  {name}
                </Typography>
                <Box sx={{ display: 'flex', alignItems: 'center', ml: 'auto' }}>
                  <Button
                    size="small"
                    aria-label={t('page_admin.rows.settings_of', { name })}
                    aria-expanded={expanded}
                    aria-controls={expanded ? formId : undefined}
                    endIcon={
                      <ExpandMore aria-hidden sx={{ transform: expanded ? 'rotate(180deg)' : undefined }} />
                    }
                    onClick={() => open.toggle(module.key)}
                  >
                    {t('page_admin.rows.settings')}
                  </Button>
                  <RowActions
                    name={name}
                    index={index}
                    count={modules.length}
                    onMove={(to) => onMove(index, to)}
                    onRemove={() => onRemove(module)}
                  />
                </Box>
              </Box>
              {!expanded && <ModuleSummary data={module.data} />}
              {expanded && (
                <Box id={formId} sx={{ mt: 0.5 }}>
                  <ModuleForm
                    type={module.type}
                    data={module.data}
                    set={(patch) => onChange(module.key, patch)}
                    errorAt={(path) => errorAt(`modules.${index}.data.${path}`)}
                    pageId={pageId}
                  />
                </Box>
              )}
            </Paper>
          );
        })}
      </Box>
      {modules.length < pageModuleLimits.modules && <AddModuleButton onAdd={onAdd} />}
    </>
  );
}

/** A folded module's title, when it has one. */
function ModuleSummary({ data }: { data: ModuleData }) {
  const title = typeof data.title === 'string' ? data.title.trim() : '';
  if (!title) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
      {title}
    </Typography>
  );
}

/**
 * Which modules are open: every module but those folded, and the page's saved modules start folded (one
 * added later is open). A new complaint opens its modules in the same render, so its first field can take
 * the focus.
 */
function useOpenModules(modules: EditorModule[], hasErrors: (index: number) => boolean) {
  const [folded, setFolded] = useState<ReadonlySet<string>>(
    () => new Set(modules.map((module) => module.key)),
  );
  const [complained, setComplained] = useState('');
  const withErrors = modules.filter((_, index) => hasErrors(index)).map((module) => module.key);
  const complaint = withErrors.join(' ');
  // Adjusting state while rendering (React's way for state that follows props): no render with them folded.
  if (complaint !== complained) {
    setComplained(complaint);
    if (withErrors.some((key) => folded.has(key))) {
      setFolded(new Set([...folded].filter((key) => !withErrors.includes(key))));
    }
  }
  return {
    has: (key: string) => !folded.has(key),
    toggle: (key: string) =>
      setFolded((before) => {
        const next = new Set(before);
        if (!next.delete(key)) next.add(key);
        return next;
      }),
  };
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
