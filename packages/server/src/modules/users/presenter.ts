import type { User, UserPermission } from '@plaza/contract';
import type { UserRow } from './repo';

/** Minutes without a request after which a member counts as offline. */
const ONLINE_WINDOW_MS = 5 * 60 * 1000;

/** The birthday as a viewer may see it: the year only when visible, or to the member themself. */
export function visibleBirthday(row: UserRow, viewerId: number | null): string | null {
  if (!row.birthday) return null;
  if (row.is_birth_year_visible || viewerId === row.id) return row.birthday;
  return `--${row.birthday.slice(5)}`;
}

/** Maps a users row to the contract's User for a given viewer; never passes the row through. */
export function presentUser(row: UserRow, viewerId: number | null, now = new Date()): User {
  const birthday = visibleBirthday(row, viewerId);
  const occasions: User['occasions'] = [];
  if (birthday) occasions.push({ type: 'birthday', date: birthday });
  if (row.entry_date) occasions.push({ type: 'anniversary', date: row.entry_date });
  const isSelf = viewerId === row.id;
  return {
    id: row.id,
    user_id: row.id,
    username: row.username,
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    title: row.title,
    position: row.position,
    location_names: row.location_names,
    special_tasks: row.special_tasks,
    special_state: [],
    img_path: row.img_path,
    image: row.img_path,
    profile_url: `/who_is_who/${row.id}`,
    birthday,
    is_birth_year_visible: row.is_birth_year_visible,
    occasions,
    permissions: isSelf ? (row.permissions as UserPermission[]) : [],
    agb_nda_accepted: row.agb_nda_accepted,
    online: Boolean(row.last_seen_at && now.getTime() - row.last_seen_at.getTime() < ONLINE_WINDOW_MS),
    latest_activity: row.last_seen_at?.toISOString() ?? null,
  };
}
