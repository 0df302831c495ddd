import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedQuery } from '../../db/prepared-query';
import { groupMemberships, groups, topics } from '../../db/schema';

export type GroupRow = typeof groups.$inferSelect;
export type TopicRow = typeof topics.$inferSelect;
export type MembershipRow = typeof groupMemberships.$inferSelect;

/** The reads behind loading a group or topic for a viewer (access.ts). */
export const accessRepo = {
  async group(db: Db, groupId: number): Promise<GroupRow | undefined> {
    const [row] = await db.select().from(groups).where(eq(groups.id, groupId));
    return row;
  },
  async topic(db: Db, topicId: number): Promise<TopicRow | undefined> {
    const [row] = await db.select().from(topics).where(eq(topics.id, topicId));
    return row;
  },
  /**
   * A group with the member's membership row (whatever its state) and its number of accepted admins,
   * in one query: every group route starts with it.
   */
  async groupForViewer(
    db: Db,
    groupId: number,
    userId: number,
  ): Promise<{ group: GroupRow; membership: MembershipRow | null; adminCount: number } | undefined> {
    const query = preparedQuery(db, 'group_for_viewer', (name) =>
      db
        .select({
          group: groups,
          membership: groupMemberships,
          adminCount: sql<number>`(select count(*)::int from ${groupMemberships} a where a.group_id = ${groups.id} and a.status = 'accepted' and a.role = 'admin')`,
        })
        .from(groups)
        .leftJoin(
          groupMemberships,
          and(
            eq(groupMemberships.group_id, groups.id),
            eq(groupMemberships.user_id, sql.placeholder('user')),
          ),
        )
        .where(eq(groups.id, sql.placeholder('group')))
        .prepare(name),
    );
    const [row] = await query.execute({ group: groupId, user: userId });
    return row;
  },
  /** The member's membership row in the group, whatever its state. */
  async membership(db: Db, groupId: number, userId: number): Promise<MembershipRow | undefined> {
    const [row] = await db
      .select()
      .from(groupMemberships)
      .where(and(eq(groupMemberships.group_id, groupId), eq(groupMemberships.user_id, userId)));
    return row;
  },
  /** Number of accepted admins of a group. */
  async countAdmins(db: Db, groupId: number): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(groupMemberships)
      .where(
        and(
          eq(groupMemberships.group_id, groupId),
          eq(groupMemberships.status, 'accepted'),
          eq(groupMemberships.role, 'admin'),
        ),
      );
    return row?.n ?? 0;
  },
};
