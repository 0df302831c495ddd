import {
  type Locale,
  limits,
  newsTeasers,
  type PageModule,
  pageFileLink,
  type Settings,
  type StoredPageModule,
} from '@plaza/contract';
import type { Db } from '../../db/client';
import type { ColumnRead } from '../../db/column-read';
import type { SessionUser } from '../../platform/request-context';
import { combinedName } from '../groups';
import { teaserArticlesRead } from '../news';
import { postPageRead } from '../posts';
import { getSettings } from '../settings';
import { imageUrl } from '../uploads';
import { isFieldIncluded } from '../users';
import { type PageReferences, pagesRepo } from './repo';

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

/** What a page's modules need looked up: the ids of each list, and each module's own read or value. */
export interface ReferencePlan {
  context: ReadContext;
  modules: StoredPageModule[];
  wanted: { images: number[]; files: number[]; pages: number[]; members: number[] };
  lookups: (ColumnRead<object> | { value: object })[];
}

/** The reads of a plan, as columns of the statement that looks them up (`pagesRepo.references`). */
export function readsOf(plan: ReferencePlan): ColumnRead<object>[] {
  return plan.lookups.filter((lookup): lookup is ColumnRead<object> => 'sql' in lookup);
}

/**
 * What the modules refer to, to be looked up in one statement (`pagesRepo.references`): all galleries'
 * images, all downloads' files, all subpages and all profile teasers' members, and each teaser's and
 * stream's read as a column of it (bounded by the module limit). A visitor gets no members and no posts.
 */
export function planReferences(db: Db, context: ReadContext, modules: StoredPageModule[]): ReferencePlan {
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
    if (module.type === 'profile_teaser' && context.reader)
      for (const id of module.data.user_ids) wanted.members.add(id);
  }
  return {
    context,
    modules,
    wanted: {
      images: [...wanted.images],
      files: [...wanted.files],
      pages: [...wanted.pages],
      members: [...wanted.members],
    },
    lookups: modules.map((module) => lookups(db, context, module)),
  };
}

/** The modules with what they refer to, looked up in one statement. */
export async function withReferences(
  db: Db,
  context: ReadContext,
  modules: StoredPageModule[],
): Promise<PageModule[]> {
  const plan = planReferences(db, context, modules);
  const { pageId, reader, now } = context;
  return assembleReferences(
    plan,
    await pagesRepo.references(db, { pageId, reader, now, ...plan.wanted }, readsOf(plan)),
    await getSettings(db),
  );
}

/** The modules of a plan with what its statement found for them. */
export function assembleReferences(
  plan: ReferencePlan,
  references: PageReferences & { reads: unknown[] },
  settings: Settings,
): PageModule[] {
  const { modules } = plan;
  const { pageId, locale } = plan.context;
  const reads = readsOf(plan);
  const { images, files, titles: subpages, members } = references;
  const readValues = new Map(reads.map((read, index) => [read, read.read(references.reads[index])]));
  const crossReferences = plan.lookups.map((lookup) =>
    'sql' in lookup ? readValues.get(lookup as ColumnRead<object>) : lookup.value,
  );
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
        return { ...module, cross_references: crossReferences[index] } as PageModule;
    }
  });
}

/**
 * The references a module looks up on its own: a read of the page's statement (teasers, stream), or a
 * value it knows without one.
 */
function lookups(
  db: Db,
  { reader, locale }: ReadContext,
  module: StoredPageModule,
): ColumnRead<object> | { value: object } {
  const articles = (only: { featured?: boolean; categoryId?: number | null }, limit: number, more = {}) => {
    const read = teaserArticlesRead(db, reader, locale, only, limit);
    return { ...read, read: (value: unknown) => ({ articles: read.read(value), ...more }) };
  };
  switch (module.type) {
    case 'article_teaser':
      return articles({ categoryId: module.data.category_id }, module.data.max);
    case 'top_teaser':
      return articles({ featured: true, categoryId: module.data.category_id }, newsTeasers.topTeaserMax, {
        sliderInterval: newsTeasers.topTeaserIntervalMs,
      });
    case 'horizontal_teaser':
      return articles({ categoryId: module.data.category_id }, limits.horizontalTeaserMax);
    case 'web_news':
      return articles({ categoryId: module.data.category_id }, limits.webNewsMax);
    case 'stream_widget': {
      if (!reader) return { value: { posts: [] } satisfies References<'stream_widget'> };
      const scope = module.data.group_id ? { groupId: module.data.group_id } : {};
      const read = postPageRead(reader, scope, module.data.max);
      return {
        ...read,
        read: (value) => ({ posts: read.read(value) }) satisfies References<'stream_widget'>,
      };
    }
    case 'reviews_widget':
      return { value: { ratings: [] } satisfies References<'reviews_widget'> };
    case 'shop_teaser':
      return { value: { items: [] } satisfies References<'shop_teaser'> };
    default:
      return { value: {} };
  }
}
