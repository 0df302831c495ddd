import {
  type GroupPermission,
  type GroupRole,
  type GroupType,
  groupPermissions,
  type MembershipStatus,
  type TopicPermission,
  topicPermissions,
} from '@plaza/contract';

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

const isMember = (viewer: GroupViewer) => viewer.membership?.status === 'accepted';
const isAdmin = (viewer: GroupViewer) => isMember(viewer) && viewer.membership?.role === 'admin';

/** May the viewer know the group exists? Private groups are invisible to everyone but their members. */
export function canSeeGroup(group: GroupFacts, viewer: GroupViewer): boolean {
  return group.type !== 'private' || viewer.superadmin || isMember(viewer);
}

/**
 * May the viewer read the group's content (topics, files, members, posts)?
 * Open groups are readable by every member of the site; approval and private groups by their members.
 */
export function canReadGroupContent(group: GroupFacts, viewer: GroupViewer): boolean {
  return group.type === 'open' || viewer.superadmin || isMember(viewer);
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
