import { buildStreamPagination, type PageQuery, type Post } from '@plaza/contract';
import type { Db } from '../../db/client';
import type { ColumnRead } from '../../db/column-read';
import { notFound } from '../../platform/errors';
import type { SessionUser } from '../../platform/request-context';
import { presentPost } from './presenter';
import { type PostScope, type PostStreamRow, postsRepo } from './repo';
import { readerOf } from './visibility-sql';

/** Presents post rows (their files and mentions come with them) for a viewer. */
export function presentPostRows(rows: PostStreamRow[], viewer: SessionUser | null): Post[] {
  return rows.map((row) => presentPost(row, viewer));
}

/** The newest posts of a scope that the member may read, as a column of another module's statement. */
export function postPageRead(
  user: SessionUser,
  scope: { groupId?: number },
  limit: number,
): ColumnRead<Post[]> {
  return {
    ...postsRepo.pageColumn(readerOf(user), scope, limit),
    values: { viewer: user.id, group: scope.groupId ?? 0, topic: 0 },
    read: (json) => presentPostRows((json as PostStreamJson[]).map(postRowOfJson), user),
  };
}

/** A page of the posts of a scope that the member may read, newest first; no total (see the contract). */
export async function postPage(db: Db, user: SessionUser, scope: PostScope, { page, per_page }: PageQuery) {
  const rows = await postsRepo.page(db, readerOf(user), scope, per_page + 1, (page - 1) * per_page);
  return {
    results: presentPostRows(rows.slice(0, per_page), user),
    pagination: buildStreamPagination(page, per_page, rows.length > per_page),
  };
}

/** One post the member may read; a post they may not read is "not found", like a missing one. */
export async function readablePost(db: Db, user: SessionUser, id: number): Promise<Post> {
  const [post] = presentPostRows([await readablePostRow(db, user, id)], user);
  return post!;
}

/** The row of one post the member may read (for the post policy); "not found" like `readablePost`. */
export async function readablePostRow(db: Db, user: SessionUser, id: number): Promise<PostStreamRow> {
  const [row] = await postsRepo.byIds(db, readerOf(user), [id]);
  if (!row) throw notFound('The post');
  return row;
}

/** A post's stream row as JSON carries it (`postStreamSql`'s `rowJson`): the date as text. */
export type PostStreamJson = Omit<PostStreamRow, 'created_at'> & { created_at: string };

/** A post's stream row as JSON carried it, with its date again. */
export const postRowOfJson = (json: PostStreamJson): PostStreamRow => ({
  ...json,
  created_at: new Date(json.created_at),
});
