import { buildPagination, type PageQuery, type Post } from '@plaza/contract';
import type { Db } from '../../db/client';
import { notFound } from '../../platform/errors';
import type { SessionUser } from '../../platform/request-context';
import { presentPost } from './presenter';
import { type PostScope, type PostStreamRow, postsRepo } from './repo';
import { readerOf } from './visibility-sql';

/** Presents post rows with their files and mentions, loaded for all rows at once. */
export async function presentPostRows(
  db: Db,
  rows: PostStreamRow[],
  viewer: SessionUser | null,
): Promise<Post[]> {
  const ids = rows.map((row) => row.id);
  const [files, mentions] = await Promise.all([postsRepo.filesOf(db, ids), postsRepo.mentionsOf(db, ids)]);
  return rows.map((row) =>
    presentPost(
      row,
      {
        files: files.filter((file) => file.post_id === row.id),
        mentions: mentions.filter((mention) => mention.post_id === row.id),
      },
      viewer,
    ),
  );
}

/** A page of the posts of a scope that the member may read, newest first. */
export async function postPage(db: Db, user: SessionUser, scope: PostScope, { page, per_page }: PageQuery) {
  const reader = readerOf(user);
  const [rows, total] = await Promise.all([
    postsRepo.page(db, reader, scope, per_page, (page - 1) * per_page),
    postsRepo.count(db, reader, scope),
  ]);
  return {
    results: await presentPostRows(db, rows, user),
    pagination: buildPagination(page, per_page, total),
  };
}

/** One post the member may read; a post they may not read is "not found", like a missing one. */
export async function readablePost(db: Db, user: SessionUser, id: number): Promise<Post> {
  const [post] = await presentPostRows(db, [await readablePostRow(db, user, id)], user);
  return post!;
}

/** The row of one post the member may read (for the post policy); "not found" like `readablePost`. */
export async function readablePostRow(db: Db, user: SessionUser, id: number): Promise<PostStreamRow> {
  const [row] = await postsRepo.byIds(db, readerOf(user), [id]);
  if (!row) throw notFound('The post');
  return row;
}
