import { isSuperadmin, type PermissionHolder } from '../../platform/permissions';

/** A comment with the member told about its item (a post's author; null for items without one). */
export interface CommentFacts {
  author_id: number;
  /** The item's owner (`ReactionTarget.ownerId`): a post's author shown, nobody for news. */
  ownerId: number | null;
}

export type CommentAction = 'edit' | 'delete';

export type CommentActor = PermissionHolder & { id: number };

/**
 * The one comment rule, used by the comment services and by the presenter that sends a comment's
 * `permissions`: only its writer may change it; its writer, the owner of the item it is on (a post's
 * author shown) or a superadmin may delete it.
 */
export function can(user: CommentActor, action: CommentAction, comment: CommentFacts): boolean {
  switch (action) {
    case 'edit':
      return comment.author_id === user.id;
    case 'delete':
      return comment.author_id === user.id || comment.ownerId === user.id || isSuperadmin(user);
  }
}

export const commentPolicy = { can };
