import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildUser, testPassword } from '../../../test/factories';
import { recordLocalisedActivity } from './localised';

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
});
