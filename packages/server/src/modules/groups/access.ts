import type { GroupPermission, TopicPermission } from '@plaza/contract';
import type { Db } from '../../db/client';
import { forbidden, notFound } from '../../platform/errors';
import type { SessionUser } from '../../platform/request-context';
import { accessRepo, type GroupRow, type MembershipRow, type TopicRow } from './access-repo';
import {
  canManageMembers,
  canReadGroupContent,
  canSeeGroup,
  type GroupFacts,
  type GroupViewer,
  groupPermissionsFor,
  groupViewerOf,
  topicPermissionsFor,
} from './policy';

export type { GroupRow, MembershipRow, TopicRow };

/** A group as one viewer may use it: every route goes through this before touching a group. */
export interface GroupAccess {
  group: GroupRow;
  membership: MembershipRow | null;
  viewer: GroupViewer;
  facts: GroupFacts;
  permissions: GroupPermission[];
  /** May read topics, files, members and posts. */
  canRead: boolean;
  /** May invite, remove, promote and answer applications. */
  canManageMembers: boolean;
}

/** Number of accepted admins of a group. */
export function countAdmins(db: Db, groupId: number): Promise<number> {
  return accessRepo.countAdmins(db, groupId);
}

/** A member's membership in a group (if any) and the viewer the group policy reads from it. */
export async function loadGroupViewer(
  db: Db,
  groupId: number,
  user: SessionUser,
): Promise<{ membership: MembershipRow | null; viewer: GroupViewer }> {
  const membership = (await accessRepo.membership(db, groupId, user.id)) ?? null;
  return { membership, viewer: groupViewerOf(user, membership) };
}

/** Loads a group for a viewer; a missing group and one the viewer may not see are both "not found". */
export async function loadGroupAccess(db: Db, groupId: number, user: SessionUser): Promise<GroupAccess> {
  const found = await accessRepo.groupForViewer(db, groupId, user.id);
  if (!found) throw notFound('The group');
  const { group, membership } = found;
  const viewer = groupViewerOf(user, membership);
  const facts: GroupFacts = { type: group.type, adminCount: found.adminCount };
  if (!canSeeGroup(facts, viewer)) throw notFound('The group');
  return {
    group,
    membership,
    viewer,
    facts,
    permissions: groupPermissionsFor(facts, viewer),
    canRead: canReadGroupContent(facts, viewer),
    canManageMembers: canManageMembers(viewer),
  };
}

/** Throws 403 unless the group's permission list holds the permission. */
export function requireGroupPermission(access: GroupAccess, permission: GroupPermission): void {
  if (!access.permissions.includes(permission)) throw forbidden();
}

/** Throws 403 unless the viewer may read the group's content. */
export function requireGroupRead(access: GroupAccess): void {
  if (!access.canRead) throw forbidden('Only members of this group can see its content.');
}

/** Throws 403 unless the viewer manages the group's members. */
export function requireMemberManager(access: GroupAccess): void {
  if (!access.canManageMembers) throw forbidden('Only admins of this group can manage its members.');
}

/** A topic as one viewer may use it. */
export interface TopicAccess {
  topic: TopicRow;
  groupAccess: GroupAccess;
  permissions: TopicPermission[];
}

/**
 * Loads an active topic for a viewer through its group: hidden with a group the viewer may not see,
 * forbidden when the group's content is closed to them. Suggestions are not topics yet: "not found".
 */
export async function loadTopicAccess(db: Db, topicId: number, user: SessionUser): Promise<TopicAccess> {
  const topic = await accessRepo.topic(db, topicId);
  if (topic?.status !== 'active') throw notFound('The topic');
  const groupAccess = await loadGroupAccess(db, topic.group_id, user);
  requireGroupRead(groupAccess);
  return {
    topic,
    groupAccess,
    permissions: topicPermissionsFor(groupAccess.permissions, topic.author_id === user.id),
  };
}

/** Whether a member may read the content of a group (the policy, for one member and one group); a missing group is no. */
export async function memberReadsGroup(db: Db, groupId: number, user: SessionUser): Promise<boolean> {
  const group = await accessRepo.group(db, groupId);
  if (!group) return false;
  const { viewer } = await loadGroupViewer(db, groupId, user);
  return canReadGroupContent({ type: group.type, adminCount: 0 }, viewer);
}
