import { isSuperadmin, type PermissionHolder } from '../../platform/permissions';

/**
 * What the post rules need to know of a post and the viewer's place in it (`PostStreamRow` has it).
 * Reading is not here: it is the SQL condition `readablePosts` (visibility.ts), so a post one may not
 * read never reaches this policy.
 */
export interface PostFacts {
  author_id: number | null;
  written_by: number | null;
  /** Whether the viewer is an accepted admin of the post's group. */
  viewer_is_group_admin: boolean;
}

/** `edit`: the post's text; `delete`: the post, with its files, comments and likes; `remove_file`: one file of it. */
export type PostAction = 'edit' | 'delete' | 'remove_file';

/** A member of the site who looks at a post (null: every member at once, as the TV shows it). */
export type PostActor = (PermissionHolder & { id: number }) | null;

/**
 * The one post rule, used by the services and by the presenter that sends a post's `permissions`:
 * the author shown or its writer may change its text (nobody else puts words in their mouth); they,
 * an admin of its group or a superadmin may delete the post and remove its files.
 */
export function can(viewer: PostActor, action: PostAction, post: PostFacts): boolean {
  if (!viewer) return false;
  switch (action) {
    case 'edit':
      return post.author_id === viewer.id || post.written_by === viewer.id;
    case 'delete':
    case 'remove_file':
      return (
        isSuperadmin(viewer) ||
        post.author_id === viewer.id ||
        post.written_by === viewer.id ||
        post.viewer_is_group_admin
      );
  }
}

export const postPolicy = { can };
