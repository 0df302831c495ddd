import type { GroupRole, GroupType, GroupUserListType, MembershipStatus } from '@plaza/contract';
import { and, asc, eq, ilike, inArray, notExists, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { inlineCount, preparedOffset } from '../../db/inline-count';
import { preparedQuery } from '../../db/prepared-query';
import { groupMemberships, groups, images, users } from '../../db/schema';

export type MembershipRow = typeof groupMemberships.$inferSelect;
export type NewMembershipRow = typeof groupMemberships.$inferInsert;
/** The member lists read from memberships (candidates are members outside the group, read apart). */
export type MemberListType = Exclude<GroupUserListType, 'candidates'>;

/** A member row of a list: the person and their membership (null for invite candidates). */
export interface MemberRow {
  id: number;
  img: string | null;
  firstname: string;
  lastname: string;
  role: GroupRole;
  status: MembershipStatus | null;
  membership_id: number | null;
}

/** Which memberships a member list holds. */
function listCondition(groupId: number | Placeholder, type: MemberListType): SQL {
  const m = groupMemberships;
  const inGroup = eq(m.group_id, groupId);
  switch (type) {
    case 'all':
      return and(inGroup, eq(m.status, 'accepted'))!;
    case 'admins':
      return and(inGroup, eq(m.status, 'accepted'), eq(m.role, 'admin'))!;
    case 'invitations':
      return and(inGroup, eq(m.status, 'pending'))!;
    case 'invitations_decline':
      return and(inGroup, eq(m.status, 'declined'), eq(m.kind, 'invite'))!;
    case 'applications':
      return and(inGroup, eq(m.status, 'applied'))!;
  }
}

/** Escapes LIKE wildcards so a search matches the text as typed. */
function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Name search and id filter on the users table, both optional. */
function personCondition(search: string, filter: number[]): SQL | undefined {
  const conditions: SQL[] = [];
  if (search) {
    const pattern = containsPattern(search);
    conditions.push(
      or(
        ilike(users.firstname, pattern),
        ilike(users.lastname, pattern),
        ilike(sql`${users.firstname} || ' ' || ${users.lastname}`, pattern),
        ilike(users.username, pattern),
      )!,
    );
  }
  if (filter.length > 0) conditions.push(inArray(users.id, filter));
  return conditions.length ? and(...conditions) : undefined;
}

/** Ids of the groups a member administers (as an accepted admin), as a subquery. */
export function administeredGroupIds(db: Db, userId: number) {
  return db
    .select({ id: groupMemberships.group_id })
    .from(groupMemberships)
    .where(
      and(
        eq(groupMemberships.user_id, userId),
        eq(groupMemberships.status, 'accepted'),
        eq(groupMemberships.role, 'admin'),
      ),
    );
}

const byName = [asc(sql`lower(${users.lastname})`), asc(sql`lower(${users.firstname})`), asc(users.id)];

const inviter = alias(users, 'inviter');
const applicant = alias(users, 'applicant');

/** The groups a member belongs to (an accepted membership, whatever its role), with their types. */
export function acceptedGroupsOf(db: Db, userId: number): Promise<{ id: number; type: GroupType }[]> {
  return db
    .select({ id: groups.id, type: groups.type })
    .from(groupMemberships)
    .innerJoin(groups, eq(groups.id, groupMemberships.group_id))
    .where(and(eq(groupMemberships.user_id, userId), eq(groupMemberships.status, 'accepted')));
}

/** Queries on memberships and the member lists of groups. */
export const membersRepo = {
  /**
   * One page of a member list, admins first, each part by name, with the list's total. The page is one
   * walk of the memberships' own index in that order (`group_memberships_list_idx`: names kept on the
   * membership by migration 0025, admins first by migration 0030, the listed columns in it too), and
   * only the page's members are joined: a late page of a site-wide group's 2,000 members reads 300
   * index entries and nothing else (it walked 1,350 members by name, 9.6 ms, then sorted two parts,
   * 0.85 ms). The total rides along with the page's rows (the whole list's is the group's `member_count`);
   * an empty page counts alone.
   */
  async page(
    db: Db,
    groupId: number,
    type: MemberListType,
    options: { search?: string; filter?: number[]; limit: number; offset: number },
  ): Promise<{ rows: MemberRow[]; total: number }> {
    const m = groupMemberships;
    const person = personCondition(options.search ?? '', options.filter ?? []);
    // Each part takes the group as a value, or as the placeholder `group` of a prepared statement.
    const listed = (group: number | Placeholder) => and(listCondition(group, type), person);
    // The whole list of members is the group's kept count; other lists are counted, and the members
    // themselves are joined to the walk and the count only when a name or ids narrow the list.
    const total = (group: number | Placeholder) => {
      if (type === 'all' && !person) {
        return db.select({ n: groups.member_count }).from(groups).where(eq(groups.id, group));
      }
      const query = db.select({ n: sql<number>`count(*)::int` }).from(m).$dynamic();
      return (person ? query.innerJoin(users, eq(users.id, m.user_id)) : query).where(listed(group));
    };
    const statement = (group: number | Placeholder, offset: number | Placeholder) => {
      const walk = db
        .select({
          membership_id: m.id,
          user_id: m.user_id,
          role: m.role,
          status: m.status,
          admins_last: sql<boolean>`(${m.role} <> 'admin')`.as('admins_last'),
          sort_lastname: m.sort_lastname,
          sort_firstname: m.sort_firstname,
        })
        .from(m)
        .$dynamic();
      if (person) walk.innerJoin(users, eq(users.id, m.user_id));
      const page = walk
        .where(listed(group))
        .orderBy(sql`(${m.role} <> 'admin')`, asc(m.sort_lastname), asc(m.sort_firstname), asc(m.user_id))
        .limit(inlineCount(options.limit))
        .offset(offset)
        .as('page');
      return db
        .select({
          id: users.id,
          img: users.img_path,
          firstname: users.firstname,
          lastname: users.lastname,
          role: page.role,
          status: page.status,
          membership_id: page.membership_id,
          total: sql<number>`(${total(group)})`,
        })
        .from(page)
        .innerJoin(users, eq(users.id, page.user_id))
        .orderBy(page.admins_last, page.sort_lastname, page.sort_firstname, page.user_id);
    };
    // A list without a name or ids is prepared once per type, page size and first/deeper page (building it was an eighth of the
    // request's CPU); a search is built with its values.
    const offset = preparedOffset(options.offset);
    const rows = person
      ? await statement(groupId, options.offset)
      : await preparedQuery(db, `member_list_${type}_${options.limit}_${offset.shape}`, (name) =>
          statement(sql.placeholder('group'), offset.value).prepare(name),
        ).execute({ group: groupId, offset: options.offset });
    if (rows.length === 0) {
      const [count] = await total(groupId);
      return { rows: [], total: count?.n ?? 0 };
    }
    return { rows: rows.map(({ total: _, ...row }) => row), total: rows[0]!.total };
  },
  /** One page of the members who have no membership of any state in the group: whom an admin may invite. */
  async candidates(
    db: Db,
    groupId: number,
    options: { search?: string; filter?: number[]; limit: number; offset: number },
  ): Promise<{ rows: MemberRow[]; total: number }> {
    const where = and(
      notExists(
        db
          .select({ one: sql`1` })
          .from(groupMemberships)
          .where(and(eq(groupMemberships.group_id, groupId), eq(groupMemberships.user_id, users.id))),
      ),
      personCondition(options.search ?? '', options.filter ?? []),
    );
    const [rows, [count]] = await Promise.all([
      db
        .select({
          id: users.id,
          img: users.img_path,
          firstname: users.firstname,
          lastname: users.lastname,
          role: sql<GroupRole>`'member'`,
          status: sql<MembershipStatus | null>`null`,
          membership_id: sql<number | null>`null`,
        })
        .from(users)
        .where(where)
        .orderBy(...byName)
        .limit(inlineCount(options.limit))
        .offset(options.offset),
      db.select({ n: sql<number>`count(*)::int` }).from(users).where(where),
    ]);
    return { rows, total: count?.n ?? 0 };
  },
  async byId(db: Db, id: number): Promise<MembershipRow | undefined> {
    const [row] = await db.select().from(groupMemberships).where(eq(groupMemberships.id, id));
    return row;
  },
  async of(db: Db, groupId: number, userId: number): Promise<MembershipRow | undefined> {
    const [row] = await db
      .select()
      .from(groupMemberships)
      .where(and(eq(groupMemberships.group_id, groupId), eq(groupMemberships.user_id, userId)));
    return row;
  },
  /** Memberships of some members in a group, by member id. */
  async ofUsers(db: Db, groupId: number, userIds: number[]): Promise<Map<number, MembershipRow>> {
    if (userIds.length === 0) return new Map();
    const rows = await db
      .select()
      .from(groupMemberships)
      .where(and(eq(groupMemberships.group_id, groupId), inArray(groupMemberships.user_id, userIds)));
    return new Map(rows.map((row) => [row.user_id, row]));
  },
  /** Creates the membership of a member in a group, or replaces the state of the one they have. */
  async upsert(db: Db, values: NewMembershipRow): Promise<MembershipRow> {
    const { group_id: _g, user_id: _u, ...changes } = values;
    const [row] = await db
      .insert(groupMemberships)
      .values(values)
      .onConflictDoUpdate({
        target: [groupMemberships.group_id, groupMemberships.user_id],
        set: { ...changes, updated_at: new Date() },
      })
      .returning();
    return row!;
  },
  async update(db: Db, id: number, values: Partial<NewMembershipRow>): Promise<MembershipRow> {
    const [row] = await db
      .update(groupMemberships)
      .set({ ...values, updated_at: new Date() })
      .where(eq(groupMemberships.id, id))
      .returning();
    return row!;
  },
  /** Changes a membership only while it is in the expected state; undefined when someone changed it first. */
  async transition(
    db: Db,
    id: number,
    from: MembershipStatus,
    values: Partial<NewMembershipRow>,
  ): Promise<MembershipRow | undefined> {
    const [row] = await db
      .update(groupMemberships)
      .set({ ...values, updated_at: new Date() })
      .where(and(eq(groupMemberships.id, id), eq(groupMemberships.status, from)))
      .returning();
    return row;
  },
  async setRole(db: Db, groupId: number, userIds: number[], role: 'admin' | 'member'): Promise<void> {
    await db
      .update(groupMemberships)
      .set({ role, updated_at: new Date() })
      .where(and(eq(groupMemberships.group_id, groupId), inArray(groupMemberships.user_id, userIds)));
  },
  async remove(db: Db, id: number): Promise<void> {
    await db.delete(groupMemberships).where(eq(groupMemberships.id, id));
  },
  /** Ids of the accepted admins of a group. */
  async adminIds(db: Db, groupId: number): Promise<number[]> {
    const rows = await db
      .select({ id: groupMemberships.user_id })
      .from(groupMemberships)
      .where(
        and(
          eq(groupMemberships.group_id, groupId),
          eq(groupMemberships.status, 'accepted'),
          eq(groupMemberships.role, 'admin'),
        ),
      );
    return rows.map((row) => row.id);
  },
  /** Which of the given ids belong to existing members. */
  async existingUserIds(db: Db, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await db.select({ id: users.id }).from(users).where(inArray(users.id, ids));
    return new Set(rows.map((row) => row.id));
  },
  /** Invitations to a member, with the group and the inviter. */
  async invitationsOf(db: Db, userId: number, statuses: MembershipStatus[]) {
    return db
      .select({
        membership: groupMemberships,
        group_name: groups.name,
        group_description: groups.description,
        group_image: images.path,
        other_id: inviter.id,
        other_img: inviter.img_path,
        other_firstname: inviter.firstname,
        other_lastname: inviter.lastname,
      })
      .from(groupMemberships)
      .innerJoin(groups, eq(groups.id, groupMemberships.group_id))
      .leftJoin(images, eq(images.id, groups.image_id))
      .leftJoin(inviter, eq(inviter.id, groupMemberships.invited_by))
      .where(
        and(
          eq(groupMemberships.user_id, userId),
          eq(groupMemberships.kind, 'invite'),
          inArray(groupMemberships.status, statuses),
        ),
      )
      .orderBy(
        asc(sql`case when ${groupMemberships.status} = 'pending' then 0 else 1 end`),
        asc(groups.name),
      );
  },
  /** Open applications to the groups a member administers (as an accepted admin), with the applicant. */
  async applicationsFor(db: Db, userId: number) {
    const administered = administeredGroupIds(db, userId);
    return db
      .select({
        membership: groupMemberships,
        group_name: groups.name,
        group_description: groups.description,
        group_image: images.path,
        other_id: applicant.id,
        other_img: applicant.img_path,
        other_firstname: applicant.firstname,
        other_lastname: applicant.lastname,
      })
      .from(groupMemberships)
      .innerJoin(groups, eq(groups.id, groupMemberships.group_id))
      .innerJoin(applicant, eq(applicant.id, groupMemberships.user_id))
      .leftJoin(images, eq(images.id, groups.image_id))
      .where(and(eq(groupMemberships.status, 'applied'), inArray(groupMemberships.group_id, administered)))
      .orderBy(asc(groupMemberships.created_at), asc(groupMemberships.id));
  },
};
