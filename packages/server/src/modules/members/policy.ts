import { hasPermission, isSuperadmin, type PermissionHolder } from '../../platform/permissions';

/** `manage`: list, invite, reactivate and mail reset links; `deactivate` one account; set its `permissions`. */
export type MemberAction = 'manage' | 'deactivate' | 'permissions';

export type MemberActor = PermissionHolder & { id: number };

/** The account acted on (for `deactivate`). */
export interface AccountFacts extends PermissionHolder {
  id: number;
}

/**
 * The one rule of the member administration: superadmins and members with the `users` permission
 * manage accounts. Nobody deactivates their own account (they would lock themselves out), and only a
 * superadmin deactivates a superadmin. Only superadmins set permissions, never their own: another
 * superadmin has to, so one always remains.
 */
export function can(actor: MemberActor, action: MemberAction, account?: AccountFacts): boolean {
  const manager = isSuperadmin(actor) || hasPermission(actor, 'users');
  if (!manager) return false;
  if (action === 'manage') return true;
  if (!account || account.id === actor.id) return false;
  if (action === 'permissions') return isSuperadmin(actor);
  return !isSuperadmin(account) || isSuperadmin(actor);
}

export const memberPolicy = { can };
