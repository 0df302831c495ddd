import type { Locale, User, UserPermission } from '@plaza/contract';
import type { Db } from '../../db/client';
import { facetValueLabels } from '../../platform/data-labels';
import { getSettings } from '../settings';
import type { PresentableKey } from './presentable-sql';
import { hiddenFieldsFor, type IncludedProfileField, type Viewer, visibleBirthday } from './profile-policy';
import type { UserRow } from './repo';

export { visibleBirthday } from './profile-policy';

/** Minutes without a request after which a member counts as offline. */
const ONLINE_WINDOW_MS = 5 * 60 * 1000;

/**
 * Who looks at users, and which of their fields that viewer may not receive. Build it once per
 * request with `loadUserView` (or `ownView` for the member's own record) and pass it to
 * `presentUser` for every user of the answer.
 */
export interface UserView {
  viewerId: number | null;
  /** Fields switched off for this viewer by `included_profile_*` (never applied to the viewer's own record). */
  hidden: ReadonlySet<IncludedProfileField>;
  /** The reader's language: known special tasks show in it (platform/data-labels.ts); else as written. */
  locale?: Locale;
}

/** The view of a viewer under the current settings (read from the database). */
export async function loadUserView(db: Db, viewer: Viewer | null, locale?: Locale): Promise<UserView> {
  const settings = await getSettings(db);
  return {
    viewerId: viewer?.id ?? null,
    hidden: hiddenFieldsFor(viewer, settings.profile_options),
    ...(locale ? { locale } : {}),
  };
}

/** The view of a member looking at their own record (sign-in, session): nothing hidden. */
export function ownView(userId: number): UserView {
  return { viewerId: userId, hidden: new Set() };
}

/** The fields a view hides of this row: none of the viewer's own record. */
export function hiddenOf(row: { id: number }, view: UserView): ReadonlySet<IncludedProfileField> {
  return row.id === view.viewerId ? new Set() : view.hidden;
}

/**
 * Maps a users row to the contract's User for a viewer; never passes the row through. Fields the view
 * hides are left out (no key at all), and a hidden birth year never leaves for anyone but the member.
 */
/** A member as answers show them: the columns `presentableColumns` selects (a whole row will do too). */
export type PresentableUser = Pick<UserRow, PresentableKey>;

export function presentUser(row: PresentableUser, view: UserView, now = new Date()): User {
  const hidden = hiddenOf(row, view);
  const birthday = hidden.has('birthday') ? null : visibleBirthday(row, view.viewerId);
  const occasions: User['occasions'] = [];
  if (birthday) occasions.push({ type: 'birthday', date: birthday });
  if (row.entry_date) occasions.push({ type: 'anniversary', date: row.entry_date });
  const isSelf = view.viewerId === row.id;
  return {
    id: row.id,
    user_id: row.id,
    username: row.username,
    ...(hidden.has('email') ? {} : { email: row.email }),
    firstname: row.firstname,
    lastname: row.lastname,
    ...(hidden.has('title') ? {} : { title: row.title }),
    ...(hidden.has('position') ? {} : { position: row.position }),
    ...(hidden.has('locations') ? {} : { location_names: row.location_names }),
    ...(hidden.has('special_tasks')
      ? {}
      : {
          special_tasks: view.locale
            ? facetValueLabels('special_tasks', row.special_tasks, view.locale)
            : row.special_tasks,
        }),
    // The status the member picked among GET users/status_options, by its value; always shown.
    special_state: row.status ? [{ value: row.status }] : [],
    img_path: row.img_path,
    image: row.img_path,
    profile_url: `/who_is_who/${row.id}`,
    ...(hidden.has('birthday') ? {} : { birthday }),
    is_birth_year_visible: row.is_birth_year_visible,
    occasions,
    permissions: isSelf ? (row.permissions as UserPermission[]) : [],
    agb_nda_accepted: row.agb_nda_accepted,
    online: isOnline(row, now),
    latest_activity: row.last_seen_at?.toISOString() ?? null,
  };
}

/** Seen within the last five minutes. */
export function isOnline(row: { last_seen_at: Date | null }, now = new Date()): boolean {
  return Boolean(row.last_seen_at && now.getTime() - row.last_seen_at.getTime() < ONLINE_WINDOW_MS);
}
