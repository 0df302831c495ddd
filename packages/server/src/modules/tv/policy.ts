import { isSuperadmin, type PermissionHolder } from '../../platform/permissions';

/** `list`, `create` and `delete` the keys of TV displays. */
export type DisplayKeyAction = 'list' | 'create' | 'delete';

/** The one rule for TV display keys: superadmins manage them, nobody else (whatever the key). */
export function can(user: PermissionHolder | null, _action: DisplayKeyAction): boolean {
  return isSuperadmin(user);
}

export const displayKeyPolicy = { can };
