import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import type { Group } from '@plaza/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { apiErrorText } from '../../../lib/api-error-text';
import { useJoinOrApply } from '../api/groups-list';

/** What a non-member sees on a public group: join (open), apply (approval), or where their request stands. */
export function JoinCall({ group }: { group: Group }) {
  const { t } = useTranslation();
  const { lang } = useParams();
  const join = useJoinOrApply();
  const status = group.membership?.status;
  if (status === 'accepted' || group.type === 'private') return null;
  if (status === 'applied') {
    return (
      <Alert severity="info" sx={{ mb: 3 }}>
        {t('group_page.join.applied')}
      </Alert>
    );
  }
  if (status === 'pending') {
    return (
      <Alert severity="info" sx={{ mb: 3 }}>
        {t('group_page.join.invited')}{' '}
        <Link component={RouterLink} to={`/${lang}/groups`}>
          {t('group_page.join.to_groups')}
        </Link>
      </Alert>
    );
  }
  const approval = group.type === 'approval';
  return (
    <Alert
      severity="info"
      sx={{ mb: 3, alignItems: 'center' }}
      action={
        <Button
          variant="contained"
          size="small"
          onClick={() => join.mutate({ id: group.id, freeToJoin: !approval })}
          disabled={join.isPending}
        >
          {approval ? t('group_page.join.apply') : t('group_page.join.join')}
        </Button>
      }
    >
      {approval ? t('group_page.join.apply_text') : t('group_page.join.join_text')}
      {join.isError && <div role="alert">{apiErrorText(t, join.error)}</div>}
    </Alert>
  );
}
