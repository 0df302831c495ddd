import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { brandingImageKinds, Settings } from '@plaza/contract';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call, upload } from '../../lib/api-client';
import { apiErrorText } from '../../lib/api-error-text';
import { routes } from '../../lib/endpoint-routes';
import { BrandPreview } from './brand-preview';
import { ColorField } from './color-field';
import { ContrastCheck } from './contrast-check';
import { EditorFrame } from './editor-frame';
import { parseSettings } from './settings-document';
import { type DocumentEditor, useDocumentEditor } from './use-document-editor';

const hex = /^#[0-9a-fA-F]{6}$/;
type Kind = (typeof brandingImageKinds)[number];
const imagePath = (kind: Kind) => (kind === 'logo' ? 'company.logo_url' : 'company.favicon_url');

/** Logo or favicon: the current one, upload (the server checks the file) and remove. */
function BrandImage({
  editor,
  kind,
  current,
}: {
  editor: DocumentEditor<Settings>;
  kind: Kind;
  current: string | null;
}) {
  const { t } = useTranslation();
  const change = useMutation({
    mutationFn: (file: File | null) =>
      file
        ? upload(routes.admin.uploadBrandingImage, file, { params: { kind } })
        : call(routes.admin.removeBrandingImage, { params: { kind } }),
    onSuccess: (document) => editor.adopt(document, [imagePath(kind)]),
  });
  const label = t(`admin-settings.branding.${kind}`);
  return (
    <Stack spacing={1}>
      <Typography>{label}</Typography>
      {current ? (
        <img
          src={current}
          alt={t('admin-settings.branding.current', { name: label })}
          style={{ maxHeight: 48, maxWidth: 200 }}
        />
      ) : (
        <Typography color="text.secondary">{t('admin-settings.branding.none')}</Typography>
      )}
      <Stack direction="row" spacing={1}>
        <Button component="label" variant="outlined" disabled={change.isPending}>
          {t('admin-settings.branding.upload', { name: label })}
          <input
            type="file"
            hidden
            accept="image/png,image/webp,image/svg+xml,image/x-icon,image/vnd.microsoft.icon"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) change.mutate(file);
            }}
          />
        </Button>
        {current && (
          <Button color="error" disabled={change.isPending} onClick={() => change.mutate(null)}>
            {t('admin-settings.branding.remove', { name: label })}
          </Button>
        )}
      </Stack>
      {change.isError && (
        <FormHelperText error role="alert">
          {apiErrorText(t, change.error)}
        </FormHelperText>
      )}
    </Stack>
  );
}

/** Name, colours (with their contrast), variant, logo and favicon, shown live in a preview. */
export function BrandingPage() {
  const { t } = useTranslation();
  const editor = useDocumentEditor('settings', parseSettings);
  return (
    <EditorFrame
      editor={editor}
      title={t('admin-settings.branding.title')}
      intro={t('admin-settings.branding.intro')}
    >
      {(settings) => {
        // The preview and the check take the last valid colours while one is being typed.
        const shown = {
          ...settings,
          theme: {
            primary_color: hex.test(settings.theme.primary_color) ? settings.theme.primary_color : '#000000',
            secondary_color: hex.test(settings.theme.secondary_color)
              ? settings.theme.secondary_color
              : '#000000',
          },
        };
        const text = (path: string, key: string) => (
          <TextField
            label={t(`admin-settings.branding.${key}`)}
            value={(editor.get(path) as string) ?? ''}
            onChange={(event) => editor.set(path, event.target.value)}
            error={Boolean(editor.fieldError(path))}
            helperText={editor.fieldError(path)}
            size="small"
            fullWidth
          />
        );
        return (
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
            <Stack sx={{ flex: 1, minWidth: 0 }}>
              <Stack spacing={2}>
                {text('company.name', 'company_name')}
                {text('meta_title', 'meta_title')}
                <ColorField
                  label={t('admin-settings.branding.primary_color')}
                  value={settings.theme.primary_color}
                  onChange={(value) => editor.set('theme.primary_color', value)}
                  error={editor.fieldError('theme.primary_color')}
                />
                <ColorField
                  label={t('admin-settings.branding.secondary_color')}
                  value={settings.theme.secondary_color}
                  onChange={(value) => editor.set('theme.secondary_color', value)}
                  error={editor.fieldError('theme.secondary_color')}
                />
                <TextField
                  select
                  label={t('admin-settings.branding.variant')}
                  value={settings.theme_variant}
                  onChange={(event) => editor.set('theme_variant', event.target.value)}
                  size="small"
                >
                  <MenuItem value="light">{t('admin-settings.branding.light')}</MenuItem>
                  <MenuItem value="dark">{t('admin-settings.branding.dark')}</MenuItem>
                </TextField>
                <FormControlLabel
                  control={
                    <Switch
                      checked={settings.show_company_logo}
                      onChange={(event) => editor.set('show_company_logo', event.target.checked)}
                    />
                  }
                  label={t('admin-settings.fields.show_company_logo.label')}
                />
                <BrandImage editor={editor} kind="logo" current={settings.company.logo_url} />
                <BrandImage editor={editor} kind="favicon" current={settings.company.favicon_url} />
              </Stack>
            </Stack>
            <Stack sx={{ flex: 1, minWidth: 0 }}>
              <Stack spacing={2}>
                <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
                  {t('admin-settings.branding.contrast')}
                </Typography>
                <ContrastCheck settings={shown} />
                <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
                  {t('admin-settings.branding.preview')}
                </Typography>
                <Paper variant="outlined" sx={{ p: 1 }}>
                  <BrandPreview settings={shown} />
                </Paper>
              </Stack>
            </Stack>
          </Stack>
        );
      }}
    </EditorFrame>
  );
}
