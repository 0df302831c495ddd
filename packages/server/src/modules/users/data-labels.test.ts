import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildUser, testPassword } from '../../../test/factories';

// A German profile showed the chip "First-aid officer": data labels come in the reader's language.
describe('profile data labels in the reader’s language', () => {
  let t: TestApp;
  let client: TestClient;
  let annaId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const anna = await buildUser(
      t.db,
      { firstname: 'Anna', lastname: 'Schneider' },
      {
        special_tasks: ['First-aid officer', 'Kaffeekasse'],
        areas: ['People & Culture', 'Vertrieb'],
        languages: ['Deutsch', 'Englisch'],
      },
    );
    annaId = anna.id;
    const viewer = await buildUser(t.db, { firstname: 'Vera' });
    client = new TestClient(t.app);
    await client.login(viewer.username, testPassword);
  });
  afterAll(() => t.close());

  const profile = async (locale: string) => {
    const response = await client.get(`/api/v2/users/${annaId}`, { query: { locale } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('shows known special tasks, areas and languages in German to a German reader', async () => {
    expect(await profile('de_DE')).toMatchObject({
      special_tasks: ['Erste Hilfe', 'Kaffeekasse'],
      areas: ['People & Culture', 'Vertrieb'],
      languages: ['Deutsch', 'Englisch'],
    });
  });

  it('shows them in English to an English reader; unknown values as written', async () => {
    expect(await profile('en_GB')).toMatchObject({
      special_tasks: ['First-aid officer', 'Kaffeekasse'],
      areas: ['People & Culture', 'Sales'],
      languages: ['German', 'English'],
    });
  });

  it('labels the special tasks of the who-is-who cards in the reader’s language', async () => {
    const response = await client.get('/api/v2/users', { query: { locale: 'de_DE', query: 'Schneider' } });
    expect(response.statusCode, response.body).toBe(200);
    const card = (response.json().results as { id: number; special_tasks?: string[] }[]).find(
      (user) => user.id === annaId,
    );
    expect(card?.special_tasks).toEqual(['Erste Hilfe', 'Kaffeekasse']);
  });
});
