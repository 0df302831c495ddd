import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useLang } from '../../app/use-lang';
import { activitiesQuery } from './activities-api';
import { ActivityList } from './activity-list';

/**
 * The newest activities for the dashboard (`count` of them), live like the feed, with a link to the
 * whole feed. A preview: it leaves them unread, so the bell still leads to the feed.
 */
export function LatestActivities({ count }: { count: number }) {
  const { t } = useTranslation();
  const lang = useLang();
  const feed = useQuery(activitiesQuery(1, count, false));
  return (
    <Box component="section" aria-labelledby="latest-activities" sx={{ mb: 3 }}>
      <Typography id="latest-activities" variant="h2" sx={{ fontSize: '1.125rem', mb: 1 }}>
        {t('activity_feed.latest')}
      </Typography>
      {feed.data && feed.data.results.length === 0 && (
        <Typography color="text.secondary">{t('activity_feed.empty')}</Typography>
      )}
      {feed.data && feed.data.results.length > 0 && <ActivityList activities={feed.data.results} page={1} />}
      <Link component={RouterLink} to={`/${lang}/activity_feed`} sx={{ display: 'inline-block', mt: 1 }}>
        {t('activity_feed.show_all')}
      </Link>
    </Box>
  );
}
