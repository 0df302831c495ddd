import Box from '@mui/material/Box';
import type { Post } from '@plaza/contract';
import { LatestActivities } from '../../features/activities/latest-activities';
import { DashboardPage } from '../../features/dashboard/dashboard-page';
import { NewsStream } from '../../features/news/news-stream';
import { OccasionsSlider } from '../../features/occasions/occasions-slider';
import { LazyCreatePostBox } from '../../features/posts/lazy-create-post-box';
import { PostCard } from '../../features/posts/post-card';
import { useIsMobile } from '../../lib/use-is-mobile';
import { useSession } from '../session';
import { dashboardActivityCount } from './dashboard-data';

/**
 * The dashboard composed. Wide: occasions (when `show_occasions_slider`), the collapsed create-post
 * box, the news stream with its teasers and the latest activities beside it. Phones put the feed near
 * the top: the post box line, the three latest activities, the stream without teasers, occasions last.
 */
export default function DashboardView() {
  const { settings } = useSession();
  const phone = useIsMobile();
  const occasions = settings.show_occasions_slider && (
    <Box sx={{ mb: 3 }}>
      <OccasionsSlider />
    </Box>
  );
  const stream = (post: Post) => <PostCard post={post} />;
  if (phone) {
    return (
      <DashboardPage>
        <LazyCreatePostBox />
        <LatestActivities count={dashboardActivityCount(true)} />
        <NewsStream renderPost={stream} compact />
        {occasions}
      </DashboardPage>
    );
  }
  return (
    <DashboardPage>
      {occasions}
      <LazyCreatePostBox />
      <NewsStream renderPost={stream} aside={<LatestActivities count={dashboardActivityCount(false)} />} />
    </DashboardPage>
  );
}
