import {
  type Locale,
  limits,
  newsTeasers,
  type PageModule,
  pageFileLink,
  type StoredPageModule,
} from '@plaza/contract';
import type { Db } from '../../db/client';
import type { SessionUser } from '../../platform/request-context';
import { combinedName } from '../groups';
import { teaserArticles } from '../news';
import { postPage } from '../posts';
import { getSettings } from '../settings';
import { imageUrl } from '../uploads';
import { isFieldIncluded } from '../users';
import { pagesRepo } from './repo';

/** Who reads a page, where and when: references are looked up with their rights. */
export interface ReadContext {
  pageId: number;
  reader: SessionUser | null;
  locale: Locale;
  now: Date;
}

type References<T extends PageModule['type']> = Extract<PageModule, { type: T }>['cross_references'];

/** A page title in the reader's language when translated. */
export function localTitle(
  row: { title: string; translations: Partial<Record<Locale, { title: string }>> },
  locale: Locale,
) {
  return row.translations[locale]?.title ?? row.title;
}

/**
 * Looks up what the modules refer to, batched: one query each for all galleries' images, all
 * downloads' files, all subpages and all profile teasers' members; one per teaser and stream module
 * (bounded by the module limit). A visitor gets no members and no posts.
 */
export async function withReferences(
  db: Db,
  context: ReadContext,
  modules: StoredPageModule[],
): Promise<PageModule[]> {
  const { pageId, reader, locale, now } = context;
  const wanted = {
    images: new Set<number>(),
    files: new Set<number>(),
    pages: new Set<number>(),
    members: new Set<number>(),
  };
  for (const module of modules) {
    if (module.type === 'gallery') for (const image of module.data.images) wanted.images.add(image.image_id);
    if (module.type === 'downloads') for (const file of module.data.files) wanted.files.add(file.file_id);
    if (module.type === 'subpage_navigation') for (const id of module.data.page_ids) wanted.pages.add(id);
    if (module.type === 'profile_teaser' && reader)
      for (const id of module.data.user_ids) wanted.members.add(id);
  }
  const [images, files, subpages, members, settings, perModule] = await Promise.all([
    pagesRepo.imagesOf(db, pageId, [...wanted.images]),
    pagesRepo.filesOf(db, pageId, [...wanted.files]),
    pagesRepo.readableTitles(db, reader, [...wanted.pages], now),
    pagesRepo.members(db, [...wanted.members]),
    getSettings(db),
    Promise.all(modules.map((module) => lookups(db, context, module))),
  ]);
  return modules.map((module, index): PageModule => {
    switch (module.type) {
      case 'gallery':
        return {
          ...module,
          cross_references: {
            images: module.data.images.flatMap((entry) => {
              const image = images.find((row) => row.id === entry.image_id);
              return image
                ? [
                    {
                      image_id: image.id,
                      url: imageUrl(image.path)!,
                      width: image.width,
                      height: image.height,
                      caption: entry.caption ?? null,
                    },
                  ]
                : [];
            }),
          },
        };
      case 'downloads':
        return {
          ...module,
          cross_references: {
            files: module.data.files.flatMap((entry) => {
              const file = files.find((row) => row.id === entry.file_id);
              return file
                ? [
                    {
                      file_id: file.id,
                      title: entry.title,
                      type: file.mime_type,
                      size: file.size,
                      linkToDownload: pageFileLink(pageId, file.id),
                    },
                  ]
                : [];
            }),
          },
        };
      case 'subpage_navigation':
        return {
          ...module,
          cross_references: {
            pages: module.data.page_ids.flatMap((id) => {
              const page = subpages.find((row) => row.id === id);
              return page ? [{ id, title: localTitle(page, locale) }] : [];
            }),
          },
        };
      case 'profile_teaser':
        return {
          ...module,
          cross_references: {
            members: module.data.user_ids.flatMap((id) => {
              const member = members.find((row) => row.id === id);
              return member
                ? [
                    {
                      id,
                      combined_name: combinedName(member),
                      img_path: member.img_path,
                      position: isFieldIncluded(settings, 'position') ? member.position : null,
                    },
                  ]
                : [];
            }),
          },
        };
      default:
        return { ...module, cross_references: perModule[index] } as PageModule;
    }
  });
}

/** The references a module looks up on its own (teasers, stream), or none. */
async function lookups(db: Db, { reader, locale }: ReadContext, module: StoredPageModule): Promise<object> {
  switch (module.type) {
    case 'article_teaser':
      return {
        articles: await teaserArticles(
          db,
          reader,
          locale,
          { categoryId: module.data.category_id },
          module.data.max,
        ),
      } satisfies References<'article_teaser'>;
    case 'top_teaser':
      return {
        articles: await teaserArticles(
          db,
          reader,
          locale,
          { featured: true, categoryId: module.data.category_id },
          newsTeasers.topTeaserMax,
        ),
        sliderInterval: newsTeasers.topTeaserIntervalMs,
      } satisfies References<'top_teaser'>;
    case 'horizontal_teaser':
      return {
        articles: await teaserArticles(
          db,
          reader,
          locale,
          { categoryId: module.data.category_id },
          limits.horizontalTeaserMax,
        ),
      } satisfies References<'horizontal_teaser'>;
    case 'web_news':
      return {
        articles: await teaserArticles(
          db,
          reader,
          locale,
          { categoryId: module.data.category_id },
          limits.webNewsMax,
        ),
      } satisfies References<'web_news'>;
    case 'stream_widget': {
      if (!reader) return { posts: [] } satisfies References<'stream_widget'>;
      const scope = module.data.group_id ? { groupId: module.data.group_id } : {};
      const page = await postPage(db, reader, scope, { page: 1, per_page: module.data.max });
      return { posts: page.results } satisfies References<'stream_widget'>;
    }
    case 'reviews_widget':
      return { ratings: [] } satisfies References<'reviews_widget'>;
    case 'shop_teaser':
      return { items: [] } satisfies References<'shop_teaser'>;
    default:
      return {};
  }
}
