import Box from '@mui/material/Box';
import { LatestActivities } from '../../features/activities/latest-activities';
import { DashboardPage } from '../../features/dashboard/dashboard-page';
import { NewsStream } from '../../features/news/news-stream';
import { OccasionsSlider } from '../../features/occasions/occasions-slider';
import { LazyCreatePostBox } from '../../features/posts/lazy-create-post-box';
import { PostCard } from '../../features/posts/post-card';
import { useSession } from '../session';

/** The dashboard composed: occasions (when `show_occasions_slider`), the create-post box, the news stream with the latest activities beside it. */
export default function DashboardView() {
  const { settings } = useSession();
  return (
    <DashboardPage>
      {settings.show_occasions_slider && (
        <Box sx={{ mb: 3 }}>
          <OccasionsSlider />
        </Box>
      )}
      <LazyCreatePostBox />
      <NewsStream renderPost={(post) => <PostCard post={post} />} aside={<LatestActivities />} />
    </DashboardPage>
  );
}
