import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import {
  adminLimits,
  menuDocumentSchema,
  type StoredMenuItem,
  settingsMenuDocumentSchema,
} from '@plaza/contract/admin';
import type { locales } from '@plaza/contract/constants';
import { useTranslation } from 'react-i18next';
import { EditorFrame } from './editor-frame';
import { MenuItemFields } from './menu-item-fields';
import { ReorderList } from './reorder-list';
import { useDocumentEditor } from './use-document-editor';

type SettingsMenuEntry = { key: string; hidden: boolean };

/** The drawer's entries as the server reads the document (its built-in order when never stored). */
const parseSettingsMenu = (value: unknown): SettingsMenuEntry[] =>
  settingsMenuDocumentSchema.parse(value ?? []);

const parseMenu = (value: unknown): StoredMenuItem[] => menuDocumentSchema.parse(value ?? []);

/** The title of an entry in the page's language, for the move buttons' names. */
function useTitleOf() {
  const { t, i18n } = useTranslation();
  return (item: StoredMenuItem) =>
    typeof item.title === 'string'
      ? t(item.title, { defaultValue: item.title })
      : (item.title[i18n.language as (typeof locales)[number]] ?? Object.values(item.title)[0] ?? '');
}

function MainMenuEditor() {
  const { t } = useTranslation();
  const titleOf = useTitleOf();
  const editor = useDocumentEditor('menu', parseMenu);
  return (
    <EditorFrame
      editor={editor}
      level="h2"
      title={t('admin-settings.menus.main')}
      intro={t('admin-settings.menus.intro')}
    >
      {(items) => (
        <Paper variant="outlined" sx={{ p: 1 }}>
          <ReorderList
            label={t('admin-settings.menus.main')}
            items={items}
            onChange={editor.change}
            name={(item) => titleOf(item) || t('admin-settings.menus.untitled')}
          >
            {(item, index) => (
              <>
                <MenuItemFields
                  item={item}
                  onChange={(next) => editor.change(items.map((old, i) => (i === index ? next : old)))}
                  error={(field) => editor.fieldError(`${index}.${field}`)}
                />
                <Button
                  color="error"
                  size="small"
                  sx={{ alignSelf: 'flex-start' }}
                  onClick={() => editor.change(items.filter((_, i) => i !== index))}
                >
                  {t('admin-settings.menus.remove', { name: titleOf(item) })}
                </Button>
              </>
            )}
          </ReorderList>
          <Button
            startIcon={<Add />}
            disabled={items.length >= adminLimits.menuItemsMax}
            onClick={() =>
              editor.change([
                ...items,
                { type: 'external', title: {}, url: null, target: '_blank', hidden: false },
              ])
            }
          >
            {t('admin-settings.menus.add')}
          </Button>
        </Paper>
      )}
    </EditorFrame>
  );
}

function SettingsMenuEditor() {
  const { t } = useTranslation();
  const editor = useDocumentEditor('settings_menu', parseSettingsMenu);
  const title = (key: string) => t(`menu.settings.${key}`, { defaultValue: key });
  return (
    <EditorFrame
      editor={editor}
      level="h2"
      title={t('admin-settings.menus.drawer_title')}
      intro={t('admin-settings.menus.drawer_intro')}
    >
      {(entries) => (
        <Paper variant="outlined" sx={{ p: 1 }}>
          <ReorderList
            label={t('admin-settings.menus.drawer_title')}
            items={entries}
            onChange={editor.change}
            name={(entry) => title(entry.key)}
          >
            {(entry, index) => (
              <FormControlLabel
                control={
                  <Switch
                    checked={!entry.hidden}
                    onChange={(event) =>
                      editor.change(
                        entries.map((old, i) =>
                          i === index ? { ...old, hidden: !event.target.checked } : old,
                        ),
                      )
                    }
                  />
                }
                label={title(entry.key)}
              />
            )}
          </ReorderList>
        </Paper>
      )}
    </EditorFrame>
  );
}

/** The main menu (order, titles, targets, shown) and the settings drawer's entries (order, shown). */
export function MenusPage() {
  const { t } = useTranslation();
  return (
    <Stack spacing={6}>
      <Typography variant="h1">{t('admin-settings.menus.title')}</Typography>
      <MainMenuEditor />
      <SettingsMenuEditor />
    </Stack>
  );
}
