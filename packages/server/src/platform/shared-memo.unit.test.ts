import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/client';
import { consoleFailureLog } from './failure-log';
import { createInProcessBus } from './in-process-bus';
import { sharedMemo } from './shared-memo';

/** Stand-ins for two databases: the memo keys its state by the database object only. */
const database = () => ({}) as Db;
/** Lets the in-process bus deliver (it delivers on `setImmediate`). */
const delivered = () => new Promise((resolve) => setImmediate(resolve));

describe('a shared memo', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps a value read after its mark, for its time only', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const memo = sharedMemo<string>('test.memo.a', 1_000);
    const db = database();
    expect(memo.peek(db, 'k')).toBeUndefined();
    memo.keep(db, 'k', 'teasers', memo.mark(db));
    expect(memo.peek(db, 'k')).toBe('teasers');
    vi.setSystemTime(Date.now() + 1_001);
    expect(memo.peek(db, 'k')).toBeUndefined();
  });

  it('lets one reader read a value again when its time is up, while the others keep the old one a moment', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const memo = sharedMemo<string>('test.memo.e', 1_000);
    const db = database();
    memo.keep(db, 'k', 'old', memo.mark(db));
    vi.setSystemTime(Date.now() + 1_001);
    const mark = memo.mark(db);
    expect(memo.peek(db, 'k'), 'the first reader reads again').toBeUndefined();
    expect(memo.peek(db, 'k'), 'the others meanwhile').toBe('old');
    memo.keep(db, 'k', 'new', mark);
    expect(memo.peek(db, 'k')).toBe('new');
    // A reader that never brings its value back does not hold the old one up for long.
    vi.setSystemTime(Date.now() + 1_001);
    expect(memo.peek(db, 'k')).toBeUndefined();
    vi.setSystemTime(Date.now() + 1_001);
    expect(memo.peek(db, 'k')).toBeUndefined();
  });

  it('keeps values under their keys and drops them all on a change', () => {
    const memo = sharedMemo<string>('test.memo.d', 1_000);
    const db = database();
    memo.keep(db, 'first page', 'teasers', memo.mark(db));
    memo.keep(db, 'category 3', 'articles', memo.mark(db));
    expect([memo.peek(db, 'first page'), memo.peek(db, 'category 3')]).toEqual(['teasers', 'articles']);
    memo.forget(db);
    expect([memo.peek(db, 'first page'), memo.peek(db, 'category 3')]).toEqual([undefined, undefined]);
  });

  it('does not keep what was read before a change', () => {
    const memo = sharedMemo<string>('test.memo.b', 1_000);
    const db = database();
    const mark = memo.mark(db);
    memo.forget(db);
    memo.keep(db, 'k', 'read before the change', mark);
    expect(memo.peek(db, 'k')).toBeUndefined();
  });

  it("drops the value on another instance's announcement, not on its own", async () => {
    const bus = createInProcessBus(consoleFailureLog);
    const memo = sharedMemo<string>('test.memo.c', 60_000);
    const [one, other] = [database(), database()];
    await memo.share(one, bus, consoleFailureLog);
    await memo.share(other, bus, consoleFailureLog);
    memo.keep(other, 'k', 'kept by the other', memo.mark(other));
    memo.forget(one);
    // Read again right after its own change, before the announcement has gone round.
    memo.keep(one, 'k', 'read after the change', memo.mark(one));
    await delivered();
    expect(memo.peek(other, 'k')).toBeUndefined();
    expect(memo.peek(one, 'k')).toBe('read after the change');
    await bus.close();
  });
});
