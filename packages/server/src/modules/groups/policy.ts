import {
  type GroupPermission,
  type GroupRole,
  type GroupType,
  groupPermissions,
  type MembershipStatus,
  type TopicPermission,
  topicPermissions,
} from '@plaza/contract';
import { isSuperadmin, type PermissionHolder } from '../../platform/permissions';

/** What the rules need to know about a viewer and a group. */
export interface GroupViewer {
  /** The site permission `superadmin` (moderates every group). */
  superadmin: boolean;
  /** The viewer's membership row, whatever its state, or null. */
  membership: { status: MembershipStatus; role: GroupRole } | null;
}

export interface GroupFacts {
  type: GroupType;
  /** Number of accepted admins. */
  adminCount: number;
}

/** The viewer the rules read from a member (their site permissions) and their membership row, if any. */
export function groupViewerOf(
  user: PermissionHolder,
  membership: { status: MembershipStatus; role: GroupRole } | null,
): GroupViewer {
  return {
    superadmin: isSuperadmin(user),
    membership: membership ? { status: membership.status, role: membership.role } : null,
  };
}

/** Knowing that a group exists (`see`) and reading its content (`read_content`). */
export type GroupVisibility = 'see' | 'read_content';

/**
 * The group visibility rule, written once: a superadmin sees and reads every group, a member (a
 * membership in the state `memberStatus`, whatever its role) the groups they belong to, and every
 * member of the site the groups of the types `everyMember` lists for each action. `can` decides it for
 * one viewer; `visibility-sql.ts` writes the same rule as SQL for every list and stream that filters
 * in the query (posts, news, CMS pages, TV, search, group lists); `visibility.test.ts` holds both to one
 * table of group type x membership x site permission on a real database.
 */
export const groupVisibility = {
  everyMember: { see: ['open', 'approval'], read_content: ['open'] },
  memberStatus: 'accepted',
} as const satisfies {
  everyMember: Record<GroupVisibility, readonly GroupType[]>;
  memberStatus: MembershipStatus;
};

const isMember = (viewer: GroupViewer) => viewer.membership?.status === groupVisibility.memberStatus;
const isAdmin = (viewer: GroupViewer) => isMember(viewer) && viewer.membership?.role === 'admin';

/** The visibility rule (`groupVisibility`) for one viewer and group. */
function visible(action: GroupVisibility, group: Pick<GroupFacts, 'type'>, viewer: GroupViewer): boolean {
  const types: readonly GroupType[] = groupVisibility.everyMember[action];
  return viewer.superadmin || isMember(viewer) || types.includes(group.type);
}

/** Whether every member of the site reads the content of a group of this type (no membership needed). */
export function everyMemberReads(type: GroupType): boolean {
  return visible('read_content', { type }, { superadmin: false, membership: null });
}

/** May the viewer know the group exists? Private groups are invisible to everyone but their members. */
export function canSeeGroup(group: GroupFacts, viewer: GroupViewer): boolean {
  return visible('see', group, viewer);
}

/**
 * May the viewer read the group's content (topics, files, members, posts)?
 * Open groups are readable by every member of the site; approval and private groups by their members.
 */
export function canReadGroupContent(group: GroupFacts, viewer: GroupViewer): boolean {
  return visible('read_content', group, viewer);
}

/** May the viewer manage members (invite, remove, promote, answer applications)? Group admins and superadmins. */
export function canManageMembers(viewer: GroupViewer): boolean {
  return viewer.superadmin || isAdmin(viewer);
}

/**
 * What a viewer may do with a group: `see` it, `read_content`, `manage_members`, and each entry of
 * the group's permission list: admins (and superadmins) edit, delete, manage topics and post;
 * members post; every member may leave except the last admin, who has to hand over first.
 */
export type GroupAction = 'see' | 'read_content' | 'manage_members' | GroupPermission;

/** The one group rule: the services check it (through `access.ts`) and the permission list is made of it. */
export function can(viewer: GroupViewer, action: GroupAction, group: GroupFacts): boolean {
  switch (action) {
    case 'see':
      return canSeeGroup(group, viewer);
    case 'read_content':
      return canReadGroupContent(group, viewer);
    case 'manage_members':
    case 'edit':
    case 'delete':
    case 'manage_topics':
      return canManageMembers(viewer);
    case 'post_content':
      return canManageMembers(viewer) || isMember(viewer);
    case 'leave':
      return isMember(viewer) && !(viewer.membership?.role === 'admin' && group.adminCount <= 1);
  }
}

export const groupPolicy = { can };

/** The permission list of a group for a viewer, as the client gets it: the actions `can` allows. */
export function groupPermissionsFor(group: GroupFacts, viewer: GroupViewer): GroupPermission[] {
  return groupPermissions.filter((permission) => can(viewer, permission, group)).sort();
}

export type TopicAction = TopicPermission;

/**
 * The one topic rule, from the viewer's permissions in its group: topic managers edit and delete,
 * its author edits while they may post, members post.
 */
export function canOnTopic(
  groupPermissions: readonly GroupPermission[],
  action: TopicAction,
  topic: { isAuthor: boolean },
): boolean {
  switch (action) {
    case 'delete':
      return groupPermissions.includes('manage_topics');
    case 'edit':
      return (
        groupPermissions.includes('manage_topics') ||
        (topic.isAuthor && groupPermissions.includes('post_content'))
      );
    case 'post_content':
      return groupPermissions.includes('post_content');
  }
}

export const topicPolicy = { can: canOnTopic };

/** The permission list of a topic, as the client gets it: the actions `canOnTopic` allows. */
export function topicPermissionsFor(
  groupPermissions: GroupPermission[],
  isAuthor: boolean,
): TopicPermission[] {
  return topicPermissions
    .filter((permission) => canOnTopic(groupPermissions, permission, { isAuthor }))
    .sort();
}
