import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildAdmin, buildUser, testPassword } from '../../../test/factories';
import { type TwoInstances, twoInstances } from '../../../test/instances';

/**
 * Each instance keeps its parsed settings for a moment (document-cache.ts); a change stored on one
 * instance must still show at once on the others. Instance B has a pool of its own, as a second server
 * would, so nothing but the Redis bus can tell it.
 */
describe('settings changed on one instance', () => {
  let instances: TwoInstances;
  let database: TwoInstances['database'];
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    instances = await twoInstances();
    ({ database, a, b } = instances);
  });
  afterAll(() => instances.close());

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
