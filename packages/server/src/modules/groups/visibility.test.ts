import {
  type GroupRole,
  type GroupType,
  groupRoles,
  groupTypes,
  type MembershipStatus,
  membershipStatuses,
  type UserPermission,
  userPermissions,
} from '@plaza/contract';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database';
import type { Database } from '../../db/client';
import { executeRows } from '../../db/execute-rows';
import { groupMemberships, groups, users } from '../../db/schema';
import { can, type GroupVisibility, groupViewerOf } from './policy';
import { type GroupReader, groupReaderOf, visibleGroup, visibleGroups } from './visibility-sql';

/**
 * The group visibility rule in both its forms, the policy (`can`, which the services ask for one group)
 * and the SQL (`visibleGroups` and `visibleGroup`, which every list and stream filters with), against
 * one expected table: every group type x membership state (none, or each status with each role) x site
 * permission (none or each one the contract has) x action, on a real database.
 */

type Membership = 'none' | `${MembershipStatus} ${GroupRole}`;
type Access = 'nothing' | 'see' | 'see and read';
const actions: GroupVisibility[] = ['see', 'read_content'];

/** What a member without the superadmin permission may, by their membership and the group's type. */
const expectedByMembership: Record<Membership, Record<GroupType, Access>> = {
  none: { open: 'see and read', approval: 'see', private: 'nothing' },
  'pending member': { open: 'see and read', approval: 'see', private: 'nothing' },
  'pending admin': { open: 'see and read', approval: 'see', private: 'nothing' },
  'applied member': { open: 'see and read', approval: 'see', private: 'nothing' },
  'applied admin': { open: 'see and read', approval: 'see', private: 'nothing' },
  'declined member': { open: 'see and read', approval: 'see', private: 'nothing' },
  'declined admin': { open: 'see and read', approval: 'see', private: 'nothing' },
  'accepted member': { open: 'see and read', approval: 'see and read', private: 'see and read' },
  'accepted admin': { open: 'see and read', approval: 'see and read', private: 'see and read' },
};

/** Which site permissions widen that: only `superadmin`, to every group. */
const expectedByPermission: Record<UserPermission | 'no permission', 'by membership' | 'every group'> = {
  'no permission': 'by membership',
  users: 'by membership',
  post_as_author: 'by membership',
  jobs: 'by membership',
  ratings_export: 'by membership',
  shop: 'by membership',
  superadmin: 'every group',
};

const allows = (access: Access, action: GroupVisibility) =>
  access === 'see and read' || (access === 'see' && action === 'see');

const memberships: Membership[] = [
  'none',
  ...membershipStatuses.flatMap((status) => groupRoles.map((role): Membership => `${status} ${role}`)),
];
const permissionSets = ['no permission', ...userPermissions] as const;

let database: Database;
/** The group of each type. */
const groupOf = {} as Record<GroupType, number>;
/** A member per site permission and membership, with that membership in every group. */
const members: Array<{
  user: { id: number; permissions: string[] };
  permission: (typeof permissionSets)[number];
  membership: Membership;
}> = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  for (const type of groupTypes) {
    const [row] = await db
      .insert(groups)
      .values({ name: `The ${type} group`, description: type, type })
      .returning({ id: groups.id });
    groupOf[type] = row!.id;
  }
  for (const permission of permissionSets) {
    for (const membership of memberships) {
      const permissions = permission === 'no permission' ? [] : [permission];
      // Straight into the table: the rule reads a member's id and permissions only.
      const [user] = await db
        .insert(users)
        .values({
          username: `${permission}-${membership}`,
          email: `${permission}-${membership}@example.org`,
          permissions,
        })
        .returning({ id: users.id });
      members.push({ user: { id: user!.id, permissions }, permission, membership });
      if (membership === 'none') continue;
      const [status, role] = membership.split(' ') as [MembershipStatus, GroupRole];
      await db.insert(groupMemberships).values(
        groupTypes.map((type) => ({
          group_id: groupOf[type],
          user_id: user!.id,
          status,
          role,
          kind: status === 'applied' ? ('application' as const) : ('invite' as const),
        })),
      );
    }
  }
});
afterAll(async () => {
  await database?.close();
});

/** The types of the groups among ours that pass `condition` (no condition: all). */
async function typesPassing(condition: SQL | undefined): Promise<GroupType[]> {
  const rows = await executeRows<{ type: GroupType }>(
    database.db,
    sql`select ${groups.type} as type from ${groups} where ${groups.id} in (${sql.join(
      groupTypes.map((type) => sql`${groupOf[type]}`),
      sql`, `,
    )}) and ${condition ?? sql`true`}`,
  );
  return rows.map((row) => row.type).sort();
}

/** Whether one group passes `condition` (no condition: yes), decided in PostgreSQL. */
async function passes(condition: SQL | undefined): Promise<boolean> {
  const [row] = await executeRows<{ passes: boolean }>(
    database.db,
    sql`select (${condition ?? sql`true`}) as passes`,
  );
  return row!.passes;
}

/** For one reader and action: the types each form of the rule lets through. */
async function sqlVerdicts(reader: GroupReader, action: GroupVisibility) {
  const single: GroupType[] = [];
  for (const type of groupTypes)
    if (await passes(visibleGroup(reader, action, groupOf[type]))) single.push(type);
  return {
    byGroupId: await typesPassing(visibleGroups(reader, action, { id: groups.id })),
    byJoinedGroup: await typesPassing(visibleGroups(reader, action, { id: groups.id, type: groups.type })),
    oneGroup: single.sort(),
  };
}

describe('the group visibility rule: the policy and the SQL agree with one table', () => {
  it('for every group type x membership x site permission x action', async () => {
    const disagreements: string[] = [];
    let rows = 0;
    for (const { user, permission, membership } of members) {
      const [status, role] =
        membership === 'none' ? [] : (membership.split(' ') as [MembershipStatus, GroupRole]);
      const viewer = groupViewerOf(user, status && role ? { status, role } : null);
      for (const action of actions) {
        const expected = groupTypes
          .filter(
            (type) =>
              expectedByPermission[permission] === 'every group' ||
              allows(expectedByMembership[membership][type], action),
          )
          .sort();
        const policy = groupTypes.filter((type) => can(viewer, action, { type, adminCount: 1 })).sort();
        const verdicts = { policy, ...(await sqlVerdicts(groupReaderOf(user), action)) };
        for (const [form, types] of Object.entries(verdicts)) {
          if (JSON.stringify(types) !== JSON.stringify(expected))
            disagreements.push(
              `${permission}, ${membership}, ${action}: ${form} gives [${types}], the table [${expected}]`,
            );
        }
        rows += groupTypes.length;
      }
    }
    expect(disagreements).toEqual([]);
    // 3 group types x 9 memberships x 7 site permissions (none and the six of the contract) x 2 actions.
    expect(rows).toBe(groupTypes.length * memberships.length * permissionSets.length * actions.length);
    expect(rows).toBe(378);
  });

  it('for every member at once (the TV): what a member without membership or permission may', async () => {
    const stranger = groupViewerOf({ permissions: [] }, null);
    for (const action of actions) {
      const expected = groupTypes.filter((type) => allows(expectedByMembership.none[type], action)).sort();
      const policy = groupTypes.filter((type) => can(stranger, action, { type, adminCount: 1 })).sort();
      expect({ policy, ...(await sqlVerdicts('every_member', action)) }, action).toEqual({
        policy: expected,
        byGroupId: expected,
        byJoinedGroup: expected,
        oneGroup: expected,
      });
    }
  });
});
