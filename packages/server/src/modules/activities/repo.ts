import type { Locale } from '@plaza/contract';
import { and, desc, eq, notExists, or, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { anyId } from '../../db/any-id';
import type { Db } from '../../db/client';
import { executeRows } from '../../db/execute-rows';
import { inlineCount, offsetClause } from '../../db/inline-count';
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

/** How many of the member's activities are unread, counted up to `countUpTo`, as one row `n`. */
const unreadUpTo = (userId: number, countUpTo: number) => sql`
  select count(*)::int as n from (
    select 1 from activities where user_id = ${userId} and not read limit ${inlineCount(countUpTo)}
  ) u`;

/** Queries on a member's activities; every query is scoped to the member (housekeeping aside). */
export const activitiesRepo = {
  async insert(db: Db, values: NewActivityRow): Promise<ActivityWithActor> {
    const [row] = await db.insert(activities).values(values).returning();
    const actor = row!.actor_id
      ? (await db.select({ img: users.img_path }).from(users).where(eq(users.id, row!.actor_id)))[0]
      : undefined;
    return { ...row!, actor_img: actor?.img ?? null };
  },
  /**
   * Stores one activity for each of the members who exist, worded in each one's language (`texts` has
   * the sentence in every locale), in one statement: the insert reads the recipients' languages itself,
   * and each row comes back with its recipient's language and the actor's image (looked up once, not
   * per row: a group conversation has hundreds of recipients). A comment, a like or a
   * mention is one round trip to the database less before its notification goes out.
   */
  async insertWorded(
    db: Db,
    userIds: number[],
    values: Omit<NewActivityRow, 'user_id' | 'text'>,
    texts: Record<Locale, string>,
  ): Promise<Array<ActivityWithActor & { locale: Locale }>> {
    if (userIds.length === 0) return [];
    const rows = await executeRows<ActivityWithActor & { locale: Locale; created_at: Date | string }>(
      db,
      sql`with inserted as (
          insert into ${activities} (user_id, actor_id, type, text, message, url, membership_id,
            membership_status, target_type, target_id)
          select ${users.id}, ${values.actor_id ?? null}::int, ${values.type}::text,
            ${JSON.stringify(texts)}::jsonb ->> ${users.selected_language},
            ${values.message == null ? null : JSON.stringify(values.message)}::jsonb, ${values.url ?? null}::text,
            ${values.membership_id ?? null}::int, ${values.membership_status ?? null}::text,
            ${values.target_type ?? null}::text, ${values.target_id ?? null}::int
          from ${users} where ${anyId(users.id, userIds)}
          returning *)
        select inserted.*, r.selected_language as locale,
          (select a.img_path from ${users} a where a.id = ${values.actor_id ?? null}::int) as actor_img
        from inserted join ${users} r on r.id = inserted.user_id`,
    );
    return rows.map((row) => ({ ...row, created_at: new Date(row.created_at) }));
  },
  /**
   * A page of the member's activities, newest first, and how many of the member's activities are
   * unread (counted up to `countUpTo`), in one statement: the count is one row, the page joined to it
   * (a member with no activities gets the count alone). The page is read in the index's order and
   * only its rows look up their actor.
   */
  async feedPage(
    db: Db,
    userId: number,
    page: { limit: number; offset: number; countUpTo: number },
  ): Promise<{ rows: ActivityWithActor[]; unread: number }> {
    const rows = await executeRows<{ unread: number } & ActivityWithActor>(
      db,
      sql`select unread.n as unread, page.*, actor.img_path as actor_img
        from (${unreadUpTo(userId, page.countUpTo)}) unread
        left join lateral (
          select a.id, a.user_id, a.actor_id, a.type, a.text, a.message, a.url, a.membership_id,
            a.membership_status, a.target_type, a.target_id, a.read, a.old, a.created_at
          from activities a
          where a.user_id = ${userId}
          order by a.created_at desc, a.id desc
          limit ${inlineCount(page.limit)}${offsetClause(page.offset)}
        ) page on true
        left join users actor on actor.id = page.actor_id
        order by page.created_at desc, page.id desc`,
    );
    return {
      unread: rows[0]?.unread ?? 0,
      rows: rows
        .filter((row) => row.id !== null)
        .map(({ unread: _, ...row }) => ({ ...row, created_at: new Date(row.created_at) })),
    };
  },
  /** How many of the member's activities are unread, counted up to `countUpTo`. */
  async unreadCount(db: Db, userId: number, countUpTo: number): Promise<number> {
    const rows = await executeRows<{ n: number }>(db, unreadUpTo(userId, countUpTo));
    return rows[0]?.n ?? 0;
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
  /** The member's newest `limit` activities, read or not: a walk of `activities_user_created_idx`. */
  async latest(db: Db, userId: number, limit: number): Promise<ActivityWithActor[]> {
    return db
      .select(withActor)
      .from(activities)
      .leftJoin(users, eq(users.id, activities.actor_id))
      .where(eq(activities.user_id, userId))
      .orderBy(desc(activities.created_at), desc(activities.id))
      .limit(inlineCount(limit));
  },
  /** Marks one of the member's own notifications old and read; returns whether it was theirs. */
  async markOld(db: Db, userId: number, id: number): Promise<boolean> {
    const rows = await db
      .update(activities)
      .set({ old: true, read: true })
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
