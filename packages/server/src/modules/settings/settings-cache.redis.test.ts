import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { createTestDatabase } from '../../../test/database';
import { buildAdmin, buildUser, testPassword } from '../../../test/factories';
import { type Database, openDatabase } from '../../db/client';
import { createBus } from '../../platform/bus-factory';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Each instance keeps its parsed settings for a moment (document-cache.ts); a change stored on one
 * instance must still show at once on the others. Instance B has a pool of its own, as a second server
 * would, so nothing but the Redis bus can tell it.
 */
describe('settings changed on one instance', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let second: Database;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase();
    second = await openDatabase({ databaseUrl: database.url });
    const prefix = `plaza-test-${randomBytes(4).toString('hex')}:`;
    a = await createTestApp({ database, bus: await createBus({ redisUrl }, prefix) });
    b = await createTestApp({ database: second, bus: await createBus({ redisUrl }, prefix) });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await second.close();
    await database.close();
  });

  it('show at once on another instance that had read them before', async () => {
    const admin = await buildAdmin(database.db);
    const member = await buildUser(database.db);
    const adminClient = new TestClient(a.app);
    await adminClient.login(admin.username, testPassword);
    const memberClient = new TestClient(b.app);
    await memberClient.login(member.username, testPassword);

    // Wall-clock time stands still from here, so B's parsed copy never runs out on its own: only the
    // bus can make B read the settings again.
    vi.useFakeTimers({ toFake: ['Date'] });
    const before = (await memberClient.get('/api/v2/settings')).json();
    expect(before.meta_title).not.toBe('Nordlicht intern');
    const change = await adminClient.put('/api/v2/settings', { meta_title: 'Nordlicht intern' });
    expect(change.statusCode).toBe(200);

    await expect
      .poll(async () => (await memberClient.get('/api/v2/settings')).json().meta_title)
      .toBe('Nordlicht intern');
    vi.useRealTimers();
  });
});
