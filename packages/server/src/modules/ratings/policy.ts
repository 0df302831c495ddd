import { ratingLimits } from '@plaza/contract';
import { hasPermission, isSuperadmin, type PermissionHolder } from '../../platform/permissions';

/**
 * `read`: see ratings; `review`: review a location; `export`: download the workbook; `manage`: keep
 * locations and rating categories.
 */
export type RatingAction = 'read' | 'review' | 'export' | 'manage';

/**
 * Who may do what with ratings: every signed-in member reads and reviews; superadmins and holders of
 * `ratings_export` download the export; superadmins manage locations and categories.
 */
export function can(user: PermissionHolder | null, action: RatingAction): boolean {
  if (!user) return false;
  switch (action) {
    case 'read':
    case 'review':
      return true;
    case 'export':
      return isSuperadmin(user) || hasPermission(user, 'ratings_export');
    case 'manage':
      return isSuperadmin(user);
  }
}

/** A location's figures and comments are shown from `ratingLimits.minReviewsShown` reviews on (anonymity). */
export function isShown(reviewCount: number): boolean {
  return reviewCount >= ratingLimits.minReviewsShown;
}

export const ratingPolicy = { can, isShown };
