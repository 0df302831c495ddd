import { isNull, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { groupMemberships, posts } from '../../db/schema';
import type { SessionUser } from '../../platform/request-context';
import { type GroupReader, groupReaderOf, visibleGroup, visibleGroups } from '../groups';

/**
 * Who reads posts: a member (with their site permission) or every member at once (the TV). A prepared
 * query's reader has a placeholder for its id (posts/repo.ts).
 */
export type PostReader = GroupReader;

/** A signed-in member as a reader of posts. */
export type MemberReader = { id: number; superadmin: boolean };

/** The reader of a signed-in member. */
export function readerOf(user: SessionUser): MemberReader {
  return groupReaderOf(user);
}

/**
 * Which posts a reader may see, as SQL: posts without a group for everyone, a group's posts for those
 * who may read its content (the group visibility rule, `visibleGroups` of the groups module: open
 * groups for every member, the others for their members, all for superadmins). Every list, count and
 * lookup of posts goes through this. The readable groups are looked up in two hash tables built once per
 * statement (see `visibleGroups`).
 */
export function readablePosts(reader: PostReader): SQL | undefined {
  const inReadableGroup = visibleGroups(reader, 'read_content', { id: posts.group_id });
  return inReadableGroup && or(isNull(posts.group_id), inReadableGroup);
}

/**
 * The ids of the groups a member administers as an uncorrelated `array(...)`: PostgreSQL reads it once
 * per statement, however many posts test it (a handful of groups: comparing with each is as quick as a
 * hash table).
 */
export function administeredGroupIds(memberId: number | Placeholder): SQL {
  return sql`array(select ${groupMemberships.group_id} from ${groupMemberships} where ${groupMemberships.user_id} = ${memberId} and ${groupMemberships.status} = 'accepted' and ${groupMemberships.role} = 'admin')`;
}

/**
 * Whether the reader may see the posts of group `groupId` (the rule of `readablePosts` for one group,
 * `visibleGroup` of the groups module), as one uncorrelated condition: PostgreSQL decides it once per
 * query, so a group's stream walks the group's index alone instead of testing every post of the group
 * against the readable groups.
 */
export function readableGroup(reader: PostReader, groupId: SQL | Placeholder | number): SQL | undefined {
  return visibleGroup(reader, 'read_content', groupId);
}
