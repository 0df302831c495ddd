import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { files, groups, images, topics, users } from '../../db/schema';

export type TopicRow = typeof topics.$inferSelect;
export type NewTopicRow = typeof topics.$inferInsert;

const author = alias(users, 'author');
const groupImage = alias(images, 'group_image');

const detailFields = {
  topic: topics,
  image_path: images.path,
  group_name: groups.name,
  group_image_path: groupImage.path,
  author_firstname: author.firstname,
  author_lastname: author.lastname,
  author_img: author.img_path,
};

/** A topic (or suggestion) with its image, group and author. */
export interface TopicDetailRow {
  topic: TopicRow;
  image_path: string | null;
  group_name: string;
  group_image_path: string | null;
  author_firstname: string | null;
  author_lastname: string | null;
  author_img: string | null;
}

function detailQuery(db: Db) {
  return db
    .select(detailFields)
    .from(topics)
    .innerJoin(groups, eq(groups.id, topics.group_id))
    .leftJoin(images, eq(images.id, topics.image_id))
    .leftJoin(groupImage, eq(groupImage.id, groups.image_id))
    .leftJoin(author, eq(author.id, topics.author_id))
    .$dynamic();
}

/** Queries on topics and topic suggestions. */
export const topicsRepo = {
  async byId(db: Db, id: number): Promise<TopicRow | undefined> {
    const [row] = await db.select().from(topics).where(eq(topics.id, id));
    return row;
  },
  async detail(db: Db, id: number): Promise<TopicDetailRow | undefined> {
    const [row] = await detailQuery(db).where(eq(topics.id, id));
    return row;
  },
  async insert(db: Db, values: NewTopicRow): Promise<number> {
    const [row] = await db.insert(topics).values(values).returning({ id: topics.id });
    return row!.id;
  },
  async update(db: Db, id: number, values: Partial<NewTopicRow>): Promise<void> {
    await db
      .update(topics)
      .set({ ...values, updated_at: new Date() })
      .where(eq(topics.id, id));
  },
  /** Turns a suggestion into an active topic dated now; false when it is no longer a suggestion. */
  async activate(db: Db, id: number): Promise<boolean> {
    const now = new Date();
    const rows = await db
      .update(topics)
      .set({ status: 'active', created_at: now, updated_at: now })
      .where(and(eq(topics.id, id), eq(topics.status, 'suggested')))
      .returning({ id: topics.id });
    return rows.length > 0;
  },
  /** Deletes a topic with its files rows and returns the stored paths of its files, for removal from disk. */
  async remove(db: Db, id: number): Promise<string[]> {
    return db.transaction(async (tx) => {
      const removed = await tx.delete(files).where(eq(files.topic_id, id)).returning({ path: files.path });
      await tx.delete(topics).where(eq(topics.id, id));
      return removed.map((row) => row.path);
    });
  },
  /** Deletes a suggestion; false when it is no longer a suggestion. */
  async removeSuggestion(db: Db, id: number): Promise<boolean> {
    const rows = await db
      .delete(topics)
      .where(and(eq(topics.id, id), eq(topics.status, 'suggested')))
      .returning({ id: topics.id });
    return rows.length > 0;
  },
  /** Number of open suggestions in a group. */
  async countSuggestions(db: Db, groupId: number): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(topics)
      .where(and(eq(topics.group_id, groupId), eq(topics.status, 'suggested')));
    return row?.n ?? 0;
  },
  /** Open suggestions in the given groups, oldest first. */
  async suggestionsIn(db: Db, groupIds: readonly number[]): Promise<TopicDetailRow[]> {
    if (groupIds.length === 0) return [];
    return detailQuery(db)
      .where(and(eq(topics.status, 'suggested'), inArray(topics.group_id, [...groupIds])))
      .orderBy(asc(topics.created_at), asc(topics.id));
  },
};
