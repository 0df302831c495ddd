import { limits, pageSizes } from '@plaza/contract';
import { sql } from 'drizzle-orm';
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
    // Paged like a stream: a next page or not, no total.
    expect(body.pagination).toEqual({
      self: 1,
      first: 1,
      last: null,
      prev: null,
      next: 2,
      total: null,
      per_page: 2,
    });
    expect(body.unread_activities).toBe(1);

    const second = (await aliceClient.get('/api/v2/activities', { query: { page: 2, per_page: 2 } })).json();
    expect(second.results.map((a: { text: string }) => a.text)).toEqual(['comment 1']);
    expect(second.pagination).toMatchObject({ self: 2, prev: 1, next: null });
    expect(second.unread_activities).toBe(0);
  });

  it('counts unread activities up to the cap, and exactly below it after a page is marked read', async () => {
    const carol = await buildUser(t.db);
    const carolClient = new TestClient(t.app);
    await carolClient.login(carol.username, testPassword);
    const cap = limits.maxUnreadCount;
    const empty = (await carolClient.get('/api/v2/activities')).json();
    expect(empty).toMatchObject({ results: [], unread_activities: 0, pagination: { next: null } });
    await insertUnread(carol.id, cap + 30);

    expect((await carolClient.get('/api/v2/activities/unread_activities')).json()).toEqual({
      unread_activities: cap,
    });
    // 130 unread, 20 of them marked by this page: 110 left, still shown as the cap.
    const first = (await carolClient.get('/api/v2/activities', { query: { per_page: 20 } })).json();
    expect(first.unread_activities).toBe(cap);
    // 110 unread, 20 more marked: 90, counted exactly.
    const second = (await carolClient.get('/api/v2/activities', { query: { page: 2, per_page: 20 } })).json();
    expect(second.unread_activities).toBe(cap + 30 - 40);
    expect((await carolClient.get('/api/v2/activities/unread_activities')).json()).toEqual({
      unread_activities: cap + 30 - 40,
    });
  });

  /** `count` unread activities for the member, in one statement. */
  async function insertUnread(userId: number, count: number) {
    await t.db.execute(
      sql`insert into activities (user_id, type, text) select ${userId}, 'other', 'note ' || n from generate_series(1, ${count}) n`,
    );
  }

  // Issue 47: the bell listed only notifications not yet shown, and showing one left it unread, so the
  // badge kept "1 unread" over an empty list and nothing cleared it.
  it('serves the latest notifications, read ones too; marking one shown marks it read, only own ones', async () => {
    const mine = await recordActivity(t, {
      userId: alice.id,
      actorId: bob.id,
      type: 'invite',
      text: 'Bob invited you',
      membership: { id: 7, status: 'pending' },
    });
    const theirs = await recordActivity(t, { userId: bob.id, type: 'other', text: 'for bob' });
    const unread = async (client: TestClient) =>
      (await client.get('/api/v2/activities/unread_activities')).json().unread_activities;
    const before = await unread(aliceClient);

    const latest = (await aliceClient.get('/api/v2/notifications/latest')).json();
    expect(latest.results[0]).toMatchObject({ id: mine.id, read: false, old: false });
    expect(latest.results[0].membership).toEqual({ id: 7, status: 'pending' });
    expect(latest.results.map((a: { id: number }) => a.id)).not.toContain(theirs.id);

    // Another member's notification is "not found" and stays as it was.
    const other = await aliceClient.get('/api/v2/notifications/mark_as_old', { query: { id: theirs.id } });
    expect(other.statusCode).toBe(404);
    const bobClient = new TestClient(t.app);
    await bobClient.login(bob.username, testPassword);
    expect((await bobClient.get('/api/v2/notifications/latest')).json().results[0]).toMatchObject({
      id: theirs.id,
      read: false,
    });

    const marked = await aliceClient.get('/api/v2/notifications/mark_as_old', { query: { id: mine.id } });
    expect(marked.json()).toEqual({ id: mine.id, old: true });
    expect(await unread(aliceClient)).toBe(before - 1);
    // Shown once, it stays in the bell, now read; marking it again changes nothing.
    const after = (await aliceClient.get('/api/v2/notifications/latest')).json();
    expect(after.results[0]).toMatchObject({ id: mine.id, read: true, old: true });
    const again = await aliceClient.get('/api/v2/notifications/mark_as_old', { query: { id: mine.id } });
    expect(again.statusCode).toBe(200);
    expect(await unread(aliceClient)).toBe(before - 1);
  });

  it('serves at most one panel of notifications, newest first, whether shown before or not', async () => {
    const dora = await buildUser(t.db);
    const doraClient = new TestClient(t.app);
    await doraClient.login(dora.username, testPassword);
    await t.db.execute(
      sql`insert into activities (user_id, type, text, read, old)
        select ${dora.id}, 'other', 'seen ' || n, true, true from generate_series(1, ${pageSizes.notifications}) n`,
    );
    await insertUnread(dora.id, 5);
    const { results } = (await doraClient.get('/api/v2/notifications/latest')).json();
    expect(results).toHaveLength(pageSizes.notifications);
    expect(results.filter((a: { read: boolean }) => !a.read)).toHaveLength(5);
    const ids = results.map((a: { id: number }) => a.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
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
    const deep = await aliceClient.get('/api/v2/activities', { query: { page: limits.maxStreamPage + 1 } });
    expect(deep.statusCode).toBe(400);
    const markRead = await aliceClient.get('/api/v2/activities', { query: { mark_read: 'maybe' } });
    expect(markRead.statusCode).toBe(400);
  });
});
