import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { adminLimits } from '@plaza/contract/admin';
import { useTranslation } from 'react-i18next';
import type { ProviderDraft } from './sso-draft';

const claimNames = ['username', 'firstname', 'lastname', 'email'] as const;

interface Props {
  provider: ProviderDraft;
  index: number;
  onChange: (provider: ProviderDraft) => void;
  onRemove: () => void;
  /** The server's refusal of a field of this provider (`issuer`, `client_secret`, ...), by name. */
  errorOf: (name: string) => string | undefined;
}

/** One sign-in provider's settings. */
export function ProviderFields({ provider, index, onChange, onRemove, errorOf }: Props) {
  const { t } = useTranslation();
  const set = (patch: Partial<ProviderDraft>) => onChange({ ...provider, ...patch });
  const id = `sso-provider-${index}`;
  const text = (name: 'issuer' | 'client_id' | 'scopes' | 'allowed_email_domains', more = {}) => (
    <TextField
      label={t(`admin-sso.fields.${name}`)}
      value={provider[name]}
      onChange={(event) => set({ [name]: event.target.value })}
      error={Boolean(errorOf(name))}
      helperText={errorOf(name) ?? t(`admin-sso.hints.${name}`)}
      fullWidth
      {...more}
    />
  );
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography id={id} variant="h2" sx={{ fontSize: '1.25rem' }}>
            {t(`admin-sso.kinds.${provider.kind}`)}
          </Typography>
          <Button color="error" onClick={onRemove}>
            {t('admin-sso.remove', { name: t(`admin-sso.kinds.${provider.kind}`) })}
          </Button>
        </Stack>
        <FormControlLabel
          control={
            <Switch checked={provider.enabled} onChange={(event) => set({ enabled: event.target.checked })} />
          }
          label={t('admin-sso.fields.enabled')}
        />
        {text('issuer', { type: 'url', required: true })}
        {text('client_id', { required: true })}
        <TextField
          label={t('admin-sso.fields.client_secret')}
          type="password"
          autoComplete="new-password"
          value={provider.client_secret}
          onChange={(event) => set({ client_secret: event.target.value })}
          error={Boolean(errorOf('client_secret'))}
          helperText={
            errorOf('client_secret') ??
            t(provider.client_secret_set ? 'admin-sso.hints.secret_stored' : 'admin-sso.hints.secret_missing')
          }
          fullWidth
        />
        {text('scopes', {
          helperText: errorOf('scopes') ?? t('admin-sso.hints.scopes', { max: adminLimits.ssoScopesMax }),
        })}
        <Typography variant="h3" sx={{ fontSize: '1rem' }}>
          {t('admin-sso.claims_title')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {claimNames.map((name) => (
            <TextField
              key={name}
              label={t(`admin-sso.claims.${name}`)}
              value={provider.claims[name]}
              onChange={(event) => set({ claims: { ...provider.claims, [name]: event.target.value } })}
              error={Boolean(errorOf(`claims.${name}`))}
              helperText={errorOf(`claims.${name}`)}
              fullWidth
            />
          ))}
        </Stack>
        {text('allowed_email_domains', {
          helperText:
            errorOf('allowed_email_domains') ??
            t('admin-sso.hints.allowed_email_domains', { max: adminLimits.ssoDomainsMax }),
        })}
        <FormControlLabel
          control={
            <Switch
              checked={provider.create_members}
              onChange={(event) => set({ create_members: event.target.checked })}
            />
          }
          label={t('admin-sso.fields.create_members')}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {(['de_DE', 'en_GB'] as const).map((locale) => (
            <TextField
              key={locale}
              label={t(`admin-sso.fields.label_${locale}`)}
              value={provider.label[locale]}
              onChange={(event) => set({ label: { ...provider.label, [locale]: event.target.value } })}
              slotProps={{ htmlInput: { maxLength: 60 } }}
              error={Boolean(errorOf(`label.${locale}`))}
              helperText={errorOf(`label.${locale}`)}
              fullWidth
            />
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
