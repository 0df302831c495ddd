import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { EditorFrame } from './editor-frame';
import { SettingControl } from './setting-control';
import { parseSettings } from './settings-document';
import { settingGroups } from './settings-fields';
import { type DocumentEditor, useDocumentEditor } from './use-document-editor';

/** Every flag and option of the settings object, in groups, each with its meaning. */
export function SettingsPage() {
  const { t } = useTranslation();
  const editor = useDocumentEditor('settings', parseSettings);
  return (
    <EditorFrame
      editor={editor}
      title={t('admin-settings.settings.title')}
      intro={t('admin-settings.settings.intro')}
    >
      {() => (
        <Stack spacing={3}>
          {settingGroups.map((group) => (
            <Paper
              key={group.key}
              variant="outlined"
              component="section"
              aria-labelledby={`settings-${group.key}`}
              sx={{ p: 2 }}
            >
              <Typography id={`settings-${group.key}`} variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
                {t(`admin-settings.settings.groups.${group.key}`)}
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
