import Add from '@mui/icons-material/Add';
import Tv from '@mui/icons-material/Tv';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { DisplayKey } from '@plaza/contract';
import { dateFormats } from '@plaza/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useSession } from '../../app/session';
import { useLang } from '../../app/use-lang';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { apiErrorText } from '../../lib/api-error-text';
import { formatDate } from '../../lib/dates';
import { CreatedKeyDialog } from './created-key-dialog';
import { displayKeysQuery, tvAddress, useCreateDisplayKey, useRevokeDisplayKey } from './display-keys-api';

const dateAndTime = `${dateFormats.topicDate} ${dateFormats.time}`;

function KeyRow({ item, onRevoke }: { item: DisplayKey; onRevoke: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const used = item.last_used_at
    ? t('tv.admin.last_used', { date: formatDate(item.last_used_at, dateAndTime, lang) })
    : t('tv.admin.never_used');
  return (
    <ListItem
      divider
      secondaryAction={
        <Button color="error" onClick={onRevoke} aria-label={t('tv.admin.revoke_named', { name: item.name })}>
          {t('tv.admin.revoke')}
        </Button>
      }
      sx={{ pr: 16 }}
    >
      <ListItemIcon>
        <Tv />
      </ListItemIcon>
      <ListItemText
        primary={item.name}
        secondary={`${t('tv.admin.created_at', { date: formatDate(item.created_at, dateAndTime, lang) })} · ${used}`}
      />
    </ListItem>
  );
}

/** TV displays (superadmins): create a display key (its TV address is shown once), list and revoke keys. */
export function DisplayKeysPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const session = useSession();
  const superadmin = session.user?.permissions.includes('superadmin') ?? false;
  const keys = useQuery({ ...displayKeysQuery(), enabled: superadmin });
  const create = useCreateDisplayKey();
  const revoke = useRevokeDisplayKey();
  const [name, setName] = useState('');
  const [address, setAddress] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<DisplayKey | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  if (!superadmin) return <Navigate to={`/${lang}/403`} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    setNotice(null);
    create.mutate(name.trim(), {
      onSuccess: (created) => {
        setName('');
        setAddress(tvAddress(window.location.origin, lang, created.key));
      },
    });
  };
  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        setRevoking(null);
        setNotice(t('tv.admin.revoked'));
      },
    });
  };

  return (
    <Box sx={{ maxWidth: 880, mx: 'auto' }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {t('tv.admin.title')}
      </Typography>
      <Typography sx={{ mb: 3 }}>{t('tv.admin.intro')}</Typography>
      <Paper variant="outlined" component="form" onSubmit={submit} sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
        <Box
          sx={{
            display: 'flex',
            gap: 2,
            alignItems: 'flex-start',
            flexDirection: { xs: 'column', sm: 'row' },
          }}
        >
          <TextField
            label={t('tv.admin.name')}
            helperText={t('tv.admin.name_hint')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            required
            fullWidth
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <Button
            type="submit"
            variant="contained"
            startIcon={<Add />}
            disabled={create.isPending || !name.trim()}
            sx={{ mt: { sm: 1 }, flexShrink: 0 }}
          >
            {t('tv.admin.create')}
          </Button>
        </Box>
        {create.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {apiErrorText(t, create.error)}
          </Alert>
        )}
      </Paper>
      {notice && (
        <Alert severity="success" role="status" sx={{ mb: 2 }} onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      <Typography variant="h2" sx={{ mb: 1 }} id="display-keys-title">
        {t('tv.admin.list_label')}
      </Typography>
      {keys.isPending ? (
        <CircularProgress aria-label={t('tv.loading')} />
      ) : keys.isError ? (
        <Alert severity="error">{apiErrorText(t, keys.error)}</Alert>
      ) : keys.data.results.length === 0 ? (
        <Typography color="text.secondary">{t('tv.admin.empty')}</Typography>
      ) : (
        <Paper variant="outlined">
          <List aria-labelledby="display-keys-title" disablePadding>
            {keys.data.results.map((item) => (
              <KeyRow key={item.id} item={item} onRevoke={() => setRevoking(item)} />
            ))}
          </List>
        </Paper>
      )}
      <CreatedKeyDialog address={address} onClose={() => setAddress(null)} />
      <ConfirmDialog
        open={revoking !== null}
        title={t('tv.admin.revoke_title')}
        text={t('tv.admin.revoke_body', { name: revoking?.name ?? '' })}
        confirmLabel={t('tv.admin.revoke')}
        onConfirm={confirmRevoke}
        onClose={() => setRevoking(null)}
        pending={revoke.isPending}
        error={revoke.isError ? apiErrorText(t, revoke.error) : null}
        destructive
      />
    </Box>
  );
}
