import type { GroupType } from '@plaza/contract';
import { type AnyColumn, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { groupMemberships, groups } from '../../db/schema';
import { isSuperadmin, type PermissionHolder } from '../../platform/permissions';
import { type GroupVisibility, groupVisibility } from './policy';

/**
 * The group visibility rule of `policy.ts` (`groupVisibility`, what `can(viewer, 'see' |
 * 'read_content', group)` decides for one viewer) as SQL, for the readers that filter in the query:
 * posts and their streams (news, CMS pages' stream widgets, the TV), the search and the group lists.
 * `visibility.test.ts` holds this and the policy to one table on a real database.
 */

/**
 * Who reads: a member, by id (a prepared query's placeholder for it) and whether they are a superadmin,
 * or every member at once (the TV: no membership, no site permission).
 */
export type GroupReader = { id: number | Placeholder; superadmin: boolean } | 'every_member';

/** A signed-in member as a reader of groups. */
export function groupReaderOf(user: PermissionHolder & { id: number }): { id: number; superadmin: boolean } {
  return { id: user.id, superadmin: isSuperadmin(user) };
}

/**
 * A value of the rule (a group type, a membership state) inline, never a parameter: a generic plan of a
 * prepared statement then still matches the partial index `groups_open_id_idx` (`type = 'open'`).
 */
function literal(value: string): SQL {
  if (!/^[a-z_]+$/.test(value)) throw new Error(`Not a plain enum value: ${value}`);
  return sql.raw(`'${value}'`);
}

/** `type` is one of the types every member may (see or read). */
function everyMembersType(type: SQL | AnyColumn, action: GroupVisibility): SQL {
  const types: readonly GroupType[] = groupVisibility.everyMember[action];
  if (types.length === 1) return sql`${type} = ${literal(types[0]!)}`;
  return sql`${type} in (${sql.join(types.map(literal), sql`, `)})`;
}

/**
 * The ids of the groups a member belongs to, uncorrelated: read from the index
 * `group_memberships_user_group_idx` alone, once per statement.
 */
function memberGroups(memberId: number | Placeholder): SQL {
  return sql`select ${groupMemberships.group_id} from ${groupMemberships} where ${groupMemberships.user_id} = ${memberId} and ${groupMemberships.status} = ${literal(groupVisibility.memberStatus)}`;
}

/**
 * The rows of a query whose group the reader may `see` or `read_content`, as a condition on the row's
 * group id (`group.id`: a column or SQL of the enclosing query, e.g. `posts.group_id`); undefined when
 * every group is (a superadmin). With `group.type` (the group is joined already), its type is tested on
 * the row; else the groups of every member's types are a sub-select.
 *
 * The sub-selects are uncorrelated and under `or`, so PostgreSQL runs each once per statement into a
 * hash table ("hashed SubPlan") and a stream walking its index newest first looks each row's group up
 * in them, instead of a correlated EXISTS per row (commit a77a1fd: the news stream's deep page read its
 * 750 posts in 0.31 ms instead of 0.71 ms with arrays). The open groups come from the partial index
 * `groups_open_id_idx`, a member's from `group_memberships_user_group_idx`, each alone.
 */
export function visibleGroups(
  reader: GroupReader,
  action: GroupVisibility,
  group: { id: SQL | AnyColumn; type?: SQL | AnyColumn },
): SQL | undefined {
  if (reader !== 'every_member' && reader.superadmin) return undefined;
  const everyMembers = group.type
    ? everyMembersType(group.type, action)
    : sql`${group.id} in (select ${groups.id} from ${groups} where ${everyMembersType(groups.type, action)})`;
  if (reader === 'every_member') return everyMembers;
  return sql`(${everyMembers} or ${group.id} in (${memberGroups(reader.id)}))`;
}

/**
 * Whether the reader may `see` or `read_content` the one group `groupId` (a value, a placeholder or an
 * uncorrelated sub-select), as two uncorrelated EXISTS that PostgreSQL decides once per statement: a
 * group's stream then walks the group's index alone instead of testing each row. Undefined when every
 * group is (a superadmin).
 */
export function visibleGroup(
  reader: GroupReader,
  action: GroupVisibility,
  groupId: SQL | Placeholder | number,
): SQL | undefined {
  if (reader !== 'every_member' && reader.superadmin) return undefined;
  const everyMembers = sql`exists (select 1 from ${groups} where ${groups.id} = ${groupId} and ${everyMembersType(groups.type, action)})`;
  if (reader === 'every_member') return everyMembers;
  return sql`(${everyMembers} or exists (select 1 from ${groupMemberships} where ${groupMemberships.group_id} = ${groupId} and ${groupMemberships.user_id} = ${reader.id} and ${groupMemberships.status} = ${literal(groupVisibility.memberStatus)}))`;
}
