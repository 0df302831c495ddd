import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GroupSummary } from '@plaza/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useLang } from '../../app/use-lang';
import { apiErrorText } from '../../lib/api-error-text';
import { useJoinOrApply } from './api/groups-list';
import { GroupImage } from './groups-list/group-image';
import { type JoinState, joinState } from './membership-state';

/**
 * The join overlay of a public group: join directly when it is free to join, else request
 * approval. `onJoined` gets a notice text for the page's success snackbar.
 */
export function JoinDialog({
  group,
  onClose,
  onJoined,
}: {
  group: GroupSummary | null;
  onClose: () => void;
  onJoined?: (notice: string) => void;
}) {
  const titleId = useId();
  return (
    <Dialog open={group !== null} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      {group && (
        <JoinContent key={group.id} group={group} onClose={onClose} onJoined={onJoined} titleId={titleId} />
      )}
    </Dialog>
  );
}

function JoinContent({
  group,
  onClose,
  onJoined,
  titleId,
}: {
  group: GroupSummary;
  onClose: () => void;
  onJoined?: (notice: string) => void;
  titleId: string;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const join = useJoinOrApply();
  const [state, setState] = useState<JoinState>(joinState(group));
  const [error, setError] = useState<string | null>(null);
  const offer = state === 'join' || state === 'request';
  // The overlay keeps the list's copy of the group; count the viewer once they joined here.
  const memberCount = group.member_count + (state === 'member' && joinState(group) === 'join' ? 1 : 0);

  const submit = async () => {
    setError(null);
    try {
      const result = await join.mutateAsync({ id: group.id, freeToJoin: state === 'join' });
      const status = result.membership?.status ?? (state === 'join' ? 'accepted' : 'applied');
      setState(status === 'accepted' ? 'member' : 'applied');
      onJoined?.(
        t(status === 'accepted' ? 'groups.notices.joined' : 'groups.notices.requested', { name: group.name }),
      );
    } catch (caught) {
      setError(apiErrorText(t, caught));
    }
  };

  return (
    <>
      <DialogTitle id={titleId}>{group.name}</DialogTitle>
      <DialogContent>
        <GroupImage src={group.image} sx={{ width: '100%', aspectRatio: '16 / 9', borderRadius: 1, mb: 2 }} />
        <Stack direction="row" spacing={1} sx={{ mb: 1.5, flexWrap: 'wrap' }}>
          <Chip size="small" label={t(`groups.kinds.${group.type}.label`)} />
          <Chip size="small" variant="outlined" label={t('groups.card.members', { count: memberCount })} />
        </Stack>
        {group.description && (
          <Typography color="text.secondary" sx={{ mb: 2, whiteSpace: 'pre-line' }}>
            {group.description}
          </Typography>
        )}
        {state === 'request' && <Typography variant="body2">{t('groups.join.request_hint')}</Typography>}
        {!offer && (
          <Alert severity={state === 'member' ? 'success' : 'info'} role="status">
            {t(`groups.join.states.${state}`)}
          </Alert>
        )}
        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} color={offer ? 'inherit' : 'primary'}>
          {t('groups.join.close')}
        </Button>
        {state === 'member' && (
          <Button component={RouterLink} to={`/${lang}/groups/${group.id}`} variant="contained">
            {t('groups.join.open_group')}
          </Button>
        )}
        {offer && (
          <Button variant="contained" onClick={submit} disabled={join.isPending}>
            {t(state === 'join' ? 'groups.join.join' : 'groups.join.request')}
          </Button>
        )}
      </DialogActions>
    </>
  );
}
