import { randomUUID } from 'node:crypto';
import { afterCommit } from '../db/after-commit';
import type { Db } from '../db/client';
import type { EventBus } from './bus';
import type { FailureLog } from './failure-log';

/**
 * Values every member reads alike (the news stream's teasers, say), kept by an instance under keys for
 * `ttlMs` and dropped at once when they change: the write behind them calls `forget`, which drops every
 * key here and announces the change on the bus (`topic`), so every instance drops its copies. A change
 * the bus does not carry (the clock reaching a scheduled article's date, a write by another process)
 * shows after at most `ttlMs` and one read.
 *
 * When a value's time is up, the first reader reads it again while the others keep getting the old value
 * for up to `REFRESH_MS` (`servable`).
 */
export interface SharedMemo<T> {
  /** The value of `key` while fresh, else undefined. */
  peek(db: Db, key: string): T | undefined;
  /** Where the memo stands before a read; `keep` stores what was read after it only if nothing changed since. */
  mark(db: Db): number;
  keep(db: Db, key: string, value: T, mark: number): void;
  /**
   * Drops every value here and tells the other instances to drop theirs; inside a transaction, once it
   * commits (nothing when it rolls back).
   */
  forget(db: Db): void;
  /** Drops the values when another instance announces a change. Returns the unsubscribe. */
  share(db: Db, bus: EventBus, log: FailureLog): Promise<() => Promise<void>>;
}

/** How long the other readers keep the old value while one reads it again. */
export const REFRESH_MS = 1_000;

/** A kept value's times: fresh `until`; `refreshing`: until when a reader that found it due reads it again. */
export interface Freshness {
  until: number;
  refreshing?: number;
}

/**
 * Whether a kept value may still be served at `now`: while fresh, or while another reader reads it again.
 * Otherwise the caller is the one to read it again, and the others keep the old value for `REFRESH_MS`
 * meanwhile: under load, all requests in flight would otherwise read it at once.
 */
export function servable(kept: Freshness, now: number): boolean {
  if (kept.until > now || (kept.refreshing ?? 0) > now) return true;
  kept.refreshing = now + REFRESH_MS;
  return false;
}

/** How often a cache answered from memory (`hits`) and how often its caller had to read (`misses`). */
export interface CacheCounts {
  hits: number;
  misses: number;
}

/** One cache's counts, named, for the metrics (`platform/metrics`). */
export interface CacheStats extends CacheCounts {
  cache: string;
}

interface State<T> {
  /** Names this instance's announcements, so it does not drop again what it announced. */
  id: string;
  values: Map<string, Freshness & { value: T }>;
  counts: CacheCounts;
  /** Counts drops: a read that started before one must not keep what it read. */
  generation: number;
  bus?: { bus: EventBus; log: FailureLog };
}

/** Every memo's counts on a database, named after its topic (`settings.changed` is `settings`). */
const memoCounts: Array<(db: Db) => CacheStats> = [];

/** The hits and misses of every shared memo on `db` so far. */
export function sharedMemoStats(db: Db): CacheStats[] {
  return memoCounts.map((countsOf) => countsOf(db));
}

export function sharedMemo<T>(topic: string, ttlMs: number): SharedMemo<T> {
  // Per database: tests run several apps in one process.
  const states = new WeakMap<Db, State<T>>();
  const stateOf = (db: Db) => {
    let state = states.get(db);
    if (!state) {
      state = { id: randomUUID(), values: new Map(), counts: { hits: 0, misses: 0 }, generation: 0 };
      states.set(db, state);
    }
    return state;
  };
  const cache = topic.replace(/\.changed$/, '');
  memoCounts.push((db) => ({ cache, ...stateOf(db).counts }));
  const drop = (db: Db) => {
    const state = stateOf(db);
    state.generation += 1;
    state.values.clear();
  };
  return {
    peek(db, key) {
      const state = stateOf(db);
      const kept = state.values.get(key);
      const value = kept && servable(kept, Date.now()) ? kept.value : undefined;
      if (value === undefined) state.counts.misses += 1;
      else state.counts.hits += 1;
      return value;
    },
    mark: (db) => stateOf(db).generation,
    keep(db, key, value, mark) {
      const state = stateOf(db);
      if (state.generation === mark) state.values.set(key, { value, until: Date.now() + ttlMs });
    },
    forget(db) {
      // Inside a transaction: once it commits, on the database it runs on (`db/after-commit.ts`).
      afterCommit(db, (root) => {
        drop(root);
        const { bus: shared, id } = stateOf(root);
        shared?.bus
          .publish(topic, { from: id })
          .catch((error: unknown) => shared.log.error({ err: error, topic }, 'announcing a change failed'));
      });
    },
    share(db, bus, log) {
      const state = stateOf(db);
      state.bus = { bus, log };
      return bus.subscribe(topic, (payload) => {
        if ((payload as { from?: string } | null)?.from !== state.id) drop(db);
      });
    },
  };
}
