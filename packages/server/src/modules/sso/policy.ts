import { isSuperadmin, type PermissionHolder } from '../../platform/permissions';

/** `administer` the sign-in providers (read and change them). */
export type SsoAction = 'administer';

/** The one rule for the sign-in providers: superadmins configure them, nobody else. */
export function can(user: PermissionHolder | null, _action: SsoAction): boolean {
  return isSuperadmin(user);
}
