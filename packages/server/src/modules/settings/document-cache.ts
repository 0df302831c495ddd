import type { Db } from '../../db/client';
import { sharedMemo } from '../../platform/shared-memo';
import type { SettingsKey } from './repo';

/**
 * How long an instance keeps a parsed settings document. The settings are read by nearly every call
 * (`is_authenticated` alone needs the settings and two menus), so parsing them each time was a large
 * share of a cheap call. A change through any instance drops the copies at once, here and on the other
 * instances through the bus (`forgetSettingsDocuments`); a change the bus did not carry (the operator CLI
 * in another process) shows after at most this long (and the second in which one request reads the
 * document again, `platform/shared-memo.ts`).
 */
export const SETTINGS_CACHE_MS = 2_000;

/** Parsed documents by key. */
const documents = sharedMemo<unknown>('settings.changed', SETTINGS_CACHE_MS);

/**
 * The parsed document `key` as `load` makes it, from memory while it is fresh. When its time is up one
 * request reads it again while the others keep the old copy: every call in flight read and parsed it at
 * once before (about 450 reads in 10 s of `is_authenticated` at 50 connections, for 15 expiries).
 */
export async function cachedDocument<T>(db: Db, key: SettingsKey, load: () => Promise<T>): Promise<T> {
  const kept = documents.peek(db, key);
  if (kept !== undefined) return kept as T;
  const mark = documents.mark(db);
  const value = await load();
  documents.keep(db, key, value, mark);
  return value;
}

/** Drops the parsed documents after a change, here and (through the bus) on every other instance. */
export const forgetSettingsDocuments = documents.forget;

/** Drops the parsed documents when another instance announces a change. Returns the unsubscribe. */
export const shareSettingsChanges = documents.share;
