import { getTableColumns, type Table } from 'drizzle-orm';

/**
 * The users columns `presentUser` reads: what an answer may show of a member and what decides it, nothing
 * more (no password hash, no search document, no registration data or interests).
 */
const presentableKeys = [
  'id',
  'username',
  'email',
  'firstname',
  'lastname',
  'title',
  'position',
  'location_names',
  'special_tasks',
  'status',
  'birthday',
  'is_birth_year_visible',
  'entry_date',
  'img_path',
  'permissions',
  'agb_nda_accepted',
  'last_seen_at',
] as const;
export type PresentableKey = (typeof presentableKeys)[number];

/** Those columns of the users table or an alias of it, for a select of members to present. */
export function presentableColumns<T extends Table>(table: T) {
  const columns: Record<string, unknown> = getTableColumns(table);
  return Object.fromEntries(presentableKeys.map((key) => [key, columns[key]])) as Pick<
    T['_']['columns'],
    PresentableKey
  >;
}
