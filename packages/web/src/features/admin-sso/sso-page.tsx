import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type SsoProviderKind, ssoProviderKinds } from '@plaza/contract/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../lib/api-client';
import { apiErrorText } from '../../lib/api-error-text';
import { saveSso, ssoQuery } from './api';
import { ProviderFields } from './provider-fields';
import { draftOf, newProvider, type SsoDraft } from './sso-draft';

/** The server's refusals by field (`providers.0.issuer`), in the page's language. */
function fieldErrors(t: TFunction, error: unknown): Record<string, string> {
  if (!(error instanceof ApiRequestError)) return {};
  return Object.fromEntries(
    error.errors
      .filter((e) => e.field)
      .map((e) => {
        const name =
          e
            .field!.split('.')
            .filter((part) => !/^\d+$/.test(part))
            .pop() ?? '';
        const text = t(`admin-sso.errors.${name}`, { defaultValue: t(`errors.codes.${e.code}`) });
        return [e.field!, String(text)];
      }),
  );
}

/**
 * Single sign-on (administration section `sso`): the organisation's OpenID provider and the social
 * sign-ins, with the address to register at them, and whether members may still use passwords.
 */
export default function SsoPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const query = useQuery(ssoQuery);
  // Unedited, the form shows the stored configuration (so the server's render draws it, not a spinner).
  const [edited, setDraft] = useState<SsoDraft | null>(null);
  const [adding, setAdding] = useState<SsoProviderKind | ''>('');
  const save = useMutation({
    mutationFn: saveSso,
    onSuccess: (config) => {
      client.setQueryData(ssoQuery.queryKey, config);
      setDraft(draftOf(config));
    },
  });
  if (query.isError) return <Alert severity="error">{apiErrorText(t, query.error)}</Alert>;
  if (!query.data) return <CircularProgress aria-label={t('admin-sso.loading')} />;
  const draft = edited ?? draftOf(query.data);

  const errors = fieldErrors(t, save.error);
  const general = save.error && Object.keys(errors).length === 0 ? apiErrorText(t, save.error) : null;
  const unused = ssoProviderKinds.filter((kind) => !draft.providers.some((p) => p.kind === kind));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(draft);
  };

  return (
    <Stack component="form" spacing={3} onSubmit={submit} noValidate aria-labelledby="sso-title">
      <Typography id="sso-title" variant="h1" sx={{ fontSize: '1.75rem' }}>
        {t('admin-sso.title')}
      </Typography>
      <Typography>{t('admin-sso.intro')}</Typography>
      <TextField
        label={t('admin-sso.fields.redirect_uri')}
        value={query.data.redirect_uri}
        helperText={t('admin-sso.hints.redirect_uri')}
        slotProps={{ htmlInput: { readOnly: true } }}
        onFocus={(event) => event.target.select()}
        fullWidth
      />
      {draft.providers.map((provider, index) => (
        <ProviderFields
          key={provider.kind}
          provider={provider}
          index={index}
          errorOf={(name) => errors[`providers.${index}.${name}`]}
          onChange={(changed) =>
            setDraft({ ...draft, providers: draft.providers.map((p, i) => (i === index ? changed : p)) })
          }
          onRemove={() => setDraft({ ...draft, providers: draft.providers.filter((_, i) => i !== index) })}
        />
      ))}
      {unused.length > 0 && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <TextField
            select
            label={t('admin-sso.add_kind')}
            value={adding}
            onChange={(event) => setAdding(event.target.value as SsoProviderKind)}
            sx={{ minWidth: 240 }}
          >
            {unused.map((kind) => (
              <MenuItem key={kind} value={kind}>
                {t(`admin-sso.kinds.${kind}`)}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="outlined"
            disabled={!adding}
            onClick={() => {
              if (!adding) return;
              setDraft({ ...draft, providers: [...draft.providers, newProvider(adding)] });
              setAdding('');
            }}
          >
            {t('admin-sso.add')}
          </Button>
        </Stack>
      )}
      <div>
        <FormControlLabel
          control={
            <Switch
              checked={draft.local_passwords}
              onChange={(event) => setDraft({ ...draft, local_passwords: event.target.checked })}
            />
          }
          label={t('admin-sso.fields.local_passwords')}
        />
        <Typography variant="body2" color={errors.local_passwords ? 'error' : 'text.secondary'}>
          {errors.local_passwords ?? t('admin-sso.hints.local_passwords')}
        </Typography>
      </div>
      {general && <Alert severity="error">{general}</Alert>}
      {save.isSuccess && <Alert severity="success">{t('admin-sso.saved')}</Alert>}
      <div>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {t('admin-sso.save')}
        </Button>
      </div>
    </Stack>
  );
}
