import { and, desc, eq, like } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inlineCount } from '../../db/inline-count';
import { postFiles, posts, tvDisplayKeys, users } from '../../db/schema';
import { readablePosts } from '../posts';

export type KeyRow = typeof tvDisplayKeys.$inferSelect;

/** Posts every member may read: no group or an open group (never approval or private groups). */
const everyMember = readablePosts('every_member');

const author = {
  firstname: users.firstname,
  lastname: users.lastname,
  img_path: users.img_path,
};

/** Queries of the TV feed (posts every member may read) and on the display keys. */
export const tvRepo = {
  /** The latest posts every member may read, newest first, with their author. */
  latestPosts(db: Db, limit: number) {
    return db
      .select({ id: posts.id, description: posts.description, created_at: posts.created_at, ...author })
      .from(posts)
      .leftJoin(users, eq(users.id, posts.author_id))
      .where(everyMember)
      .orderBy(desc(posts.created_at), desc(posts.id))
      .limit(inlineCount(limit));
  },
  /** The latest images of posts every member may read, newest post first, with the post's author. */
  latestImages(db: Db, limit: number) {
    return db
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
      .limit(inlineCount(limit));
  },
  /** An image of a post every member may read, or undefined. */
  async feedImage(db: Db, id: number): Promise<{ path: string; mime_type: string } | undefined> {
    const [row] = await db
      .select({ path: postFiles.path, mime_type: postFiles.mime_type })
      .from(postFiles)
      .innerJoin(posts, eq(posts.id, postFiles.post_id))
      .where(and(eq(postFiles.id, id), like(postFiles.mime_type, 'image/%'), everyMember));
    return row;
  },
  /** Every display key, newest first. */
  keys(db: Db): Promise<KeyRow[]> {
    return db.select().from(tvDisplayKeys).orderBy(desc(tvDisplayKeys.created_at), desc(tvDisplayKeys.id));
  },
  async insertKey(db: Db, values: { name: string; key_hash: string; created_by: number }): Promise<KeyRow> {
    const [row] = await db.insert(tvDisplayKeys).values(values).returning();
    return row!;
  },
  /** Deletes a key; false if there was none. */
  /** Deletes a key; its name, or undefined when there was none. */
  async removeKey(db: Db, id: number): Promise<{ name: string } | undefined> {
    const [removed] = await db
      .delete(tvDisplayKeys)
      .where(eq(tvDisplayKeys.id, id))
      .returning({ name: tvDisplayKeys.name });
    return removed;
  },
  async keyByHash(db: Db, keyHash: string): Promise<KeyRow | undefined> {
    const [row] = await db.select().from(tvDisplayKeys).where(eq(tvDisplayKeys.key_hash, keyHash));
    return row;
  },
  async markKeyUsed(db: Db, id: number, at: Date): Promise<void> {
    await db.update(tvDisplayKeys).set({ last_used_at: at }).where(eq(tvDisplayKeys.id, id));
  },
};
