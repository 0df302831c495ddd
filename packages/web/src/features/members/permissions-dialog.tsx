import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import type { MemberAccount } from '@plaza/contract';
import { type UserPermission, userPermissions } from '@plaza/contract/entities';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog';
import { apiErrorText } from '../../lib/api-error-text';
import { useSetMemberPermissions } from './api/members';

function PermissionsForm({
  titleId,
  account,
  onDone,
}: {
  titleId: string;
  account: MemberAccount;
  onDone: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const save = useSetMemberPermissions();
  const [chosen, setChosen] = useState<Set<UserPermission>>(new Set(account.permissions));
  const name = `${account.firstname} ${account.lastname}`.trim();
  const toggle = (permission: UserPermission) =>
    setChosen((now) => {
      const next = new Set(now);
      if (next.has(permission)) next.delete(permission);
      else next.add(permission);
      return next;
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { id: account.id, permissions: userPermissions.filter((permission) => chosen.has(permission)) },
      { onSuccess: () => onDone(true) },
    );
  };
  return (
    <form noValidate onSubmit={submit}>
      <DialogTitle id={titleId}>{t('members.permissions.title', { name })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('members.permissions.intro')}</DialogContentText>
        <FormGroup>
          {userPermissions.map((permission) => (
            <FormControlLabel
              key={permission}
              sx={{ alignItems: 'flex-start', mb: 1 }}
              control={
                <Checkbox
                  checked={chosen.has(permission)}
                  onChange={() => toggle(permission)}
                  slotProps={{
                    input: {
                      'aria-labelledby': `${titleId}-${permission}-name`,
                      'aria-describedby': `${titleId}-${permission}`,
                    },
                  }}
                />
              }
              label={
                <>
                  <Typography id={`${titleId}-${permission}-name`} sx={{ pt: 1 }}>
                    {t(`members.permissions.names.${permission}`)}
                  </Typography>
                  <Typography id={`${titleId}-${permission}`} variant="body2" color="text.secondary">
                    {t(`members.permissions.meanings.${permission}`)}
                  </Typography>
                </>
              }
            />
          ))}
        </FormGroup>
        {save.isError && <Alert severity="error">{apiErrorText(t, save.error)}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onDone(false)}>{t('app.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {t('members.permissions.save')}
        </Button>
      </DialogActions>
    </form>
  );
}

/** Sets another account's site-wide permissions (superadmins); `onClose` hears whether they were saved. */
export function PermissionsDialog({
  account,
  onClose,
}: {
  account: MemberAccount | null;
  onClose: (saved: boolean) => void;
}) {
  return (
    <FormDialog open={account !== null} onClose={() => onClose(false)} maxWidth="sm">
      {(titleId) => account && <PermissionsForm titleId={titleId} account={account} onDone={onClose} />}
    </FormDialog>
  );
}
