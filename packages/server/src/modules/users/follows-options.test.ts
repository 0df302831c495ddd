import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildUser } from '../../../test/factories';
import { signedIn } from '../../../test/group-helpers';

describe('follows and option lists', () => {
  let t: TestApp;
  let anna: Awaited<ReturnType<typeof buildUser>>;
  let ben: Awaited<ReturnType<typeof buildUser>>;
  let cleo: Awaited<ReturnType<typeof buildUser>>;
  let annaClient: TestClient;
  let benClient: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    anna = await buildUser(t.db, { firstname: 'Anna', lastname: 'Zeller' }, { skills: ['SQL', 'Go'] });
    ben = await buildUser(t.db, { firstname: 'Ben', lastname: 'Adler' }, { location_names: ['Berlin'] });
    cleo = await buildUser(t.db, { firstname: 'Cleo', lastname: 'Meyer' }, { skills: ['SQL'] });
    annaClient = await signedIn(t, anna);
    benClient = await signedIn(t, ben);
  });
  afterAll(() => t.close());

  it('follows members, lists them by name and counts followers', async () => {
    const followed = await annaClient.put(`/api/v2/users/${anna.id}/follows`, {
      follows: [cleo.id, ben.id, ben.id],
    });
    expect(followed.statusCode).toBe(200);
    expect(followed.json().follows).toEqual([ben.id, cleo.id].sort((a, b) => a - b));
    const list = (await annaClient.get('/api/v2/users/follows')).json();
    expect(list.results.map((user: { id: number }) => user.id)).toEqual([ben.id, cleo.id]);
    expect(list.pagination.total).toBe(2);
    const page = (await annaClient.get('/api/v2/users/follows', { query: { per_page: 1, page: 2 } })).json();
    expect(page.results.map((user: { id: number }) => user.id)).toEqual([cleo.id]);

    const profile = (await annaClient.get(`/api/v2/users/${ben.id}`)).json();
    expect(profile).toMatchObject({ followed: true, followers_count: 1, following_count: 0 });
    const own = (await annaClient.get(`/api/v2/users/${anna.id}`)).json();
    expect(own).toMatchObject({ followed: false, following_count: 2 });
    expect((await benClient.get(`/api/v2/users/${ben.id}`)).json().followed).toBe(false);
  });

  it('unfollows with a body on DELETE', async () => {
    const response = await annaClient.call('DELETE', `/api/v2/users/${anna.id}/follows`, {
      follows: [ben.id],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().follows).toEqual([cleo.id]);
  });

  it('refuses following oneself, unknown members, changing another member’s follows and anonymous callers', async () => {
    const self = await annaClient.put(`/api/v2/users/${anna.id}/follows`, { follows: [anna.id] });
    expect(self.statusCode).toBe(400);
    expect(self.json().errors[0].field).toBe('follows');
    const unknown = await annaClient.put(`/api/v2/users/${anna.id}/follows`, { follows: [999999] });
    expect(unknown.statusCode).toBe(400);
    const empty = await annaClient.put(`/api/v2/users/${anna.id}/follows`, { follows: [] });
    expect(empty.statusCode).toBe(400);
    const foreign = await benClient.put(`/api/v2/users/${anna.id}/follows`, { follows: [cleo.id] });
    expect(foreign.statusCode).toBe(403);
    const foreignDelete = await benClient.call('DELETE', `/api/v2/users/${anna.id}/follows`, {
      follows: [cleo.id],
    });
    expect(foreignDelete.statusCode).toBe(403);
    expect((await new TestClient(t.app).get('/api/v2/users/follows')).statusCode).toBe(401);
  });

  it('lists gender, status and salutation options in the caller language', async () => {
    const genders = (
      await annaClient.get('/api/v2/users/gender_options', { query: { locale: 'de_DE' } })
    ).json();
    expect(genders.options).toEqual([
      { value: 'female', label: 'weiblich' },
      { value: 'male', label: 'männlich' },
      { value: 'diverse', label: 'divers' },
    ]);
    const statuses = (
      await annaClient.get('/api/v2/users/status_options', { query: { locale: 'en_GB' } })
    ).json();
    expect(statuses.options[0]).toEqual({ value: 'employee', label: 'Employee' });
    const salutations = (
      await annaClient.get('/api/v2/addresses/salutation_options', { query: { locale: 'en_GB' } })
    ).json();
    expect(salutations.options.map((o: { label: string }) => o.label)).toEqual(['Ms', 'Mr', 'Mx']);
    // Visitors read them too: the registration asks for addresses before there is an account.
    const visitor = await new TestClient(t.app).get('/api/v2/users/gender_options', {
      query: { locale: 'en_GB' },
    });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json().options[0]).toEqual({ value: 'female', label: 'female' });
  });

  it('lists countries by name in the caller language, every entry with a code', async () => {
    const german = (
      await annaClient.get('/api/v2/addresses/country_options', { query: { locale: 'de_DE' } })
    ).json();
    const english = (
      await annaClient.get('/api/v2/addresses/country_options', { query: { locale: 'en_GB' } })
    ).json();
    expect(german.options).toContainEqual({ value: 'DE', label: 'Deutschland' });
    expect(english.options).toContainEqual({ value: 'DE', label: 'Germany' });
    expect(
      german.options.every((o: { value: string; label: string }) => /^[A-Z]{2}$/.test(o.value) && o.label),
    ).toBe(true);
    const labels = english.options.map((o: { label: string }) => o.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'en-GB')));
    expect(german.options.length).toBeGreaterThan(190);
  });

  it('lists the values in use of the list fields', async () => {
    const lists = (await annaClient.get('/api/v2/users/list_options')).json();
    expect(lists.skills).toEqual(['Go', 'SQL']);
    expect(lists.locations).toEqual(['Berlin']);
    expect(lists.areas).toEqual([]);
  });
});
