import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database';
import { cachedDocument, forgetSettingsDocuments } from '../modules/settings/document-cache';
import { cachedSession, cacheGeneration, forgetSessions, keepSession } from '../platform/session-cache';
import { sharedMemo } from '../platform/shared-memo';
import type { Database, Db } from './client';

/**
 * Caches dropped by the writes behind them (`afterCommit`): a drop asked for inside a transaction takes
 * effect once the transaction commits, on the database's own cache (not the transaction handle's), and
 * never when it rolls back, also in a savepoint. Before, a drop inside a transaction reached only the
 * handle's empty cache, and one before the commit let a reader keep the old row again.
 */
describe('cache drops asked for inside a transaction', () => {
  let database: Database;
  let db: Db;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
  });

  afterAll(async () => {
    await database?.close();
  });

  /** The settings document cache holding `value` (read through its loader). */
  const keepSettings = (value: string) => cachedDocument(db, 'settings', async () => value);
  /** What the settings cache answers now: the kept value, or `reread` when it had none. */
  const settingsNow = () => cachedDocument(db, 'settings', async () => 'reread');

  it('drops the settings documents only after the commit, and on the database the transaction runs on', async () => {
    forgetSettingsDocuments(db);
    await keepSettings('old');
    let inside: string | undefined;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      forgetSettingsDocuments(tx);
      inside = await settingsNow();
    });
    expect(inside, 'still kept before the commit').toBe('old');
    expect(await settingsNow(), 'dropped after the commit').toBe('reread');
  });

  it('keeps the settings documents when the transaction rolls back', async () => {
    forgetSettingsDocuments(db);
    await keepSettings('kept');
    await expect(
      db.transaction(async (tx) => {
        forgetSettingsDocuments(tx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await settingsNow()).toBe('kept');
  });

  it('holds a drop of a savepoint until the outer commit, and forgets one whose savepoint rolled back', async () => {
    const rolledBack = sharedMemo<string>('test.after-commit.rolled-back', 60_000);
    const released = sharedMemo<string>('test.after-commit.released', 60_000);
    rolledBack.keep(db, 'k', 'value', rolledBack.mark(db));
    released.keep(db, 'k', 'value', released.mark(db));
    await db.transaction(async (tx) => {
      await tx
        .transaction(async (savepoint) => {
          rolledBack.forget(savepoint);
          throw new Error('savepoint rolled back');
        })
        .catch(() => {});
      await tx.transaction(async (savepoint) => {
        released.forget(savepoint);
      });
      expect(released.peek(db, 'k'), 'the savepoint released, the transaction not yet committed').toBe(
        'value',
      );
    });
    expect(rolledBack.peek(db, 'k')).toBe('value');
    expect(released.peek(db, 'k')).toBeUndefined();
  });

  it("drops a member's sessions after the commit only, and not on a rollback", async () => {
    const now = Date.now();
    const session = {
      user: { id: 42 } as never,
      expiresAt: now + 60_000,
      lastSeenAt: now,
    };
    keepSession(db, 'session-a', session, now, cacheGeneration(db));
    await expect(
      db.transaction(async (tx) => {
        forgetSessions(tx, { userId: 42 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(cachedSession(db, 'session-a', Date.now())).toBeDefined();

    await db.transaction(async (tx) => {
      forgetSessions(tx, { sessionId: 'session-a' });
      expect(cachedSession(db, 'session-a', Date.now()), 'before the commit').toBeDefined();
    });
    expect(cachedSession(db, 'session-a', Date.now())).toBeUndefined();
  });

  it('drops at once outside a transaction', async () => {
    await keepSettings('old');
    forgetSettingsDocuments(db);
    expect(await settingsNow()).toBe('reread');
  });
});
