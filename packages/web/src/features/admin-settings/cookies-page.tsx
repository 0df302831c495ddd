import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type CookieConfig, cookieConfigSchema } from '@plaza/contract/settings-api';
import { useTranslation } from 'react-i18next';
import { BilingualField } from './bilingual-field';
import { EditorFrame } from './editor-frame';
import { useDocumentEditor } from './use-document-editor';

type Category = CookieConfig['cookie_types'][number];
type Provider = CookieConfig['items'][number]['provider'][number];

const parseCookies = (value: unknown): CookieConfig =>
  cookieConfigSchema.parse(
    value ?? { cookie_types: [], items: [], provider_type_to_cookie_type_mapping: {} },
  );

/** The providers of one category: name, description, cookies they set, the service id consent allows. */
function ProviderFields({
  provider,
  onChange,
  onRemove,
}: {
  provider: Provider;
  onChange: (next: Provider) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const set = (patch: Partial<Provider>) => onChange({ ...provider, ...patch });
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Stack spacing={1}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <TextField
            label={t('admin-settings.cookies.provider_name')}
            value={provider.name}
            onChange={(e) => set({ name: e.target.value })}
            size="small"
            fullWidth
          />
          <TextField
            label={t('admin-settings.cookies.service_id')}
            value={provider.service_id}
            onChange={(e) => set({ service_id: e.target.value })}
            size="small"
            fullWidth
          />
        </Stack>
        <BilingualField
          label={t('admin-settings.cookies.description')}
          value={provider.description}
          onChange={(description) => set({ description })}
          multiline
        />
        <TextField
          label={t('admin-settings.cookies.cookie_names')}
          helperText={t('admin-settings.cookies.cookie_names_help')}
          value={provider.cookies.join(', ')}
          onChange={(e) =>
            set({
              cookies: e.target.value
                .split(',')
                .map((name) => name.trim())
                .filter(Boolean),
            })
          }
          size="small"
          fullWidth
        />
        <Button color="error" size="small" sx={{ alignSelf: 'flex-start' }} onClick={onRemove}>
          {t('admin-settings.cookies.remove_provider', { name: provider.name })}
        </Button>
      </Stack>
    </Paper>
  );
}

/** The cookie overlay's categories (names, descriptions, required) and each category's providers. */
export function CookiesPage() {
  const { t, i18n } = useTranslation();
  const editor = useDocumentEditor('cookie_config', parseCookies);
  return (
    <EditorFrame
      editor={editor}
      title={t('admin-settings.cookies.title')}
      intro={t('admin-settings.cookies.intro')}
    >
      {(config) => {
        const setCategory = (id: number, patch: Partial<Category>) =>
          editor.change({
            ...config,
            cookie_types: config.cookie_types.map((c) => (c.id === id ? { ...c, ...patch } : c)),
          });
        const providersOf = (id: number) =>
          config.items.find((item) => item.cookie_type === id)?.provider ?? [];
        const setProviders = (id: number, provider: Provider[]) =>
          editor.change({
            ...config,
            items: [...config.items.filter((item) => item.cookie_type !== id), { cookie_type: id, provider }],
          });
        const addCategory = () => {
          const id = Math.max(0, ...config.cookie_types.map((c) => c.id)) + 1;
          editor.change({
            ...config,
            cookie_types: [...config.cookie_types, { id, name: {}, description: {}, required: false }],
          });
        };
        return (
          <Stack spacing={3}>
            {config.cookie_types.map((category) => {
              const name =
                category.name[i18n.language] ?? Object.values(category.name)[0] ?? String(category.id);
              const providers = providersOf(category.id);
              return (
                <Paper
                  key={category.id}
                  component="section"
                  aria-label={name}
                  variant="outlined"
                  sx={{ p: 2 }}
                >
                  <Stack spacing={2}>
                    <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
                      {name}
                    </Typography>
                    <BilingualField
                      label={t('admin-settings.cookies.category_name')}
                      value={category.name}
                      onChange={(next) => setCategory(category.id, { name: next })}
                    />
                    <BilingualField
                      label={t('admin-settings.cookies.description')}
                      value={category.description}
                      onChange={(next) => setCategory(category.id, { description: next })}
                      multiline
                    />
                    <FormControlLabel
                      control={
                        <Switch
                          checked={category.required}
                          onChange={(e) => setCategory(category.id, { required: e.target.checked })}
                        />
                      }
                      label={t('admin-settings.cookies.required')}
                    />
                    <Typography variant="h3" sx={{ fontSize: '1.05rem' }}>
                      {t('admin-settings.cookies.providers')}
                    </Typography>
                    {providers.map((provider, index) => (
                      <ProviderFields
                        // biome-ignore lint/suspicious/noArrayIndexKey: providers have no id but their place.
                        key={index}
                        provider={provider}
                        onChange={(next) =>
                          setProviders(
                            category.id,
                            providers.map((p, i) => (i === index ? next : p)),
                          )
                        }
                        onRemove={() =>
                          setProviders(
                            category.id,
                            providers.filter((_, i) => i !== index),
                          )
                        }
                      />
                    ))}
                    <Stack direction="row" spacing={1}>
                      <Button
                        startIcon={<Add />}
                        onClick={() =>
                          setProviders(category.id, [
                            ...providers,
                            { name: '', description: {}, cookies: [], service_id: '' },
                          ])
                        }
                      >
                        {t('admin-settings.cookies.add_provider', { name })}
                      </Button>
                      {category.id !== 1 && (
                        <Button
                          color="error"
                          onClick={() =>
                            editor.change({
                              ...config,
                              cookie_types: config.cookie_types.filter((c) => c.id !== category.id),
                              items: config.items.filter((item) => item.cookie_type !== category.id),
                            })
                          }
                        >
                          {t('admin-settings.cookies.remove_category', { name })}
                        </Button>
                      )}
                    </Stack>
                  </Stack>
                </Paper>
              );
            })}
            <Button startIcon={<Add />} sx={{ alignSelf: 'flex-start' }} onClick={addCategory}>
              {t('admin-settings.cookies.add_category')}
            </Button>
          </Stack>
        );
      }}
    </EditorFrame>
  );
}
