import { isNull, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { groupMemberships, groups, posts } from '../../db/schema';
import { isSuperadmin } from '../../platform/permissions';
import type { SessionUser } from '../../platform/request-context';

/**
 * Who reads posts: a member (with their site permission) or every member at once (the TV). A prepared
 * query's reader has a placeholder for its id (posts/repo.ts).
 */
export type PostReader = { id: number | Placeholder; superadmin: boolean } | 'every_member';

/** A signed-in member as a reader of posts. */
export type MemberReader = { id: number; superadmin: boolean };

/** The reader of a signed-in member. */
export function readerOf(user: SessionUser): MemberReader {
  return { id: user.id, superadmin: isSuperadmin(user) };
}

/**
 * Which posts a reader may see, as SQL (the group read rule of `groups/policy.ts`): posts without a
 * group and posts of open groups for everyone; posts of approval and private groups for their
 * accepted members; all for superadmins. Every list, count and lookup of posts goes through this.
 *
 * The readable groups are two uncorrelated sub-selects under `or`, which PostgreSQL runs once per
 * query into a hash table each ("hashed SubPlan"), so a stream walks its index newest first and looks
 * each post's group up in two hash tables, instead of a correlated EXISTS per post (which also inflated
 * cost estimates enough to JIT-compile). As `= any(array(...))` before, each post was compared with
 * every open group in turn (168 at scale 1): the news stream's deep page read its 750 posts in 0.71 ms,
 * with the hash tables in 0.31 ms, and the whole statement took 1.16 -> 0.88 ms.
 */
export function readablePosts(reader: PostReader): SQL | undefined {
  if (reader !== 'every_member' && reader.superadmin) return undefined;
  const openGroups = sql`${posts.group_id} in (select ${groups.id} from ${groups} where ${groups.type} = 'open')`;
  if (reader === 'every_member') return or(isNull(posts.group_id), openGroups);
  const memberGroups = sql`${posts.group_id} in (${acceptedGroups(reader.id)})`;
  return or(isNull(posts.group_id), openGroups, memberGroups);
}

/** The ids of the groups a member is an accepted member of (with `admin`, those they administer). */
const acceptedGroups = (memberId: number | Placeholder, { admin = false } = {}) =>
  sql`select ${groupMemberships.group_id} from ${groupMemberships} where ${groupMemberships.user_id} = ${memberId} and ${groupMemberships.status} = 'accepted'${admin ? sql` and ${groupMemberships.role} = 'admin'` : sql``}`;

/**
 * The ids of the groups a member administers as an uncorrelated `array(...)`: PostgreSQL reads it once
 * per statement, however many posts test it (a handful of groups: comparing with each is as quick as a
 * hash table).
 */
export function administeredGroupIds(memberId: number | Placeholder): SQL {
  return sql`array(${acceptedGroups(memberId, { admin: true })})`;
}

/**
 * Whether the reader may see the posts of group `groupId` (the rule of `readablePosts` for one group),
 * as one uncorrelated condition: PostgreSQL decides it once per query, so a group's stream walks the
 * group's index alone instead of testing every post of the group against the readable groups.
 */
export function readableGroup(reader: PostReader, groupId: SQL | Placeholder | number): SQL | undefined {
  if (reader !== 'every_member' && reader.superadmin) return undefined;
  const open = sql`exists (select 1 from ${groups} where ${groups.id} = ${groupId} and ${groups.type} = 'open')`;
  if (reader === 'every_member') return open;
  return sql`(${open} or exists (select 1 from ${groupMemberships} where ${groupMemberships.group_id} = ${groupId} and ${groupMemberships.user_id} = ${reader.id} and ${groupMemberships.status} = 'accepted'))`;
}
