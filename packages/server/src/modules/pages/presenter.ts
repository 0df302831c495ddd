import type { Locale, Page, PageDraft, PageModule, PageType, StoredPageModule } from '@plaza/contract';
import { imageUrl } from '../uploads';
import type { PageRow } from './repo';

/** What a reader sees of a page: its published columns or its draft. */
export interface PageDocument {
  type: PageType;
  title: string;
  teaser: string;
  content: string;
  visibility: PageDraft['visibility'];
  comments_allowed: boolean;
  likes_allowed: boolean;
  share_options: PageDraft['share_options'];
  modules: StoredPageModule[];
}

/** The published version, title and content in `locale` when the page has that translation. */
export function publishedDocument(row: PageRow, locale: Locale | null): PageDocument {
  const translated = locale ? row.translations[locale] : undefined;
  return {
    type: row.type,
    title: translated?.title ?? row.title,
    teaser: row.teaser,
    content: translated?.content ?? row.content,
    visibility: row.visibility,
    comments_allowed: row.comments_allowed,
    likes_allowed: row.likes_allowed,
    share_options: row.share_options ?? null,
    modules: row.modules,
  };
}

/** The version the editor is working on (the published one while there is no draft). */
export function draftDocument(row: PageRow): PageDocument {
  if (!row.draft) return publishedDocument(row, null);
  return { ...row.draft, content: row.content };
}

/** Image addresses of a page's uploads, by image id. */
export type ImageAddresses = ReadonlyMap<number, string>;

export function presentShareCard(document: PageDocument, images: ImageAddresses): Page['share_options'] {
  const share = document.share_options;
  if (!share) return null;
  return {
    title: share.title,
    description: share.description ?? null,
    image: share.image_id ? (images.get(share.image_id) ?? null) : null,
  };
}

export function imageAddresses(rows: { id: number; path: string }[]): ImageAddresses {
  return new Map(rows.map((row) => [row.id, imageUrl(row.path)!]));
}

/** A page as the contract names it. */
export function presentPage(
  row: PageRow,
  document: PageDocument,
  view: {
    modules: PageModule[];
    limited: boolean;
    preview: boolean;
    likedByMe: boolean;
    images: ImageAddresses;
  },
): Page {
  return {
    id: row.id,
    type: document.type,
    meta: { type: document.type },
    title: document.title,
    teaser: view.limited ? '' : document.teaser,
    content: view.limited ? '' : document.content,
    visibility: document.visibility,
    comments_allowed: document.comments_allowed,
    likes_allowed: document.likes_allowed,
    likes_count: row.like_count,
    comments_count: row.comment_count,
    liked_by_me: view.likedByMe,
    share_options: presentShareCard(document, view.images),
    modules: view.limited ? [] : view.modules,
    limited: view.limited,
    preview: view.preview,
    updated_at: row.updated_at.toISOString(),
  };
}
