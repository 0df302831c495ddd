import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildUser, testPassword } from '../../../test/factories';
import { recordActivity } from './service';

describe('activities and notifications', () => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof buildUser>>;
  let bob: Awaited<ReturnType<typeof buildUser>>;
  let aliceClient: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await buildUser(t.db);
    bob = await buildUser(t.db, {}, { img_path: '/uploads/bob.webp' });
    aliceClient = new TestClient(t.app);
    await aliceClient.login(alice.username, testPassword);
  });
  afterAll(() => t.close());

  it('refuses anonymous callers on every endpoint', async () => {
    const anonymous = new TestClient(t.app);
    for (const url of [
      '/api/v2/activities',
      '/api/v2/activities/unread_activities',
      '/api/v2/notifications/latest',
      '/api/v2/notifications/mark_as_old?id=1',
    ]) {
      const response = await anonymous.get(url);
      expect(response.statusCode, url).toBe(401);
      expect(response.json().errors[0].code).toBe('unauthenticated');
    }
  });

  it('lists own activities newest first with paging, unread count, and marks a served page read', async () => {
    for (let i = 1; i <= 3; i++) {
      await recordActivity(t, {
        userId: alice.id,
        actorId: bob.id,
        type: 'comment',
        text: `comment ${i}`,
        url: '/news/1',
      });
    }
    await recordActivity(t, { userId: bob.id, type: 'other', text: 'not for alice' });

    expect((await aliceClient.get('/api/v2/activities/unread_activities')).json()).toEqual({
      unread_activities: 3,
    });

    // A preview (the dashboard's latest activities) leaves them unread.
    const preview = (
      await aliceClient.get('/api/v2/activities', { query: { page: 1, per_page: 2, mark_read: 'false' } })
    ).json();
    expect(preview.results.map((a: { read: boolean }) => a.read)).toEqual([false, false]);
    expect(preview.unread_activities).toBe(3);

    const first = await aliceClient.get('/api/v2/activities', { query: { page: 1, per_page: 2 } });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.results.map((a: { text: string }) => a.text)).toEqual(['comment 3', 'comment 2']);
    expect(body.results[0]).toMatchObject({
      type: 'comment',
      user_id: bob.id,
      img: '/uploads/bob.webp',
      read: false,
    });
    expect(body.pagination).toMatchObject({ self: 1, last: 2, next: 2, prev: null, total: 3 });
    expect(body.unread_activities).toBe(1);

    const second = (await aliceClient.get('/api/v2/activities', { query: { page: 2, per_page: 2 } })).json();
    expect(second.results.map((a: { text: string }) => a.text)).toEqual(['comment 1']);
    expect(second.unread_activities).toBe(0);
  });

  it('serves notifications not yet shown, and marks only own ones old', async () => {
    const mine = await recordActivity(t, {
      userId: alice.id,
      actorId: bob.id,
      type: 'invite',
      text: 'Bob invited you',
      membership: { id: 7, status: 'pending' },
    });
    const theirs = await recordActivity(t, { userId: bob.id, type: 'other', text: 'for bob' });

    const latest = (await aliceClient.get('/api/v2/notifications/latest')).json();
    expect(latest.results.map((a: { id: number }) => a.id)).toContain(mine.id);
    expect(latest.results.find((a: { id: number }) => a.id === mine.id).membership).toEqual({
      id: 7,
      status: 'pending',
    });
    expect(latest.results.map((a: { id: number }) => a.id)).not.toContain(theirs.id);

    const other = await aliceClient.get('/api/v2/notifications/mark_as_old', { query: { id: theirs.id } });
    expect(other.statusCode).toBe(404);

    const marked = await aliceClient.get('/api/v2/notifications/mark_as_old', { query: { id: mine.id } });
    expect(marked.json()).toEqual({ id: mine.id, old: true });
    const after = (await aliceClient.get('/api/v2/notifications/latest')).json();
    expect(after.results.map((a: { id: number }) => a.id)).not.toContain(mine.id);
  });

  it('refuses bad input with 400', async () => {
    const queries: Record<string, string | number>[] = [{ id: 'abc' }, { id: -1 }, {}];
    for (const query of queries) {
      const response = await aliceClient.get('/api/v2/notifications/mark_as_old', { query });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].code).toBe('validation_failed');
    }
    const page = await aliceClient.get('/api/v2/activities', { query: { page: 0 } });
    expect(page.statusCode).toBe(400);
    const perPage = await aliceClient.get('/api/v2/activities', { query: { per_page: 1000 } });
    expect(perPage.statusCode).toBe(400);
    const markRead = await aliceClient.get('/api/v2/activities', { query: { mark_read: 'maybe' } });
    expect(markRead.statusCode).toBe(400);
  });
});
