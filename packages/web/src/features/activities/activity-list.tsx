import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { Activity } from '@plaza/contract';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ActivityItem } from './activity-item';
import { upToDateDividerIndex } from './divider';

/** A list of activities with the 'up to date' divider after the unread ones (first page only). */
export function ActivityList({
  activities,
  page,
  renderAction,
}: {
  activities: Activity[];
  page: number;
  renderAction?: (activity: Activity) => ReactNode;
}) {
  const { t } = useTranslation();
  const divider = upToDateDividerIndex(activities, page);
  const line = (
    <Box component="li" sx={{ py: 1 }}>
      <Divider role="separator" aria-label={t('activity_feed.up_to_date')}>
        <Typography variant="caption" color="text.secondary">
          {t('activity_feed.up_to_date')}
        </Typography>
      </Divider>
    </Box>
  );
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {activities.map((activity, index) => (
        <Fragment key={activity.id}>
          {divider === index && line}
          <ActivityItem activity={activity} action={renderAction?.(activity)} />
        </Fragment>
      ))}
      {divider === activities.length && line}
    </Box>
  );
}
