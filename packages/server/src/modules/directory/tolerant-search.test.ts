import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildUser, testPassword } from '../../../test/factories';
import { refreshOutdatedSearchVectors } from '../users';

// "Fisher" and "Muller" found nobody although Fischer and Müller work here: the search knew neither
// umlaut spellings nor small typos.
describe('people search tolerates spellings and one-letter typos', () => {
  let t: TestApp;
  let client: TestClient;

  const firstnames = async (q: string) => {
    const response = await client.get('/api/v2/users', { query: { query: q } });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().results as { firstname: string }[]).map((user) => user.firstname).sort();
  };

  beforeAll(async () => {
    t = await createTestApp();
    const viewer = await buildUser(t.db, { firstname: 'Vera', lastname: 'Viewer' });
    await buildUser(t.db, { firstname: 'Jürgen', lastname: 'Müller' });
    await buildUser(t.db, { firstname: 'Jonas', lastname: 'Fischer' });
    await buildUser(t.db, { firstname: 'Heike', lastname: 'Weiß' });
    await buildUser(t.db, { firstname: 'Bruno', lastname: 'Braun' });
    await buildUser(t.db, { firstname: 'Hanna', lastname: 'Schäfer' });
    client = new TestClient(t.app);
    await client.login(viewer.username, testPassword);
  });
  afterAll(() => t.close());

  it('finds umlauts and ß by their other spellings', async () => {
    expect(await firstnames('Muller')).toEqual(['Jürgen']);
    expect(await firstnames('Mueller')).toEqual(['Jürgen']);
    expect(await firstnames('Juergen Mueller')).toEqual(['Jürgen']);
    expect(await firstnames('Weiss')).toEqual(['Heike']);
    expect(await firstnames('Schaefer')).toEqual(['Hanna']);
    expect(await firstnames('müll')).toEqual(['Jürgen']);
  });

  it('finds a name with one letter missing, added or replaced, and not two letters off', async () => {
    expect(await firstnames('Fisher')).toEqual(['Jonas']);
    expect(await firstnames('Fischerr')).toEqual(['Jonas']);
    expect(await firstnames('Fiscger')).toEqual(['Jonas']);
    expect(await firstnames('Fichre')).toEqual([]);
    // Braun and Bruno are two letters apart.
    expect(await firstnames('Braun')).toEqual(['Bruno']);
    expect(await firstnames('Brunu')).toEqual(['Bruno']);
  });

  it('puts exact matches before tolerated ones', async () => {
    await buildUser(t.db, { firstname: 'Kai', lastname: 'Fisher' });
    const response = await client.get('/api/v2/users', { query: { query: 'Fisher' } });
    const names = (response.json().results as { lastname: string }[]).map((user) => user.lastname);
    expect(names).toEqual(['Fisher', 'Fischer']);
  });

  it('rebuilds search documents made by older rules when the app starts', async () => {
    await t.db.execute(
      sql`update users set search_vector = to_tsvector('simple', firstname || ' ' || lastname)`,
    );
    expect(await firstnames('Muller')).toEqual([]);
    await refreshOutdatedSearchVectors(t.db);
    expect(await firstnames('Muller')).toEqual(['Jürgen']);
  });
});
