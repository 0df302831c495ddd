import { includedProfileFields, type Settings } from '@plaza/contract';
import { hasPermission, isSuperadmin } from '../../platform/permissions';

/** A profile field the settings can switch off for guests (`included_profile_<field>`). */
export type IncludedProfileField = (typeof includedProfileFields)[number];

/** Who is looking: the signed-in member's id and permissions (null for nobody signed in). */
export interface Viewer {
  id: number;
  permissions: readonly string[];
}

/**
 * `edit` and `delete`: a profile with its data, avatar and account; `admin_view`: open the admin
 * view of a profile.
 */
export type ProfileAction = 'edit' | 'delete' | 'admin_view';

/**
 * The one profile rule, used by the services and by the profile's `editable` and `deletable` flags:
 * the member themself, a superadmin or a holder of `users` may edit and delete a profile, where only
 * a superadmin deletes a superadmin's account (as with deactivation); only editors open the admin view.
 */
export function can(
  viewer: Viewer | null,
  action: ProfileAction,
  profile: { id: number; permissions?: readonly string[] },
): boolean {
  if (!viewer) return false;
  const editor = isSuperadmin(viewer) || hasPermission(viewer, 'users');
  switch (action) {
    case 'edit':
      return editor || viewer.id === profile.id;
    case 'delete':
      if (viewer.id === profile.id) return true;
      return editor && (!isSuperadmin({ permissions: profile.permissions ?? [] }) || isSuperadmin(viewer));
    case 'admin_view':
      return editor;
  }
}

export const profilePolicy = { can };

/** Holds `superadmin` or `users`: may edit and delete other members' profiles. */
export function isProfileEditor(viewer: Viewer | null): boolean {
  return Boolean(isSuperadmin(viewer) || hasPermission(viewer, 'users'));
}

/** The member themself, a superadmin or a holder of `users` may edit (and delete) a profile. */
export function canEditProfile(viewer: Viewer | null, targetId: number): boolean {
  return can(viewer, 'edit', { id: targetId });
}

/**
 * The profile variant: `full` for the own profile, editors, and the admin view (the service opens
 * that view to editors only); `guest` for everyone else.
 */
export function profileVariant(input: {
  isOwn: boolean;
  isEditor: boolean;
  adminView: boolean;
}): 'full' | 'guest' {
  return input.isOwn || input.isEditor || input.adminView ? 'full' : 'guest';
}

/** The fields the settings switch off (`included_profile_<field>: false`), for guests. */
export function switchedOffFields(profileOptions: Settings['profile_options']): Set<IncludedProfileField> {
  return new Set(
    includedProfileFields.filter((field) => profileOptions[`included_profile_${field}`] === false),
  );
}

/**
 * Fields a viewer must not receive of other members: none for editors (full variant everywhere),
 * the switched-off ones for everyone else. The member themself always sees their own fields.
 */
export function hiddenFieldsFor(
  viewer: Viewer | null,
  profileOptions: Settings['profile_options'],
): ReadonlySet<IncludedProfileField> {
  return isProfileEditor(viewer) ? new Set() : switchedOffFields(profileOptions);
}

/**
 * The birthday as a viewer may see it: the full date to the member themself; to anyone else
 * `--MM-DD` when the member hid the year (editors included: a hidden year leaves the server for
 * nobody but its owner); null when unknown.
 */
export function visibleBirthday(
  row: { id: number; birthday: string | null; is_birth_year_visible: boolean },
  viewerId: number | null,
): string | null {
  if (!row.birthday) return null;
  if (row.is_birth_year_visible || viewerId === row.id) return row.birthday;
  return `--${row.birthday.slice(5)}`;
}
