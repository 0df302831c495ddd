import type { GroupRole, GroupType, MembershipStatus } from '@plaza/contract';
import { and, asc, desc, eq, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { inlineCount } from '../../db/inline-count';
import { files, groupMemberships, groups, images, topics, users } from '../../db/schema';
import { type GroupReader, visibleGroups } from './visibility-sql';

export type NewGroupRow = typeof groups.$inferInsert;

/** The viewer's own membership row, joined to every group of a list. */
const own = alias(groupMemberships, 'own');

const adminCount = sql<number>`(select count(*)::int from ${groupMemberships} m where m.group_id = ${groups.id} and m.status = 'accepted' and m.role = 'admin')`;

const summaryFields = {
  id: groups.id,
  name: groups.name,
  description: groups.description,
  type: groups.type,
  image_id: groups.image_id,
  image_path: images.path,
  member_count: groups.member_count,
  admin_count: adminCount,
  membership_id: own.id,
  membership_status: own.status,
  membership_role: own.role,
};

/** A group with its counts, image and the viewer's own membership: what every group answer is built from. */
export interface GroupSummaryRow {
  id: number;
  name: string;
  description: string;
  type: GroupType;
  image_id: number | null;
  image_path: string | null;
  member_count: number;
  admin_count: number;
  membership_id: number | null;
  membership_status: MembershipStatus | null;
  membership_role: GroupRole | null;
}

/** Which groups a list holds, as a condition on the group and the viewer's own membership. */
export const groupScopes = {
  member: (): SQL => eq(own.status, 'accepted'),
  admin: (): SQL => and(eq(own.status, 'accepted'), eq(own.role, 'admin'))!,
  /** Every group the viewer may see (the visibility rule, `visibility-sql.ts`). */
  visible: (reader: GroupReader): SQL | undefined =>
    visibleGroups(reader, 'see', { id: groups.id, type: groups.type }),
  /** Public groups (those every member sees: open or approval) the viewer is not a member of. */
  public: (): SQL =>
    and(
      visibleGroups('every_member', 'see', { id: groups.id, type: groups.type }),
      or(isNull(own.status), ne(own.status, 'accepted')),
    )!,
};

const byName = [asc(sql`lower(${groups.name})`), asc(groups.id)];

/** Queries on groups, their images and their topic and file lists. */
export const groupsRepo = {
  async summaries(
    db: Db,
    viewerId: number,
    where: SQL | undefined,
    limit: number,
    offset: number,
  ): Promise<GroupSummaryRow[]> {
    return db
      .select(summaryFields)
      .from(groups)
      .leftJoin(own, and(eq(own.group_id, groups.id), eq(own.user_id, viewerId)))
      .leftJoin(images, eq(images.id, groups.image_id))
      .where(where)
      .orderBy(...byName)
      .limit(inlineCount(limit))
      .offset(offset);
  },
  async countSummaries(db: Db, viewerId: number, where: SQL | undefined): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(groups)
      .leftJoin(own, and(eq(own.group_id, groups.id), eq(own.user_id, viewerId)))
      .where(where);
    return row?.n ?? 0;
  },
  async summary(db: Db, viewerId: number, groupId: number): Promise<GroupSummaryRow | undefined> {
    const [row] = await groupsRepo.summaries(db, viewerId, eq(groups.id, groupId), 1, 0);
    return row;
  },
  async insert(db: Db, values: NewGroupRow): Promise<number> {
    const [row] = await db.insert(groups).values(values).returning({ id: groups.id });
    return row!.id;
  },
  async update(db: Db, groupId: number, values: Partial<NewGroupRow>): Promise<void> {
    await db
      .update(groups)
      .set({ ...values, updated_at: new Date() })
      .where(eq(groups.id, groupId));
  },
  /**
   * Deletes a group with its memberships, topics and files rows (foreign keys cascade) and returns the
   * stored paths of its files, for removal from disk.
   */
  async remove(db: Db, groupId: number): Promise<string[]> {
    return db.transaction(async (tx) => {
      const removed = await tx
        .delete(files)
        .where(eq(files.group_id, groupId))
        .returning({ path: files.path });
      await tx.delete(groups).where(eq(groups.id, groupId));
      return removed.map((row) => row.path);
    });
  },
  /** Locks a group row until the transaction ends, so admin changes of one group run one at a time. */
  async lock(db: Db, groupId: number): Promise<void> {
    await db.select({ id: groups.id }).from(groups).where(eq(groups.id, groupId)).for('update');
  },
  /** Whether an image exists and was uploaded by the member. */
  async ownsImage(db: Db, imageId: number, userId: number): Promise<boolean> {
    const [row] = await db
      .select({ id: images.id })
      .from(images)
      .where(and(eq(images.id, imageId), eq(images.owner_id, userId)));
    return Boolean(row);
  },
  /** The ids of a group's topics, archived ones too. */
  async topicIds(db: Db, groupId: number): Promise<number[]> {
    const rows = await db.select({ id: topics.id }).from(topics).where(eq(topics.group_id, groupId));
    return rows.map((row) => row.id);
  },
  /** Active topics of a group, newest first. */
  async activeTopics(db: Db, groupId: number) {
    return db
      .select({ id: topics.id, name: topics.name, created_at: topics.created_at })
      .from(topics)
      .where(and(eq(topics.group_id, groupId), eq(topics.status, 'active')))
      .orderBy(desc(topics.created_at), desc(topics.id));
  },
  /** Newest files of a group (without those of its topics), or of one topic, with their uploaders' names. */
  async newestFiles(db: Db, where: { groupId: number } | { topicId: number }, limit: number) {
    const condition =
      'topicId' in where
        ? eq(files.topic_id, where.topicId)
        : and(eq(files.group_id, where.groupId), isNull(files.topic_id));
    return db
      .select({ file: files, firstname: users.firstname, lastname: users.lastname })
      .from(files)
      .leftJoin(users, eq(users.id, files.uploader_id))
      .where(condition)
      .orderBy(desc(files.created_at), desc(files.id))
      .limit(inlineCount(limit));
  },
};
