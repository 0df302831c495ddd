import { hasPermission, isSuperadmin, type PermissionHolder } from '../../platform/permissions';

/** `manage`: create, edit and delete subscription options, gifts and registration topics. */
export type RegistrationAction = 'manage';

/**
 * Who may manage what a registration offers: superadmins and the `shop` permission (the same people who
 * manage the shop's catalogue). Visitors read the active options, gifts and topics while sign-up is on;
 * that needs no policy, the lists filter `active` in their query.
 */
export function can(user: PermissionHolder | null, action: RegistrationAction): boolean {
  switch (action) {
    case 'manage':
      return isSuperadmin(user) || hasPermission(user, 'shop');
  }
}

export const registrationPolicy = { can };
