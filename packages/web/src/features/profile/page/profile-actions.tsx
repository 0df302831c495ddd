import ChatIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Edit from '@mui/icons-material/Edit';
import PersonAdd from '@mui/icons-material/PersonAdd';
import PersonRemove from '@mui/icons-material/PersonRemove';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { Profile } from '@plaza/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { apiErrorText } from '../../../lib/api-error-text';
import { useStartDirectChat } from '../../../lib/chat-link';
import { useDeleteAccount, useFollow } from '../api/profile';
import { leaveToSiteRoot } from '../site-root';
import { profileName } from './profile-header';

/** Follow or unfollow the member of the profile; tells the result through `onNotice`. */
export function FollowButton({
  profile,
  viewerId,
  onNotice,
}: {
  profile: Profile;
  viewerId: number;
  onNotice: (text: string, severity?: 'success' | 'error') => void;
}) {
  const { t } = useTranslation();
  const follow = useFollow(viewerId, profile.id);
  const name = profileName(profile);
  const toggle = () =>
    follow.mutate(!profile.followed, {
      onSuccess: () =>
        onNotice(t(profile.followed ? 'profile.notices.unfollowed' : 'profile.notices.followed', { name })),
      onError: (error) => onNotice(apiErrorText(t, error), 'error'),
    });
  return (
    <Button
      variant={profile.followed ? 'outlined' : 'contained'}
      startIcon={profile.followed ? <PersonRemove /> : <PersonAdd />}
      onClick={toggle}
      disabled={follow.isPending}
    >
      {profile.followed ? t('profile.actions.unfollow') : t('profile.actions.follow')}
    </Button>
  );
}

/** Starts (or opens the existing) direct chat with the member of the profile, in the chat overlay. */
export function SendMessageButton({
  profile,
  onNotice,
}: {
  profile: Profile;
  onNotice: (text: string, severity?: 'success' | 'error') => void;
}) {
  const { t } = useTranslation();
  const startChat = useStartDirectChat();
  const [pending, setPending] = useState(false);
  const start = () => {
    setPending(true);
    startChat(profile.id)
      .catch((error: unknown) => onNotice(apiErrorText(t, error), 'error'))
      .finally(() => setPending(false));
  };
  return (
    <Button variant="outlined" startIcon={<ChatIcon />} onClick={start} disabled={pending}>
      {t('chat.start.send_message')}
    </Button>
  );
}

/** The edit button of an editable profile. */
export function EditButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button variant="contained" startIcon={<Edit />} onClick={onClick}>
      {t('profile.actions.edit')}
    </Button>
  );
}

/**
 * Deletes the account after a confirmation; afterwards the browser goes to the site root (a full
 * load, so nothing of the deleted member's session stays in memory).
 */
export function DeleteAccountButton({ profile, own }: { profile: Profile; own: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const remove = useDeleteAccount(profile.id);
  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: leaveToSiteRoot,
    });
  // The last superadmin's account stays (the server refuses with last_superadmin): say why instead.
  if (profile.deletion_blocked)
    return (
      <>
        <Button
          color="error"
          variant="outlined"
          startIcon={<DeleteOutline />}
          disabled
          aria-describedby="delete-blocked"
        >
          {t('profile.actions.delete')}
        </Button>
        <Typography id="delete-blocked" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t(`profile.actions.delete_blocked_${profile.deletion_blocked}`)}
        </Typography>
      </>
    );
  return (
    <>
      <Button color="error" variant="outlined" startIcon={<DeleteOutline />} onClick={() => setOpen(true)}>
        {t('profile.actions.delete')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('profile.confirm_delete.title')}
        text={
          own
            ? t('profile.confirm_delete.text_own')
            : t('profile.confirm_delete.text_other', { name: profileName(profile) })
        }
        confirmLabel={t('profile.confirm_delete.confirm')}
        destructive
        pending={remove.isPending}
        error={remove.error ? apiErrorText(t, remove.error) : null}
        onConfirm={confirm}
        onClose={() => {
          remove.reset();
          setOpen(false);
        }}
      />
    </>
  );
}
