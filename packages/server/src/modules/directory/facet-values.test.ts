import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildUser, testPassword } from '../../../test/factories';

// Filter values stood twice, once per language members wrote them in (Deutsch and German, Vertrieb and Sales).
describe('directory filter values in the viewer’s language', () => {
  let t: TestApp;
  let client: TestClient;

  const valuesOf = async (locale: string, facet: string) => {
    const response = await client.get('/api/v2/users.filters', { query: { locale } });
    expect(response.statusCode, response.body).toBe(200);
    const filter = (response.json().results as { id: string; properties: { value: string }[] }[]).find(
      (f) => f.id === facet,
    );
    return filter?.properties.map((p) => p.value);
  };

  beforeAll(async () => {
    t = await createTestApp();
    const viewer = await buildUser(
      t.db,
      { firstname: 'Vera' },
      { languages: ['Deutsch'], areas: ['Vertrieb'] },
    );
    await buildUser(t.db, { firstname: 'Grace' }, { languages: ['German', 'English'], areas: ['Sales'] });
    await buildUser(t.db, { firstname: 'Olaf' }, { languages: ['Plattdeutsch'], areas: ['Vertrieb'] });
    client = new TestClient(t.app);
    await client.login(viewer.username, testPassword);
  });
  afterAll(() => t.close());

  it('shows each known value once, in the language of the call; unknown ones as written', async () => {
    expect(await valuesOf('de_DE', 'languages')).toEqual(['Deutsch', 'Englisch', 'Plattdeutsch']);
    expect(await valuesOf('en_GB', 'languages')).toEqual(['English', 'German', 'Plattdeutsch']);
    expect(await valuesOf('de_DE', 'areas')).toEqual(['Vertrieb']);
    expect(await valuesOf('en_GB', 'areas')).toEqual(['Sales']);
  });

  it('finds the members who wrote a value in either language', async () => {
    const firstnames = async (query: string) =>
      ((await client.get(`/api/v2/users?${query}`)).json().results as { firstname: string }[])
        .map((user) => user.firstname)
        .sort();
    expect(await firstnames('filters[languages]=Deutsch')).toEqual(['Grace', 'Vera']);
    expect(await firstnames('filters[areas]=Sales')).toEqual(['Grace', 'Olaf', 'Vera']);
  });
});
