import { HtmlForm } from './html-form';
import { type ModuleFormProps, OptionalTitle } from './module-form-parts';
import { ProfilesForm, SubpagesForm } from './reference-forms';
import { ArticleTeaserForm, CategoryField, StreamWidgetForm } from './teaser-forms';
import { DownloadsForm, GalleryForm } from './upload-forms';
import { CoachingsForm, FundraisingForm, GymPassForm } from './widget-forms';

/** The form of a module of any type. */
export function ModuleForm(props: ModuleFormProps) {
  switch (props.type) {
    case 'rich_text':
    case 'data_protection':
      return <HtmlForm {...props} />;
    case 'gallery':
      return <GalleryForm {...props} />;
    case 'downloads':
      return <DownloadsForm {...props} />;
    case 'subpage_navigation':
      return <SubpagesForm {...props} />;
    case 'article_teaser':
      return <ArticleTeaserForm {...props} />;
    case 'top_teaser':
      return <CategoryField {...props} />;
    case 'horizontal_teaser':
    case 'web_news':
      return (
        <>
          <OptionalTitle {...props} />
          <CategoryField {...props} />
        </>
      );
    case 'stream_widget':
      return <StreamWidgetForm {...props} />;
    case 'profile_teaser':
      return <ProfilesForm {...props} />;
    case 'reviews_widget':
    case 'shop_teaser':
      return <OptionalTitle {...props} />;
    case 'fundraising_widget':
      return <FundraisingForm {...props} />;
    case 'coachings':
      return <CoachingsForm {...props} />;
    case 'gym_pass':
      return <GymPassForm {...props} />;
  }
}
