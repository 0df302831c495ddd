import { afterCommit } from '../db/after-commit';
import type { Db } from '../db/client';
import type { EventBus } from './bus';
import type { FailureLog } from './failure-log';
import type { SessionUser } from './request-context';
import { type CacheCounts, type CacheStats, type Freshness, servable } from './shared-memo';

/**
 * How long an instance answers a session cookie from memory. Nearly every call carries one, and the
 * lookup was the one query of the cheapest calls (`/healthz`, `settings`). A change made through any
 * instance (sign-out, new password, permissions, deactivation, a profile edit) drops the member's
 * entries at once, here and on the other instances through the bus (`sessionsChangedTopic`); a change
 * the bus does not carry (the operator CLI in another process) shows after at most this long.
 */
export const SESSION_CACHE_MS = 5_000;

/** At most this many sessions are kept; the oldest entry goes first. */
export const SESSION_CACHE_MAX = 20_000;

/** The bus topic that drops a member's (or one session's) cached entries on every instance. */
export const sessionsChangedTopic = 'sessions.changed';

/** What the bus carries: the member whose row changed, or the one session that ended. */
export type SessionsChanged = { userId: number } | { sessionId: string };

export interface CachedSession {
  user: SessionUser;
  expiresAt: number;
  lastSeenAt: number;
}

/**
 * A session kept for `SESSION_CACHE_MS`; once due, one request reads it again while the others keep this
 * copy (`servable`): every request in flight read it at once before (about 40 reads at each expiry of a
 * member's session at 50 connections).
 */
type Entry = CachedSession & Freshness;

/** Values read for a member (their preferences) by key, kept and read again like a session. */
type Memo = Map<string, Freshness & { value: unknown }>;

interface Cache {
  entries: Map<string, Entry>;
  memos: Map<number, Memo>;
  /** Counts drops: a read that started before one must not keep what it read. */
  generation: number;
  bus?: { bus: EventBus; log: FailureLog };
  counts: { sessions: CacheCounts; memos: CacheCounts };
}

/** Per database (tests run several apps in one process), like the settings documents. */
const caches = new WeakMap<Db, Cache>();

function cacheOf(db: Db): Cache {
  let cache = caches.get(db);
  if (!cache) {
    cache = {
      entries: new Map(),
      memos: new Map(),
      generation: 0,
      counts: { sessions: { hits: 0, misses: 0 }, memos: { hits: 0, misses: 0 } },
    };
    caches.set(db, cache);
  }
  return cache;
}

/**
 * The session `id` from memory while fresh and unexpired (or while another request reads it again,
 * `servable`); a copy, so a handler's change stays its own. Undefined tells the caller to read
 * it, and to `keepSession` or `forgetSession` what it found.
 */
export function cachedSession(db: Db, id: string, now: number): CachedSession | undefined {
  const { entries, counts } = cacheOf(db);
  const entry = entries.get(id);
  if (entry && entry.expiresAt <= now) entries.delete(id);
  else if (entry && servable(entry, now)) {
    counts.sessions.hits += 1;
    return copyOf(entry);
  }
  counts.sessions.misses += 1;
  return undefined;
}

/** The hits and misses of the sessions and the members' values kept on `db` so far. */
export function sessionCacheStats(db: Db): CacheStats[] {
  const { sessions, memos } = cacheOf(db).counts;
  return [
    { cache: 'sessions', ...sessions },
    { cache: 'member-values', ...memos },
  ];
}

const copyOf = (entry: Entry): CachedSession => ({
  user: { ...entry.user },
  expiresAt: entry.expiresAt,
  lastSeenAt: entry.lastSeenAt,
});

/** Drops the entry of a session the database no longer has (ended, or its member deactivated). */
export function forgetSession(db: Db, id: string): void {
  afterCommit(db, (root) => cacheOf(root).entries.delete(id));
}

/** Takes `key` out of `map` and, at `SESSION_CACHE_MAX` entries, the oldest one, so `key` goes in last. */
function makeRoom<K>(map: Map<K, unknown>, key: K): void {
  map.delete(key);
  if (map.size < SESSION_CACHE_MAX) return;
  const oldest = map.keys().next();
  if (!oldest.done) map.delete(oldest.value);
}

/** Where the cache of `db` stands; pass it to `keepSession` with what was read after it. */
export function cacheGeneration(db: Db): number {
  return cacheOf(db).generation;
}

/**
 * Keeps a session read from the database for `SESSION_CACHE_MS`, unless entries were dropped since
 * `generation` (the row may have changed after it was read).
 */
export function keepSession(
  db: Db,
  id: string,
  session: CachedSession,
  now: number,
  generation: number,
): void {
  const cache = cacheOf(db);
  if (cache.generation !== generation) return;
  makeRoom(cache.entries, id);
  cache.entries.set(id, { ...session, user: { ...session.user }, until: now + SESSION_CACHE_MS });
}

/**
 * A value read for a member by `load` (their preferences, say), from memory while fresh (or while
 * another call reads it again): kept like the member's sessions and dropped with them, so the write
 * behind it must call `forgetSessions` with the member.
 */
export async function memberMemo<T>(db: Db, userId: number, key: string, load: () => Promise<T>): Promise<T> {
  const cache = cacheOf(db);
  const now = Date.now();
  const kept = cache.memos.get(userId)?.get(key);
  if (kept && servable(kept, now)) {
    cache.counts.memos.hits += 1;
    return kept.value as T;
  }
  cache.counts.memos.misses += 1;
  const generation = cache.generation;
  const value = await load();
  if (cache.generation !== generation) return value;
  let memo = cache.memos.get(userId);
  if (!memo) {
    makeRoom(cache.memos, userId);
    memo = new Map();
    cache.memos.set(userId, memo);
  }
  memo.set(key, { value, until: now + SESSION_CACHE_MS });
  return value;
}

/** Notes a touch of the session's last-seen time, so the next requests do not touch it again. */
export function touchCachedSession(db: Db, id: string, at: number): void {
  const entry = cacheOf(db).entries.get(id);
  if (entry) entry.lastSeenAt = at;
}

/** Drops cached entries on this instance only (what a bus message asks for). */
export function dropCachedSessions(db: Db, change: SessionsChanged): void {
  const cache = cacheOf(db);
  cache.generation += 1;
  const entries = cache.entries;
  if ('sessionId' in change) {
    entries.delete(change.sessionId);
    return;
  }
  cache.memos.delete(change.userId);
  for (const [id, entry] of entries) if (entry.user.id === change.userId) entries.delete(id);
}

/**
 * Connects the cache of `db` to the bus: changes announced by other instances drop entries here, and
 * `forgetSessions` announces this instance's changes. Returns the unsubscribe.
 */
export async function shareSessionChanges(
  db: Db,
  bus: EventBus,
  log: FailureLog,
): Promise<() => Promise<void>> {
  cacheOf(db).bus = { bus, log };
  return bus.subscribe(sessionsChangedTopic, (payload) => dropCachedSessions(db, payload as SessionsChanged));
}

/**
 * Drops a member's (or one session's) cached entries here and announces it to the other instances.
 * The repositories call it after every write of a member's row or a session, so no write can be
 * missed; inside a transaction it waits for the commit (nothing on a rollback). The announcement is
 * sent in the background and a failure is logged (the entries on other instances then age out within
 * `SESSION_CACHE_MS`).
 */
export function forgetSessions(db: Db, change: SessionsChanged): void {
  // Inside a transaction: once it commits, on the database it runs on (`db/after-commit.ts`).
  afterCommit(db, (root) => {
    dropCachedSessions(root, change);
    const shared = caches.get(root)?.bus;
    if (!shared) return;
    shared.bus
      .publish(sessionsChangedTopic, change)
      .catch((error: unknown) =>
        shared.log.error({ err: error, change }, 'announcing a session change failed'),
      );
  });
}
