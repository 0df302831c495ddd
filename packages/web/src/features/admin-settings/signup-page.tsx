import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { socialLoginTypes } from '@plaza/contract';
import { useTranslation } from 'react-i18next';
import { EditorFrame } from './editor-frame';
import { SettingControl } from './setting-control';
import { parseSettings } from './settings-document';
import type { SettingField } from './settings-fields';
import { type DocumentEditor, useDocumentEditor } from './use-document-editor';

const signupFields: { key: string; fields: SettingField[] }[] = [
  {
    key: 'signup',
    fields: [
      { path: 'signup_configuration.active', kind: 'switch' },
      { path: 'signup_configuration.type', kind: 'select', options: ['basic', 'advanced'] },
      { path: 'signup_configuration.active_login_types', kind: 'choices', options: socialLoginTypes },
    ],
  },
  {
    key: 'login',
    fields: [{ path: 'login_options.login_identifier', kind: 'select', options: ['username', 'email'] }],
  },
];

/** Who may sign up and how (basic or advanced form, social sign-ins), and what members sign in with. */
export function SignupPage() {
  const { t } = useTranslation();
  const editor = useDocumentEditor('settings', parseSettings);
  return (
    <EditorFrame
      editor={editor}
      title={t('admin-settings.signup.title')}
      intro={t('admin-settings.signup.intro')}
    >
      {() => (
        <Stack spacing={3}>
          {signupFields.map((group) => (
            <Paper
              key={group.key}
              variant="outlined"
              component="section"
              aria-labelledby={`signup-${group.key}`}
              sx={{ p: 2 }}
            >
              <Typography id={`signup-${group.key}`} variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
                {t(`admin-settings.signup.groups.${group.key}`)}
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
