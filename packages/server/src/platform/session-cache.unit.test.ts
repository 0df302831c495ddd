import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/client';
import type { SessionUser } from './request-context';
import {
  cachedSession,
  cacheGeneration,
  forgetSession,
  keepSession,
  memberMemo,
  SESSION_CACHE_MS,
} from './session-cache';
import { REFRESH_MS } from './shared-memo';

/** A stand-in database: the cache keys its state by the database object only. */
const database = () => ({}) as Db;
const start = 1_000_000;
const day = 24 * 60 * 60 * 1000;

function kept(db: Db, firstname: string, at: number, expiresAt = start + day) {
  const user = { id: 7, firstname } as SessionUser;
  keepSession(db, 'session-1', { user, expiresAt, lastSeenAt: at }, at, cacheGeneration(db));
}

describe('the session cache', () => {
  it('answers from memory until its time is up', () => {
    const db = database();
    expect(cachedSession(db, 'session-1', start)).toBeUndefined();
    kept(db, 'Anna', start);
    expect(cachedSession(db, 'session-1', start + SESSION_CACHE_MS - 1)?.user.firstname).toBe('Anna');
  });

  it('lets one request read a session again when its time is up, while the others keep the old copy a moment', () => {
    const db = database();
    kept(db, 'Anna', start);
    const due = start + SESSION_CACHE_MS;
    expect(cachedSession(db, 'session-1', due), 'the first request reads again').toBeUndefined();
    expect(cachedSession(db, 'session-1', due + 1)?.user.firstname, 'the others meanwhile').toBe('Anna');
    kept(db, 'Anna-Lena', due + 2);
    expect(cachedSession(db, 'session-1', due + 3)?.user.firstname).toBe('Anna-Lena');
  });

  it('lets another request read again when the first never brings the session back', () => {
    const db = database();
    kept(db, 'Anna', start);
    const due = start + SESSION_CACHE_MS;
    expect(cachedSession(db, 'session-1', due)).toBeUndefined();
    expect(cachedSession(db, 'session-1', due + REFRESH_MS)).toBeUndefined();
  });

  it('never answers with a session past its end, not even while another request reads it again', () => {
    const db = database();
    const end = start + SESSION_CACHE_MS + 10;
    kept(db, 'Anna', start, end);
    expect(cachedSession(db, 'session-1', start + SESSION_CACHE_MS)).toBeUndefined();
    expect(cachedSession(db, 'session-1', end)).toBeUndefined();
  });

  it('drops a session the database no longer has', () => {
    const db = database();
    kept(db, 'Anna', start);
    expect(cachedSession(db, 'session-1', start + SESSION_CACHE_MS)).toBeUndefined();
    forgetSession(db, 'session-1');
    expect(cachedSession(db, 'session-1', start + SESSION_CACHE_MS + 1)).toBeUndefined();
  });

  it('hands out copies, so one request changing its member leaves the others alone', () => {
    const db = database();
    kept(db, 'Anna', start);
    const first = cachedSession(db, 'session-1', start + 1)!;
    first.user.firstname = 'Changed';
    expect(cachedSession(db, 'session-1', start + 2)?.user.firstname).toBe('Anna');
  });
});

describe("a member's memo", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is read again by one call when its time is up, while the calls meanwhile keep the old value', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const db = database();
    expect(await memberMemo(db, 7, 'preferences', async () => 'old')).toBe('old');
    vi.setSystemTime(Date.now() + SESSION_CACHE_MS);
    let release: (value: string) => void = () => undefined;
    const load = vi.fn(() => new Promise<string>((resolve) => (release = resolve)));
    const reading = memberMemo(db, 7, 'preferences', load);
    expect(await memberMemo(db, 7, 'preferences', load)).toBe('old');
    release('new');
    expect(await reading).toBe('new');
    expect(await memberMemo(db, 7, 'preferences', load)).toBe('new');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
