import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { EditorFrame } from './editor-frame';
import { SettingControl } from './setting-control';
import { parseSettings } from './settings-document';
import type { SettingField } from './settings-fields';
import { type DocumentEditor, useDocumentEditor } from './use-document-editor';

/**
 * A page of the settings document drawn as groups of fields: its title, intro and group headings are
 * the texts `admin-settings.<page>.title|intro|groups.<key>`.
 */
export function SettingGroupsPage({
  page,
  groups,
}: {
  page: 'settings' | 'signup';
  groups: { key: string; fields: SettingField[] }[];
}) {
  const { t } = useTranslation();
  const editor = useDocumentEditor('settings', parseSettings);
  return (
    <EditorFrame
      editor={editor}
      title={t(`admin-settings.${page}.title`)}
      intro={t(`admin-settings.${page}.intro`)}
    >
      {() => (
        <Stack spacing={3}>
          {groups.map((group) => (
            <Paper
              key={group.key}
              variant="outlined"
              component="section"
              aria-labelledby={`${page}-${group.key}`}
              sx={{ p: 2 }}
            >
              <Typography id={`${page}-${group.key}`} variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
                {t(`admin-settings.${page}.groups.${group.key}`)}
              </Typography>
              <Stack spacing={2}>
                {group.fields.map((field) => (
                  <SettingControl key={field.path} editor={editor as DocumentEditor<unknown>} field={field} />
                ))}
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
    </EditorFrame>
  );
}
