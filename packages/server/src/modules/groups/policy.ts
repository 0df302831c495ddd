import type {
  GroupPermission,
  GroupRole,
  GroupType,
  MembershipStatus,
  TopicPermission,
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
 * The permission list of a group for a viewer:
 * admins (and superadmins) edit, delete, manage topics and post; members post;
 * every member may leave except the last admin, who has to hand over first.
 */
export function groupPermissionsFor(group: GroupFacts, viewer: GroupViewer): GroupPermission[] {
  const permissions = new Set<GroupPermission>();
  if (canManageMembers(viewer)) {
    for (const p of ['edit', 'delete', 'manage_topics', 'post_content'] as const) permissions.add(p);
  }
  if (isMember(viewer)) {
    permissions.add('post_content');
    const lastAdmin = viewer.membership?.role === 'admin' && group.adminCount <= 1;
    if (!lastAdmin) permissions.add('leave');
  }
  return [...permissions].sort();
}

/** The permission list of a topic: topic managers edit and delete, its author edits, members post. */
export function topicPermissionsFor(
  groupPermissions: GroupPermission[],
  isAuthor: boolean,
): TopicPermission[] {
  const permissions = new Set<TopicPermission>();
  if (groupPermissions.includes('manage_topics')) {
    permissions.add('edit');
    permissions.add('delete');
  }
  if (isAuthor && groupPermissions.includes('post_content')) permissions.add('edit');
  if (groupPermissions.includes('post_content')) permissions.add('post_content');
  return [...permissions].sort();
}
