import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { Activity, Membership } from '@plaza/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSuccessSnackbar } from '../../components/success-snackbar';
import { ActivityFeedPage } from '../../features/activities/activity-feed-page';
import { applicationsQuery, invitationsQuery } from '../../features/groups/api/groups-list';
import { MembershipDialog } from '../../features/groups/membership-dialog';
import { OccasionsSlider } from '../../features/occasions/occasions-slider';
import { useSession } from '../session';

/** Is this activity an invitation or a join request that can still be answered? */
export function answerableMembership(activity: Activity): 'invite' | 'application' | null {
  if (!activity.membership) return null;
  if (activity.type === 'invite' && activity.membership.status === 'pending') return 'invite';
  if (activity.type === 'application' && activity.membership.status === 'applied') return 'application';
  return null;
}

/**
 * The activity feed composed: the occasions slider when `show_occasions_slider`, and on invitations
 * and join requests a button opening the groups feature's overlay to accept or decline.
 */
export function ActivityFeedRoute() {
  const { t } = useTranslation();
  const { settings } = useSession();
  const [open, setOpen] = useState<Membership | null>(null);
  const { notify, snackbar } = useSuccessSnackbar();
  const invitations = useQuery(invitationsQuery());
  const applications = useQuery(applicationsQuery());
  const find = (activity: Activity): Membership | undefined => {
    const kind = answerableMembership(activity);
    const list =
      kind === 'invite'
        ? invitations.data?.results
        : kind === 'application'
          ? applications.data?.results
          : undefined;
    return list?.find((membership) => membership.membership_id === activity.membership?.id);
  };
  return (
    <>
      <ActivityFeedPage
        top={
          settings.show_occasions_slider ? (
            <Box sx={{ mb: 3 }}>
              <OccasionsSlider />
            </Box>
          ) : undefined
        }
        renderAction={(activity) => {
          const membership = find(activity);
          if (!membership) return null;
          return (
            <Button size="small" variant="outlined" onClick={() => setOpen(membership)}>
              {membership.type === 'invite'
                ? t('activity_feed.view_invitation')
                : t('activity_feed.view_request')}
            </Button>
          );
        }}
      />
      <MembershipDialog membership={open} onClose={() => setOpen(null)} onAnswered={notify} />
      {snackbar}
    </>
  );
}
