import { type Locale, postPath, type TvPost, tvFeedSize } from '@plaza/contract';
import type { Db } from '../../db/client';
import { notFound } from '../../platform/errors';
import { sanitizeRichText } from '../../platform/html-sanitizer';
import type { ObjectStore } from '../../platform/storage';
import { personName } from '../posts';
import { tvRepo } from './repo';

export interface FeedContext {
  db: Db;
  publicUrl: string;
  locale: Locale;
  key: string;
}

/**
 * The TV feed: the latest posts and post images every member may see, newest first, at most
 * `tvFeedSize` slides. Post slides carry sanitised HTML; image slides their address for this key.
 */
export async function tvFeed({ db, publicUrl, locale, key }: FeedContext): Promise<{ results: TvPost[] }> {
  const latestPosts = await tvRepo.latestPosts(db, tvFeedSize);
  const latestImages = await tvRepo.latestImages(db, tvFeedSize);
  const link = (postId: number) => `${publicUrl}/${locale}${postPath(postId)}`;
  const person = (row: { firstname: string | null; lastname: string | null; img_path: string | null }) => ({
    name: personName(row, '—'),
    // users.img_path already holds the served address of the avatar crop.
    avatar: row.img_path,
  });
  const slides: (TvPost & { at: number })[] = [
    ...latestPosts.map((row) => ({
      id: `post-${row.id}`,
      content: sanitizeRichText(row.description),
      author: person(row),
      created_at: row.created_at.toISOString(),
      mimetype: 'text/html',
      link: link(row.id),
      image: null,
      at: row.created_at.getTime(),
    })),
    ...latestImages.map((row) => ({
      id: `image-${row.id}`,
      content: '',
      author: person(row),
      created_at: row.created_at.toISOString(),
      mimetype: row.mime_type,
      link: link(row.post_id!),
      image: `/api/v2/tv/images/${row.id}?key=${encodeURIComponent(key)}`,
      // An image follows its post's slide.
      at: row.created_at.getTime() - 1,
    })),
  ];
  slides.sort((a, b) => b.at - a.at);
  return { results: slides.slice(0, tvFeedSize).map(({ at: _at, ...slide }) => slide) };
}

/** Opens an image of a post in the feed (every member may read the post); 404 otherwise. */
export async function openTvImage(db: Db, storage: ObjectStore, id: number) {
  const row = await tvRepo.feedImage(db, id);
  if (!row) throw notFound('The image');
  const object = await storage.get(row.path);
  if (!object) throw notFound('The image');
  return { stream: object.body, size: object.size, mimeType: row.mime_type };
}
