import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { Membership, MembershipStatus } from '@plaza/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useLang } from '../../app/use-lang';
import { apiErrorText } from '../../lib/api-error-text';
import { useAnswerMembership } from './api/groups-list';
import { GroupImage } from './groups-list/group-image';
import { canAnswerMembership, membershipHintKey } from './membership-state';

/**
 * The invitation or application overlay (spec 4 "Membership status"): a pending invitation or an
 * open application is accepted or declined here, then the accepted or declined hint is shown; the
 * lists reload. `onAnswered` gets a notice text for the page's success snackbar.
 */
export function MembershipDialog({
  membership,
  onClose,
  onAnswered,
}: {
  membership: Membership | null;
  onClose: () => void;
  onAnswered?: (notice: string) => void;
}) {
  const titleId = useId();
  return (
    <Dialog open={membership !== null} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      {membership && (
        <MembershipContent
          key={membership.membership_id}
          membership={membership}
          onClose={onClose}
          onAnswered={onAnswered}
          titleId={titleId}
        />
      )}
    </Dialog>
  );
}

function MembershipContent({
  membership,
  onClose,
  onAnswered,
  titleId,
}: {
  membership: Membership;
  onClose: () => void;
  onAnswered?: (notice: string) => void;
  titleId: string;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const answer = useAnswerMembership();
  const [status, setStatus] = useState<MembershipStatus>(membership.status);
  const [error, setError] = useState<string | null>(null);
  const other = membership.user_details.combined_name;
  const hint = membershipHintKey(membership.type, status);
  const invite = membership.type === 'invite';

  const respond = async (accept: boolean) => {
    setError(null);
    try {
      await answer.mutateAsync({ membershipId: membership.membership_id, type: membership.type, accept });
      setStatus(accept ? 'accepted' : 'declined');
      const notice = `groups.notices.${invite ? 'invite' : 'application'}_${accept ? 'accepted' : 'declined'}`;
      onAnswered?.(t(notice, { name: invite ? membership.name : other }));
    } catch (caught) {
      setError(apiErrorText(t, caught));
    }
  };

  return (
    <>
      <DialogTitle id={titleId}>{membership.name}</DialogTitle>
      <DialogContent>
        <GroupImage
          src={membership.image}
          sx={{ width: '100%', aspectRatio: '16 / 9', borderRadius: 1, mb: 2 }}
        />
        {membership.description && (
          <Typography color="text.secondary" sx={{ mb: 2, whiteSpace: 'pre-line' }}>
            {membership.description}
          </Typography>
        )}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <Avatar src={membership.user_details.image ?? undefined} alt="" aria-hidden />
          <Typography>
            {t(invite ? 'groups.membership.invite_text' : 'groups.membership.application_text', {
              name: other,
            })}
          </Typography>
        </Box>
        {hint && (
          <Alert severity={status === 'accepted' ? 'success' : 'info'} role="status" sx={{ mt: 2 }}>
            {t(hint, { name: other })}
          </Alert>
        )}
        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {canAnswerMembership(status) ? (
          <>
            <Button onClick={() => respond(false)} disabled={answer.isPending} color="inherit">
              {t('groups.membership.decline')}
            </Button>
            <Button onClick={() => respond(true)} disabled={answer.isPending} variant="contained">
              {t('groups.membership.accept')}
            </Button>
          </>
        ) : (
          <>
            {invite && status === 'accepted' && (
              <Button component={RouterLink} to={`/${lang}/groups/${membership.group_id}`} onClick={onClose}>
                {t('groups.membership.open_group')}
              </Button>
            )}
            <Button onClick={onClose} variant="contained">
              {t('groups.membership.close')}
            </Button>
          </>
        )}
      </DialogActions>
    </>
  );
}
