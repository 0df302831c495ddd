import { isSuperadmin, type PermissionHolder } from '../../platform/permissions';

/** `update`: change the site's settings (reading them is open to every member). */
export type SettingsAction = 'update';

/** The one rule for the site's settings: superadmins change them, nobody else. */
export function can(user: PermissionHolder | null, _action: SettingsAction): boolean {
  return isSuperadmin(user);
}

export const settingsPolicy = { can };
