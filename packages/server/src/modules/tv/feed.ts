import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { type Locale, postPath, type TvPost, tvFeedSize } from '@plaza/contract';
import { and, desc, eq, like } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { postFiles, posts, users } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { sanitizeRichText } from '../../platform/html-sanitizer';
import { personName, readablePosts } from '../posts';
import { resolveStoredPath } from '../uploads';

/** Posts every member may read: no group or an open group (never approval or private groups). */
const everyMember = readablePosts('every_member');

const author = {
  firstname: users.firstname,
  lastname: users.lastname,
  img_path: users.img_path,
};

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
  const latestPosts = await db
    .select({ id: posts.id, description: posts.description, created_at: posts.created_at, ...author })
    .from(posts)
    .leftJoin(users, eq(users.id, posts.author_id))
    .where(everyMember)
    .orderBy(desc(posts.created_at), desc(posts.id))
    .limit(tvFeedSize);
  const latestImages = await db
    .select({
      id: postFiles.id,
      post_id: postFiles.post_id,
      mime_type: postFiles.mime_type,
      created_at: posts.created_at,
      ...author,
    })
    .from(postFiles)
    .innerJoin(posts, eq(posts.id, postFiles.post_id))
    .leftJoin(users, eq(users.id, posts.author_id))
    .where(and(like(postFiles.mime_type, 'image/%'), everyMember))
    .orderBy(desc(posts.created_at), desc(postFiles.id))
    .limit(tvFeedSize);
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
export async function openTvImage(db: Db, dataDir: string, id: number) {
  const [row] = await db
    .select({ path: postFiles.path, mime_type: postFiles.mime_type })
    .from(postFiles)
    .innerJoin(posts, eq(posts.id, postFiles.post_id))
    .where(and(eq(postFiles.id, id), like(postFiles.mime_type, 'image/%'), everyMember));
  if (!row) throw notFound('The image');
  const absolute = resolveStoredPath(dataDir, row.path);
  const info = await stat(absolute).catch(() => null);
  if (!info?.isFile()) throw notFound('The image');
  return { stream: createReadStream(absolute), size: info.size, mimeType: row.mime_type };
}
