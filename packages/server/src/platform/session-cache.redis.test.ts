import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestApp } from '../../test/app';
import { TestClient } from '../../test/client';
import { buildUser, testPassword } from '../../test/factories';
import { type TwoInstances, twoInstances } from '../../test/instances';
import { SESSION_CACHE_MS } from './session-cache';

/**
 * Each instance answers a session cookie from memory for a few seconds (session-cache.ts); a change
 * made through one instance must hold at once on the others. Instance B has a pool of its own, as a
 * second server would, and wall-clock time stands still, so B's copy never runs out on its own: only
 * the Redis bus can tell it.
 */
describe('a session changed on one instance', () => {
  let instances: TwoInstances;
  let database: TwoInstances['database'];
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    instances = await twoInstances();
    ({ database, a, b } = instances);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(() => instances.close());

  /** A member signed in on A, and the same browser (cookies) talking to B. */
  async function memberOnBoth() {
    const member = await buildUser(database.db, { selected_language: 'de_DE' });
    const onA = new TestClient(a.app);
    await onA.login(member.username, testPassword);
    const onB = new TestClient(b.app);
    for (const [name, value] of onA.jar) onB.jar.set(name, value);
    return { member, onA, onB };
  }

  it('ends on the other instance at once when signed out on one', async () => {
    const { onA, onB } = await memberOnBoth();
    vi.useFakeTimers({ toFake: ['Date'] });
    // B reads the session once and keeps it.
    expect((await onB.get('/api/v2/auth/is_authenticated')).json().isAuthenticated).toBe(true);
    const cookiesBefore = new Map(onA.jar);
    expect((await onA.get('/api/v2/auth/logout')).statusCode).toBe(200);
    for (const [name, value] of cookiesBefore) onB.jar.set(name, value);

    await expect
      .poll(async () => (await onB.get('/api/v2/auth/is_authenticated')).json().isAuthenticated)
      .toBe(false);
    expect((await onB.get('/api/v2/activities')).statusCode).toBe(401);
  });

  it("shows a member's changed account on the other instance at once", async () => {
    const { member, onA, onB } = await memberOnBoth();
    vi.useFakeTimers({ toFake: ['Date'] });
    expect((await onB.get('/api/v2/auth/is_authenticated')).json().session.selected_language).toBe('de_DE');
    const saved = await onA.post(`/api/v2/users/${member.id}/user_data`, { selected_language: 'en_GB' });
    expect(saved.statusCode).toBe(200);

    await expect
      .poll(async () => (await onB.get('/api/v2/auth/is_authenticated')).json().session.selected_language)
      .toBe('en_GB');
  });

  it("shows a member's switched setting on the other instance at once", async () => {
    const { onA, onB } = await memberOnBoth();
    vi.useFakeTimers({ toFake: ['Date'] });
    const toggle = async () =>
      (await onB.get('/api/v2/auth/is_authenticated'))
        .json()
        .session.settingsRoutes.find((item: { key: string }) => item.key === 'show_online_status').status;
    const before = await toggle();
    const saved = await onA.put('/api/v2/menu/settings/toggles/show_online_status', { status: !before });
    expect(saved.statusCode).toBe(200);

    await expect.poll(toggle).toBe(!before);
  });

  it('keeps a session for a few seconds when a change was not announced, then reads it again', async () => {
    const { member, onB } = await memberOnBoth();
    vi.useFakeTimers({ toFake: ['Date'] });
    expect((await onB.get('/api/v2/auth/is_authenticated')).json().session.user.id).toBe(member.id);
    // A change the bus does not carry (the operator CLI, another process): B keeps its copy for now ...
    await database.db.execute(`delete from sessions where user_id = ${member.id}`);
    expect((await onB.get('/api/v2/auth/is_authenticated')).json().isAuthenticated).toBe(true);
    // ... and no longer than SESSION_CACHE_MS.
    vi.setSystemTime(Date.now() + SESSION_CACHE_MS + 1);
    expect((await onB.get('/api/v2/auth/is_authenticated')).json().isAuthenticated).toBe(false);
  });
});
