import type { ReactionTargetType } from '@plaza/contract';
import { and, asc, desc, eq, getTableName, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inlineCount } from '../../db/inline-count';
import { preparedQuery } from '../../db/prepared-query';
import { comments, likes, pages, posts, users } from '../../db/schema';

export type CommentRow = typeof comments.$inferSelect;

const ofTarget = (table: typeof comments | typeof likes, type: ReactionTargetType, id: number) =>
  and(eq(table.target_type, type), eq(table.target_id, id));

const commentFields = {
  id: comments.id,
  target_type: comments.target_type,
  target_id: comments.target_id,
  author_id: comments.author_id,
  text: comments.text,
  created_at: comments.created_at,
  author_firstname: users.firstname,
  author_lastname: users.lastname,
  author_img: users.img_path,
};
/** A comment with its writer's name and picture. */
export type CommentWithAuthor = CommentRow & {
  author_firstname: string;
  author_lastname: string;
  author_img: string | null;
};

/** The rows whose counters hold each target type's likes and comments (news are articles: pages). */
const counted = { post: posts, news: pages } satisfies Record<
  ReactionTargetType,
  typeof posts | typeof pages
>;

/** Queries on comments and likes of one target. */
export const reactionsRepo = {
  async comments(
    db: Db,
    type: ReactionTargetType,
    id: number,
    limit: number,
    offset: number,
  ): Promise<CommentWithAuthor[]> {
    return (await db
      .select(commentFields)
      .from(comments)
      .innerJoin(users, eq(users.id, comments.author_id))
      .where(ofTarget(comments, type, id))
      .orderBy(asc(comments.created_at), asc(comments.id))
      .limit(inlineCount(limit))
      .offset(offset)) as CommentWithAuthor[];
  },
  /** How many comments the item has: its counter, kept by a trigger with every comment written or removed. */
  async countComments(db: Db, type: ReactionTargetType, id: number): Promise<number> {
    const table = counted[type];
    const query = preparedQuery(db, `comment_count_${type}`, (name) =>
      db
        .select({ n: table.comment_count })
        .from(table)
        .where(eq(table.id, sql.placeholder('id')))
        .prepare(name),
    );
    const [row] = await query.execute({ id });
    return row?.n ?? 0;
  },
  async comment(db: Db, commentId: number): Promise<CommentWithAuthor | undefined> {
    const [row] = await db
      .select(commentFields)
      .from(comments)
      .innerJoin(users, eq(users.id, comments.author_id))
      .where(eq(comments.id, commentId));
    return row as CommentWithAuthor | undefined;
  },
  async insertComment(db: Db, values: typeof comments.$inferInsert): Promise<CommentRow> {
    const [row] = await db.insert(comments).values(values).returning();
    return row!;
  },
  async updateComment(db: Db, commentId: number, text: string): Promise<void> {
    await db.update(comments).set({ text }).where(eq(comments.id, commentId));
  },
  async removeComment(db: Db, commentId: number): Promise<void> {
    await db.delete(comments).where(eq(comments.id, commentId));
  },
  async likers(db: Db, type: ReactionTargetType, id: number, limit: number, offset: number) {
    return db
      .select({ id: users.id, firstname: users.firstname, lastname: users.lastname, img: users.img_path })
      .from(likes)
      .innerJoin(users, eq(users.id, likes.user_id))
      .where(ofTarget(likes, type, id))
      .orderBy(desc(likes.created_at), desc(likes.id))
      .limit(inlineCount(limit))
      .offset(offset);
  },
  /**
   * How many likes the item has (its counter, kept by a trigger with every like added or removed) and
   * whether the member's is among them (one probe of the unique like index), not a count of every like.
   */
  async likeState(db: Db, type: ReactionTargetType, id: number, userId: number) {
    const table = counted[type];
    const query = preparedQuery(db, `like_state_${type}`, (name) =>
      db
        .select({
          count: table.like_count,
          // Qualified by hand: in a query on one table drizzle writes its columns unqualified, and `id`
          // inside the sub-select would be the like's.
          mine: sql<boolean>`exists (select 1 from ${likes} l where l.target_type = ${type} and l.target_id = ${sql.identifier(getTableName(table))}.id and l.user_id = ${sql.placeholder('user')})`,
        })
        .from(table)
        .where(eq(table.id, sql.placeholder('id')))
        .prepare(name),
    );
    const [row] = await query.execute({ id, user: userId });
    return { count: row?.count ?? 0, liked_by_me: row?.mine ?? false };
  },
  /** Adds a like; returns whether it is new. */
  async like(db: Db, type: ReactionTargetType, id: number, userId: number): Promise<boolean> {
    const rows = await db
      .insert(likes)
      .values({ target_type: type, target_id: id, user_id: userId })
      .onConflictDoNothing()
      .returning({ id: likes.id });
    return rows.length > 0;
  },
  async unlike(db: Db, type: ReactionTargetType, id: number, userId: number): Promise<void> {
    await db.delete(likes).where(and(ofTarget(likes, type, id), eq(likes.user_id, userId)));
  },
};
