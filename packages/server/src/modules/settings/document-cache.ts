import type { Db } from '../../db/client';
import type { SettingsKey } from './repo';

/**
 * How long an instance keeps a parsed settings document. The settings are read by nearly every call
 * (`is_authenticated` alone needs the settings and two menus), so parsing them each time was a large
 * share of a cheap call. A change through this instance shows at once; other instances drop their copy
 * when the change is announced on the bus (`settingsChangedTopic`), and a change the bus did not carry
 * (the operator CLI in another process) shows after at most this long.
 */
export const SETTINGS_CACHE_MS = 2_000;

/** The bus topic that tells every instance to drop its parsed settings. */
export const settingsChangedTopic = 'settings.changed';

type Entry = { value: unknown; until: number };

/** Parsed documents per database (tests run several apps in one process) and key. */
const cache = new WeakMap<Db, Map<string, Entry>>();

/**
 * The parsed document `key` as `load` makes it, from the cache while it is fresh. `now` is wall-clock
 * milliseconds (the cache's own clock, not the app's, so a test's fake clock does not freeze it).
 */
export async function cachedDocument<T>(db: Db, key: SettingsKey, load: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const documents = cache.get(db) ?? new Map<string, Entry>();
  cache.set(db, documents);
  const entry = documents.get(key);
  if (entry && entry.until > now) return entry.value as T;
  const value = await load();
  documents.set(key, { value, until: now + SETTINGS_CACHE_MS });
  return value;
}

/** Drops the parsed documents of a database (after a change, or when another instance announces one). */
export function forgetSettingsDocuments(db: Db): void {
  cache.delete(db);
}
