import type { GroupPermission, TopicPermission } from '@plaza/contract';

/** The buttons of a group page's toolbar, from the viewer's permission list (spec section 6). */
export interface GroupToolbarGates {
  /** `edit`: the edit-group overlay. */
  edit: boolean;
  /** `manage_topics`: create a topic directly. */
  createTopic: boolean;
  /** `post_content` without `manage_topics`: suggest a topic to the topic managers. */
  suggestTopic: boolean;
  /** `edit`: the manage-members overlay (group admins). */
  manageMembers: boolean;
  /** `delete`: delete the group after a confirmation. */
  delete: boolean;
  /** `leave`: leave the group after a confirmation (not offered to the last admin). */
  leave: boolean;
  /** `post_content`: upload files. */
  uploadFiles: boolean;
}

/** Which toolbar buttons a viewer gets on a group page. */
export function groupToolbarGates(permissions: readonly GroupPermission[]): GroupToolbarGates {
  const has = (permission: GroupPermission) => permissions.includes(permission);
  return {
    edit: has('edit'),
    createTopic: has('manage_topics'),
    suggestTopic: !has('manage_topics') && has('post_content'),
    manageMembers: has('edit'),
    delete: has('delete'),
    leave: has('leave'),
    uploadFiles: has('post_content'),
  };
}

/** Which toolbar buttons a viewer gets on a topic page. */
export function topicToolbarGates(permissions: readonly TopicPermission[]) {
  return {
    edit: permissions.includes('edit'),
    delete: permissions.includes('delete'),
    uploadFiles: permissions.includes('post_content'),
  };
}
