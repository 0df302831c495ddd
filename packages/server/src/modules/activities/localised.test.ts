import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildUser, testPassword } from '../../../test/factories';
import { activities, users } from '../../db/schema';
import { notificationTopic } from '../../platform/realtime';
import { recordLocalisedActivities, recordLocalisedActivity } from './localised';

describe('activity sentences in the reader’s language', () => {
  let t: TestApp;
  let client: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    const reader = await buildUser(t.db, { selected_language: 'de_DE' });
    const actor = await buildUser(t.db, { firstname: 'Bea', lastname: 'Bold' });
    client = new TestClient(t.app);
    await client.login(reader.username, testPassword);
    await recordLocalisedActivity(t, {
      userId: reader.id,
      actorId: actor.id,
      type: 'invite',
      textKey: 'group_activities.invite',
      vars: { name: 'Bea Bold', group: 'Chess' },
      url: '/groups',
    });
  });
  afterAll(() => t.close());

  // Sentences were stored worded in the recipient's language, so the English interface showed German.
  it('words the feed and the latest notifications in the language of the call', async () => {
    for (const [locale, sentence] of [
      ['en_GB', 'Bea Bold invited you to the group “Chess”.'],
      ['de_DE', 'Bea Bold hat Sie in die Gruppe „Chess“ eingeladen.'],
    ] as const) {
      const feed = await client.get('/api/v2/activities', { query: { locale, mark_read: 'false' } });
      expect(feed.json().results.map((a: { text: string }) => a.text)).toEqual([sentence]);
      const latest = await client.get('/api/v2/notifications/latest', { query: { locale } });
      expect(latest.json().results.map((a: { text: string }) => a.text)).toEqual([sentence]);
    }
  });

  // The insert reads each recipient's language itself (one statement for the lookup and the rows).
  it("stores and sends each member's sentence in their own language, with the actor's image, and skips members who are gone", async () => {
    const german = await buildUser(t.db, { selected_language: 'de_DE' });
    const english = await buildUser(t.db, { selected_language: 'en_GB' });
    const actor = await buildUser(t.db, { firstname: 'Bea', lastname: 'Bold' });
    await t.db.update(users).set({ img_path: 'avatars/bea.webp' }).where(eq(users.id, actor.id));
    const heard = new Map<number, { activity: { text: string; img: string | null; user_id: number } }>();
    for (const member of [german, english])
      await t.bus.subscribe(notificationTopic(member.id), (event) => {
        heard.set(member.id, event as { activity: { text: string; img: string | null; user_id: number } });
      });

    await recordLocalisedActivities(t, {
      userIds: [german.id, english.id, 2_000_000_000],
      actorId: actor.id,
      type: 'invite',
      textKey: 'group_activities.invite',
      vars: { name: 'Bea Bold', group: 'Chess' },
      url: '/groups',
    });

    const stored = await t.db
      .select({ user_id: activities.user_id, text: activities.text, message: activities.message })
      .from(activities)
      .where(inArray(activities.user_id, [german.id, english.id, 2_000_000_000]));
    expect(stored.sort((a, b) => a.user_id - b.user_id)).toEqual([
      {
        user_id: german.id,
        text: 'Bea Bold hat Sie in die Gruppe „Chess“ eingeladen.',
        message: { key: 'group_activities.invite', vars: { name: 'Bea Bold', group: 'Chess' } },
      },
      {
        user_id: english.id,
        text: 'Bea Bold invited you to the group “Chess”.',
        message: { key: 'group_activities.invite', vars: { name: 'Bea Bold', group: 'Chess' } },
      },
    ]);
    await expect.poll(() => heard.size).toBe(2);
    expect(heard.get(german.id)?.activity).toMatchObject({
      text: 'Bea Bold hat Sie in die Gruppe „Chess“ eingeladen.',
      img: 'avatars/bea.webp',
      user_id: actor.id,
    });
    expect(heard.get(english.id)?.activity).toMatchObject({
      text: 'Bea Bold invited you to the group “Chess”.',
      img: 'avatars/bea.webp',
      user_id: actor.id,
    });
  });
});
