import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client';
import type { EventBus } from './bus';
import type { FailureLog } from './failure-log';

/**
 * A value every member reads alike (the news stream's teasers, say), kept by an instance for `ttlMs` and
 * dropped at once when it changes: the write behind it calls `forget`, which drops it here and announces
 * the change on the bus (`topic`), so every instance drops its copy. A change the bus does not carry (the
 * clock reaching a scheduled article's date, a write by another process) shows after at most `ttlMs`.
 */
export interface SharedMemo<T> {
  /** The value while fresh, else undefined. */
  peek(db: Db): T | undefined;
  /** Where the memo stands before a read; `keep` stores what was read after it only if nothing changed since. */
  mark(db: Db): number;
  keep(db: Db, value: T, mark: number): void;
  /** Drops the value here and tells the other instances to drop theirs. */
  forget(db: Db): void;
  /** Drops the value when another instance announces a change. Returns the unsubscribe. */
  share(db: Db, bus: EventBus, log: FailureLog): Promise<() => Promise<void>>;
}

interface State<T> {
  /** Names this instance's announcements, so it does not drop again what it announced. */
  id: string;
  value?: { value: T; until: number };
  /** Counts drops: a read that started before one must not keep what it read. */
  generation: number;
  bus?: { bus: EventBus; log: FailureLog };
}

export function sharedMemo<T>(topic: string, ttlMs: number): SharedMemo<T> {
  // Per database: tests run several apps in one process.
  const states = new WeakMap<Db, State<T>>();
  const stateOf = (db: Db) => {
    let state = states.get(db);
    if (!state) {
      state = { id: randomUUID(), generation: 0 };
      states.set(db, state);
    }
    return state;
  };
  const drop = (db: Db) => {
    const state = stateOf(db);
    state.generation += 1;
    state.value = undefined;
  };
  return {
    peek(db) {
      const kept = stateOf(db).value;
      return kept && kept.until > Date.now() ? kept.value : undefined;
    },
    mark: (db) => stateOf(db).generation,
    keep(db, value, mark) {
      const state = stateOf(db);
      if (state.generation === mark) state.value = { value, until: Date.now() + ttlMs };
    },
    forget(db) {
      drop(db);
      const { bus: shared, id } = stateOf(db);
      shared?.bus
        .publish(topic, { from: id })
        .catch((error: unknown) => shared.log.error({ err: error, topic }, 'announcing a change failed'));
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
