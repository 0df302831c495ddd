import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { Activity } from '@plaza/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UrlPagination, usePageParam } from '../../components/pagination';
import { apiErrorText } from '../../lib/api-error-text';
import { activitiesQuery } from './activities-api';
import { ActivityList } from './activity-list';

/**
 * The activity feed `/{lang}/activity_feed?page=N`: newest first with the 'up to date' divider, paged
 * by the `page` query; new activities arrive live (the shell refreshes `['activities']` on every
 * NotificationChannel push). `top` is shown above the list (the occasions slider), `renderAction` adds
 * the invitation and request buttons (composed by the app page).
 */
export function ActivityFeedPage({
  top,
  renderAction,
}: {
  top?: ReactNode;
  renderAction?: (activity: Activity) => ReactNode;
}) {
  const { t } = useTranslation();
  const page = usePageParam();
  const feed = useQuery(activitiesQuery(page));
  return (
    <>
      <Typography variant="h1" gutterBottom>
        {t('activity_feed.title')}
      </Typography>
      {/* What the feed holds: others' doings that concern the member, never the member's own. */}
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: '70ch' }}>
        {t('activity_feed.intro')}
      </Typography>
      {top}
      <Box component="section" aria-label={t('activity_feed.list_label')}>
        {feed.isPending && <CircularProgress aria-label={t('activity_feed.loading')} />}
        {feed.isError && <Alert severity="error">{apiErrorText(t, feed.error)}</Alert>}
        {feed.data && feed.data.results.length === 0 && (
          <Typography color="text.secondary">{t('activity_feed.empty')}</Typography>
        )}
        {feed.data && feed.data.results.length > 0 && (
          <ActivityList activities={feed.data.results} page={page} renderAction={renderAction} />
        )}
        {/* No total (a stream's pages): the links reach up to the next page while one follows. */}
        <UrlPagination count={feed.data ? (feed.data.pagination.next ?? feed.data.pagination.self) : 1} />
      </Box>
    </>
  );
}
