import Box from '@mui/material/Box';
import type { PageModule } from '@plaza/contract';
import { CoachingsModule, FundraisingWidgetModule, GymPassModule } from './action-modules';
import {
  ProfileTeaserModule,
  ReviewsWidgetModule,
  ShopTeaserModule,
  StreamWidgetModule,
} from './community-modules';
import {
  DataProtectionModule,
  DownloadsModule,
  GalleryModule,
  RichTextModule,
  SubpageNavigationModule,
} from './content-modules';
import {
  ArticleTeaserModule,
  HorizontalTeaserModule,
  TopTeaserModule,
  WebNewsModule,
} from './teaser-modules';

/** The renderer of one module, by its type. */
export function PageModuleView({ module }: { module: PageModule }) {
  switch (module.type) {
    case 'rich_text':
      return <RichTextModule module={module} />;
    case 'gallery':
      return <GalleryModule module={module} />;
    case 'downloads':
      return <DownloadsModule module={module} />;
    case 'subpage_navigation':
      return <SubpageNavigationModule module={module} />;
    case 'article_teaser':
      return <ArticleTeaserModule module={module} />;
    case 'top_teaser':
      return <TopTeaserModule module={module} />;
    case 'horizontal_teaser':
      return <HorizontalTeaserModule module={module} />;
    case 'web_news':
      return <WebNewsModule module={module} />;
    case 'stream_widget':
      return <StreamWidgetModule module={module} />;
    case 'profile_teaser':
      return <ProfileTeaserModule module={module} />;
    case 'reviews_widget':
      return <ReviewsWidgetModule module={module} />;
    case 'shop_teaser':
      return <ShopTeaserModule module={module} />;
    case 'fundraising_widget':
      return <FundraisingWidgetModule module={module} />;
    case 'coachings':
      return <CoachingsModule module={module} />;
    case 'gym_pass':
      return <GymPassModule module={module} />;
    case 'data_protection':
      return <DataProtectionModule module={module} />;
    default:
      // A module type this build does not know yet (a newer server): left out, never a crash.
      return null;
  }
}

/** A page's modules in their order. */
export function PageModules({ modules }: { modules: PageModule[] }) {
  if (modules.length === 0) return null;
  return (
    <Box sx={{ mt: 3 }}>
      {modules.map((module) => (
        <PageModuleView key={module.id} module={module} />
      ))}
    </Box>
  );
}
