import type { UserPermission } from '@plaza/contract';

/** Anyone who holds site-wide permissions: a session user, a viewer, a member row. */
export interface PermissionHolder {
  permissions: readonly string[];
}

/**
 * The one place that reads the global roles (the contract's `userPermissions`). Every rule about a
 * resource lives in that resource's policy (`can(user, action, resource)`), which asks here.
 */
export function hasPermission(
  user: PermissionHolder | null | undefined,
  permission: UserPermission,
): boolean {
  return Boolean(user?.permissions.includes(permission));
}

/** Holds `superadmin`: may do everything. */
export function isSuperadmin(user: PermissionHolder | null | undefined): boolean {
  return hasPermission(user, 'superadmin');
}
