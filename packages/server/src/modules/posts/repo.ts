import {
  and,
  asc,
  desc,
  eq,
  inArray,
  isNull,
  notInArray,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import { anyId } from '../../db/any-id';
import type { Db } from '../../db/client';
import type { ColumnRead } from '../../db/column-read';
import { inlineCount, preparedOffset } from '../../db/inline-count';
import { preparedQuery } from '../../db/prepared-query';
import { comments, groups, likes, postFiles, postMentions, posts, topics, users } from '../../db/schema';
import {
  streamAuthor as author,
  postStreamSql,
  preparedReader,
  streamFields,
  streamValues as values,
} from './stream-sql';
import { type MemberReader, type PostReader, readableGroup, readablePosts } from './visibility-sql';

export type PostRow = typeof posts.$inferSelect;
export type NewPostRow = typeof posts.$inferInsert;
export type PostFileRow = typeof postFiles.$inferSelect;
/** Which posts a stream holds (beside the reader's visibility). */
export interface PostScope {
  groupId?: number;
  topicId?: number;
}

/**
 * The posts of a scope the reader may see. A group's or a topic's posts share one group, so the read
 * rule is decided once for that group (`readableGroup`) and the stream walks the group's or the topic's
 * index alone (a post's topic is always one of its group's: posts/service.ts). A topic's posts are only
 * those of an active topic, as `loadTopicAccess` lets a member read only an active topic: the rule is
 * the whole read check, so posts on a page prove the reader may read the stream (news/service.ts).
 */
function scopeCondition(
  reader: PostReader,
  scope: PostScope,
  bound: { group: Placeholder; topic: Placeholder } = values,
): SQL | undefined {
  if (scope.topicId !== undefined) {
    // An active topic's group: a topic that is not active (a suggestion, an archived one) has no stream.
    const topicGroup = sql`(select ${topics.group_id} from ${topics} where ${topics.id} = ${bound.topic} and ${topics.status} = 'active')`;
    return and(
      eq(posts.topic_id, bound.topic),
      sql`${topicGroup} is not null`,
      readableGroup(reader, topicGroup),
      scope.groupId === undefined ? undefined : eq(posts.group_id, bound.group),
    );
  }
  if (scope.groupId !== undefined) {
    return and(eq(posts.group_id, bound.group), readableGroup(reader, bound.group));
  }
  return readablePosts(reader);
}

/** Which of a scope's values its query holds: part of the query's shape. */
const scopeShape = (scope: PostScope) =>
  `${scope.topicId === undefined ? '' : 't'}${scope.groupId === undefined ? '' : 'g'}`;

function selectStream(db: Db) {
  return db
    .select(streamFields(values.viewer))
    .from(posts)
    .leftJoin(author, eq(author.id, posts.author_id))
    .leftJoin(groups, eq(groups.id, posts.group_id))
    .leftJoin(topics, eq(topics.id, posts.topic_id));
}

/** A post with what its presentation needs (author, group, topic, counts, the viewer's state). */
export type PostStreamRow = Awaited<ReturnType<typeof selectStream>>[number];

/**
 * Queries on posts, their files and mentions; every read takes the reader's visibility. The stream reads
 * are prepared once per shape and reader kind.
 */
export const postsRepo = {
  /**
   * Posts of a scope the reader may see, newest first, by index (the offset is bounded by the contract's
   * deepest stream page). Ask for one more than a page to learn whether another follows.
   */
  async page(db: Db, reader: PostReader, scope: PostScope, limit: number, offset: number) {
    const prepared = preparedReader(reader);
    const pageOffset = preparedOffset(offset);
    const query = preparedQuery(
      db,
      `posts_page_${prepared.shape}${scopeShape(scope)}_${limit}_${pageOffset.shape}`,
      (name) => {
        // The page's ids first, from the index alone; the joins and the viewer's subqueries then run for
        // the page's rows only, not for every row the offset skips.
        const pageIds = db
          .select({ id: posts.id })
          .from(posts)
          .where(scopeCondition(prepared.reader, scope))
          .orderBy(desc(posts.created_at), desc(posts.id))
          .limit(inlineCount(limit))
          .offset(pageOffset.value);
        return selectStream(db)
          .where(inArray(posts.id, pageIds))
          .orderBy(desc(posts.created_at), desc(posts.id))
          .prepare(name);
      },
    );
    return query.execute({ viewer: prepared.viewer, group: scope.groupId, topic: scope.topicId, offset });
  },
  /**
   * The newest `limit` posts of a scope a member may see, whole, newest first, as one JSON array
   * (`postRowOfJson` reads each back): a column of another module's statement (a CMS page's stream
   * widget, `ColumnRead`), with the values `viewer` and `group` (of a group's stream).
   */
  pageColumn(
    reader: MemberReader,
    scope: { groupId?: number },
    limit: number,
  ): Pick<ColumnRead<never>, 'shape' | 'sql'> {
    const { shape } = preparedReader(reader);
    return {
      shape: `posts_${shape}${scopeShape(scope)}_${limit}`,
      sql: (value) => {
        const viewer = value('viewer');
        const where = scopeCondition({ ...reader, id: viewer }, scope, {
          group: value('group'),
          topic: value('topic'),
        });
        return sql`(select coalesce(json_agg(${postStreamSql(reader).rowJson(sql`p.id`, viewer)} order by p.created_at desc, p.id desc), '[]'::json)
          from (select ${posts.id} as id, ${posts.created_at} as created_at from ${posts}
            ${where ? sql`where ${where}` : sql``}
            order by ${posts.created_at} desc, ${posts.id} desc limit ${inlineCount(limit)}) p)`;
      },
    };
  },
  /** Posts by id that the reader may see, in the order of `ids`. */
  async byIds(db: Db, reader: PostReader, ids: number[]): Promise<PostStreamRow[]> {
    if (ids.length === 0) return [];
    const prepared = preparedReader(reader);
    const query = preparedQuery(db, `posts_by_ids_${prepared.shape}`, (name) =>
      selectStream(db)
        .where(and(readablePosts(prepared.reader), anyId(posts.id, values.ids)))
        .prepare(name),
    );
    const rows = await query.execute({ viewer: prepared.viewer, ids });
    return ids.flatMap((id) => rows.filter((row) => row.id === id));
  },
  /** Whether a group has active topics. */
  async hasTopics(db: Db, groupId: number): Promise<boolean> {
    const [row] = await db
      .select({ id: topics.id })
      .from(topics)
      .where(and(eq(topics.group_id, groupId), eq(topics.status, 'active')))
      .limit(1);
    return Boolean(row);
  },
  /** A post row without the visibility rule (for rules that decide themselves). */
  async find(db: Db, id: number): Promise<PostRow | undefined> {
    const [row] = await db.select().from(posts).where(eq(posts.id, id));
    return row;
  },
  async insert(db: Db, values: NewPostRow): Promise<PostRow> {
    const [row] = await db.insert(posts).values(values).returning();
    return row!;
  },
  /**
   * Deletes the posts of a scope (one post, a topic's or a group's) with their comments and likes,
   * which have no foreign key as they may point at news too; files and mentions go by cascade.
   * Returns the stored paths of their files.
   */
  async removeWhere(
    db: Db,
    where: { postId?: number; groupId?: number; topicId?: number },
  ): Promise<string[]> {
    const condition = and(
      where.postId === undefined ? undefined : eq(posts.id, where.postId),
      where.groupId === undefined ? undefined : eq(posts.group_id, where.groupId),
      where.topicId === undefined ? undefined : eq(posts.topic_id, where.topicId),
    );
    return db.transaction(async (tx) => {
      const ids = (await tx.select({ id: posts.id }).from(posts).where(condition)).map((row) => row.id);
      if (ids.length === 0) return [];
      const files = await tx
        .select({ path: postFiles.path })
        .from(postFiles)
        .where(inArray(postFiles.post_id, ids));
      await tx
        .delete(comments)
        .where(and(eq(comments.target_type, 'post'), inArray(comments.target_id, ids)));
      await tx.delete(likes).where(and(eq(likes.target_type, 'post'), inArray(likes.target_id, ids)));
      await tx.delete(posts).where(inArray(posts.id, ids));
      return files.map((row) => row.path);
    });
  },
  /** Mentioned members of the given posts, with their names. */
  async mentionsOf(db: Db, postIds: number[]) {
    if (postIds.length === 0) return [];
    return db
      .select({
        post_id: postMentions.post_id,
        id: users.id,
        firstname: users.firstname,
        lastname: users.lastname,
      })
      .from(postMentions)
      .innerJoin(users, eq(users.id, postMentions.user_id))
      .where(anyId(postMentions.post_id, postIds))
      .orderBy(asc(users.lastname), asc(users.firstname));
  },
  /** A post's new text (its `updated_at` moves with it). */
  async updateDescription(db: Db, postId: number, description: string): Promise<void> {
    await db.update(posts).set({ description, updated_at: sql`now()` }).where(eq(posts.id, postId));
  },
  /** Makes a post's mentions exactly these members. */
  async setMentions(db: Db, postId: number, userIds: number[]): Promise<void> {
    await db
      .delete(postMentions)
      .where(
        and(
          eq(postMentions.post_id, postId),
          userIds.length ? notInArray(postMentions.user_id, userIds) : undefined,
        ),
      );
    await postsRepo.addMentions(db, postId, userIds);
  },
  async addMentions(db: Db, postId: number, userIds: number[]): Promise<void> {
    if (userIds.length === 0) return;
    await db
      .insert(postMentions)
      .values(userIds.map((user_id) => ({ post_id: postId, user_id })))
      .onConflictDoNothing();
  },
  /** Gives unclaimed uploads of a member to a post; returns how many were claimed. */
  async claimFiles(db: Db, postId: number, uploaderId: number, fileIds: number[]): Promise<number> {
    if (fileIds.length === 0) return 0;
    const claimed = await db
      .update(postFiles)
      .set({ post_id: postId })
      .where(
        and(inArray(postFiles.id, fileIds), eq(postFiles.uploader_id, uploaderId), isNull(postFiles.post_id)),
      )
      .returning({ id: postFiles.id });
    return claimed.length;
  },
};
