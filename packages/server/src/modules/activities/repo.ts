import { and, desc, eq, notExists, or, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { anyId } from '../../db/any-id';
import type { Db } from '../../db/client';
import { inlineCount } from '../../db/inline-count';
import { preparedQuery } from '../../db/prepared-query';
import {
  type ActivityTargetType,
  activities,
  activityTargetTypes,
  groupMemberships,
  groups,
  pages,
  posts,
  topics,
  users,
} from '../../db/schema';

export type ActivityRow = typeof activities.$inferSelect;
export type NewActivityRow = typeof activities.$inferInsert;
/** An activity with its actor's image. */
export type ActivityWithActor = ActivityRow & { actor_img: string | null };

const withActor = {
  id: activities.id,
  user_id: activities.user_id,
  actor_id: activities.actor_id,
  type: activities.type,
  text: activities.text,
  message: activities.message,
  url: activities.url,
  membership_id: activities.membership_id,
  membership_status: activities.membership_status,
  target_type: activities.target_type,
  target_id: activities.target_id,
  read: activities.read,
  old: activities.old,
  created_at: activities.created_at,
  actor_img: users.img_path,
};

/** The table and id column each kind of activity target lives in. */
const targetTables: Record<ActivityTargetType, [PgTable, PgColumn]> = {
  post: [posts, posts.id],
  page: [pages, pages.id],
  group: [groups, groups.id],
  topic: [topics, topics.id],
  membership: [groupMemberships, groupMemberships.id],
};

/** Queries on a member's activities; every query is scoped to the member (housekeeping aside). */
export const activitiesRepo = {
  async insert(db: Db, values: NewActivityRow): Promise<ActivityWithActor> {
    const [row] = await db.insert(activities).values(values).returning();
    const actor = row!.actor_id
      ? (await db.select({ img: users.img_path }).from(users).where(eq(users.id, row!.actor_id)))[0]
      : undefined;
    return { ...row!, actor_img: actor?.img ?? null };
  },
  /** Stores many activities of one actor in one statement. */
  async insertMany(db: Db, values: NewActivityRow[], actorImg: string | null): Promise<ActivityWithActor[]> {
    if (values.length === 0) return [];
    const rows = await db.insert(activities).values(values).returning();
    return rows.map((row) => ({ ...row, actor_img: actorImg }));
  },
  /** The members' chosen languages and the actor's image, in one query. */
  async languagesAndImage(db: Db, userIds: number[], actorId: number | null | undefined) {
    const query = preparedQuery(db, 'activity_languages_and_image', (name) =>
      db
        .select({ id: users.id, selected_language: users.selected_language, img: users.img_path })
        .from(users)
        .where(anyId(users.id, sql.placeholder('ids')))
        .prepare(name),
    );
    return query.execute({ ids: actorId == null ? userIds : [...userIds, actorId] });
  },
  /** A page of the member's activities, newest first (prepared once per page size and depth). */
  async page(db: Db, userId: number, limit: number, offset: number): Promise<ActivityWithActor[]> {
    const query = preparedQuery(db, `activities_page_${limit}_${offset}`, (name) =>
      db
        .select(withActor)
        .from(activities)
        .leftJoin(users, eq(users.id, activities.actor_id))
        .where(eq(activities.user_id, sql.placeholder('user')))
        .orderBy(desc(activities.created_at), desc(activities.id))
        .limit(inlineCount(limit))
        .offset(inlineCount(offset))
        .prepare(name),
    );
    return query.execute({ user: userId });
  },
  /** How many activities the member has, and how many of them are unread, in one statement. */
  async counts(db: Db, userId: number): Promise<{ total: number; unread: number }> {
    const query = preparedQuery(db, 'activities_counts', (name) =>
      db
        .select({
          total: sql<number>`count(*)::int`,
          unread: sql<number>`(count(*) filter (where not ${activities.read}))::int`,
        })
        .from(activities)
        .where(eq(activities.user_id, sql.placeholder('user')))
        .prepare(name),
    );
    const [row] = await query.execute({ user: userId });
    return row ?? { total: 0, unread: 0 };
  },
  async unreadCount(db: Db, userId: number): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(activities)
      .where(and(eq(activities.user_id, userId), eq(activities.read, false)));
    return row?.n ?? 0;
  },
  /** Marks the member's unread activities among `ids` read; returns how many were unread. */
  async markRead(db: Db, userId: number, ids: number[]): Promise<number> {
    if (ids.length === 0) return 0;
    const rows = await db
      .update(activities)
      .set({ read: true })
      .where(and(eq(activities.user_id, userId), anyId(activities.id, ids), eq(activities.read, false)))
      .returning({ id: activities.id });
    return rows.length;
  },
  async latestNotOld(db: Db, userId: number, limit: number): Promise<ActivityWithActor[]> {
    return db
      .select(withActor)
      .from(activities)
      .leftJoin(users, eq(users.id, activities.actor_id))
      .where(and(eq(activities.user_id, userId), eq(activities.old, false)))
      .orderBy(desc(activities.created_at), desc(activities.id))
      .limit(inlineCount(limit));
  },
  /** Marks one of the member's own notifications old; returns whether it was theirs. */
  async markOld(db: Db, userId: number, id: number): Promise<boolean> {
    const rows = await db
      .update(activities)
      .set({ old: true })
      .where(and(eq(activities.user_id, userId), eq(activities.id, id)))
      .returning({ id: activities.id });
    return rows.length > 0;
  },
  /** Removes activities whose target row is gone, for every member (housekeeping); returns how many. */
  async removeOrphans(db: Db): Promise<number> {
    const gone = activityTargetTypes.map((type) => {
      const [table, id] = targetTables[type];
      return and(
        eq(activities.target_type, type),
        notExists(db.select({ one: sql`1` }).from(table).where(eq(id, activities.target_id))),
      );
    });
    const rows = await db
      .delete(activities)
      .where(or(...gone))
      .returning({ id: activities.id });
    return rows.length;
  },
};
