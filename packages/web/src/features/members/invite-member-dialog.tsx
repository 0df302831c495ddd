import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Locale } from '@plaza/contract';
import { limits } from '@plaza/contract/constants';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session';
import { useLang } from '../../app/use-lang';
import { FormDialog } from '../../components/form-dialog';
import { apiErrorText } from '../../lib/api-error-text';
import { useInviteMember } from './api/members';

function InviteForm({ titleId, onDone }: { titleId: string; onDone: (email: string) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { settings } = useSession();
  const invite = useInviteMember();
  const [values, setValues] = useState({ email: '', firstname: '', lastname: '', language: lang as Locale });
  const [touched, setTouched] = useState(false);
  const missing = (field: 'email' | 'firstname' | 'lastname') => touched && !values[field].trim();
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((now) => ({ ...now, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!values.email.trim() || !values.firstname.trim() || !values.lastname.trim()) return;
    invite.mutate(
      {
        email: values.email.trim(),
        firstname: values.firstname.trim(),
        lastname: values.lastname.trim(),
        language: values.language,
      },
      { onSuccess: (account) => onDone(account.email) },
    );
  };

  return (
    <form noValidate onSubmit={submit}>
      <DialogTitle id={titleId}>{t('members.invite.title')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        <TextField
          label={t('members.invite.email')}
          type="email"
          required
          autoFocus
          value={values.email}
          onChange={set('email')}
          error={missing('email')}
          helperText={missing('email') ? t('members.invite.required') : t('members.invite.email_hint')}
          slotProps={{ htmlInput: { maxLength: limits.emailMaxLength } }}
        />
        <TextField
          label={t('members.invite.firstname')}
          required
          value={values.firstname}
          onChange={set('firstname')}
          error={missing('firstname')}
          helperText={missing('firstname') ? t('members.invite.required') : undefined}
          slotProps={{ htmlInput: { maxLength: limits.nameMaxLength } }}
        />
        <TextField
          label={t('members.invite.lastname')}
          required
          value={values.lastname}
          onChange={set('lastname')}
          error={missing('lastname')}
          helperText={missing('lastname') ? t('members.invite.required') : undefined}
          slotProps={{ htmlInput: { maxLength: limits.nameMaxLength } }}
        />
        <TextField
          select
          label={t('members.invite.language')}
          value={values.language}
          onChange={set('language')}
        >
          {settings.languages.map((locale) => (
            <MenuItem key={locale} value={locale}>
              {t(`app.languages.${locale}`)}
            </MenuItem>
          ))}
        </TextField>
        {invite.isError && <Alert severity="error">{apiErrorText(t, invite.error)}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onDone('')}>{t('app.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={invite.isPending}>
          {t('members.invite.send')}
        </Button>
      </DialogActions>
    </form>
  );
}

/** Invites a member by email; `onClose` hears the invited address ('' when cancelled). */
export function InviteMemberDialog({ open, onClose }: { open: boolean; onClose: (email: string) => void }) {
  return (
    <FormDialog open={open} onClose={() => onClose('')} maxWidth="sm">
      {(titleId) => <InviteForm titleId={titleId} onDone={onClose} />}
    </FormDialog>
  );
}
