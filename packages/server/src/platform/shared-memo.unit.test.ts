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
    expect(memo.peek(db)).toBeUndefined();
    memo.keep(db, 'teasers', memo.mark(db));
    expect(memo.peek(db)).toBe('teasers');
    vi.setSystemTime(Date.now() + 1_001);
    expect(memo.peek(db)).toBeUndefined();
  });

  it('does not keep what was read before a change', () => {
    const memo = sharedMemo<string>('test.memo.b', 1_000);
    const db = database();
    const mark = memo.mark(db);
    memo.forget(db);
    memo.keep(db, 'read before the change', mark);
    expect(memo.peek(db)).toBeUndefined();
  });

  it("drops the value on another instance's announcement, not on its own", async () => {
    const bus = createInProcessBus(consoleFailureLog);
    const memo = sharedMemo<string>('test.memo.c', 60_000);
    const [one, other] = [database(), database()];
    await memo.share(one, bus, consoleFailureLog);
    await memo.share(other, bus, consoleFailureLog);
    memo.keep(other, 'kept by the other', memo.mark(other));
    memo.forget(one);
    // Read again right after its own change, before the announcement has gone round.
    memo.keep(one, 'read after the change', memo.mark(one));
    await delivered();
    expect(memo.peek(other)).toBeUndefined();
    expect(memo.peek(one)).toBe('read after the change');
    await bus.close();
  });
});
