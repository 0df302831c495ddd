import type { FilterOption, User } from '@plaza/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildProfileField, patchSettings, setFieldValues } from '../../../test/directory-helpers';
import { buildUser, testPassword } from '../../../test/factories';
import { signedIn } from '../../../test/group-helpers';
import { refreshUserSearchVectors } from '../users/search-vector';

type Member = Awaited<ReturnType<typeof buildUser>>;

describe('directory: who-is-who list, filters and search', () => {
  let t: TestApp;
  let viewer: Member;
  let lukas: Member;
  let lisa: Member;
  let tom: Member;
  let client: TestClient;
  let department: { id: number };
  let hobbies: { id: number };
  let secret: { id: number };

  const names = (body: { results: User[] }) => body.results.map((user) => user.firstname);
  const list = async (query: string) => {
    const response = await client.get(`/api/v2/users${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { results: User[]; pagination: { total: number; last: number } };
  };

  beforeAll(async () => {
    t = await createTestApp();
    viewer = await buildUser(t.db, { firstname: 'Vera', lastname: 'Viewer' });
    lukas = await buildUser(
      t.db,
      { firstname: 'Lukas', lastname: 'Brenner' },
      {
        position: 'Entwickler',
        location_names: ['Berlin'],
        skills: ['SQL', 'TypeScript'],
        areas: ['IT'],
        languages: ['Deutsch', 'Englisch'],
      },
    );
    lisa = await buildUser(
      t.db,
      { firstname: 'Lisa', lastname: 'Albers' },
      {
        position: 'Senior Developer',
        location_names: ['Hamburg'],
        skills: ['SQL', 'Python'],
        areas: ['Marketing'],
        special_tasks: ['Vertretung für Zeller'],
      },
    );
    tom = await buildUser(
      t.db,
      { firstname: 'Tom', lastname: 'Zeller' },
      { position: 'Buchhalter', location_names: ['Berlin'], skills: ['Excel'], areas: ['Finanzen'] },
    );
    const nina = await buildUser(
      t.db,
      { firstname: 'Nina', lastname: 'Neu', agb_nda_accepted: false },
      { location_names: ['Köln'], skills: ['SQL', 'Cobol'] },
    );
    department = await buildProfileField(t.db, {
      key: 'department',
      type: 'select',
      labels: { de_DE: 'Abteilung', en_GB: 'Department' },
      options: [
        { value: 'hr', labels: { de_DE: 'Personal', en_GB: 'Human resources' } },
        { value: 'it', labels: { de_DE: 'Informatik', en_GB: 'Information technology' } },
      ],
      filterable: true,
      position: 1,
    });
    hobbies = await buildProfileField(t.db, {
      key: 'hobbies',
      labels: { de_DE: 'Hobbys', en_GB: 'Hobbies' },
      position: 2,
    });
    secret = await buildProfileField(t.db, {
      key: 'secret',
      labels: { de_DE: 'Geheim', en_GB: 'Secret' },
      searchable: false,
      position: 3,
    });
    await setFieldValues(t.db, lukas.id, department.id, ['it']);
    await setFieldValues(t.db, lukas.id, hobbies.id, ['Segeln']);
    await setFieldValues(t.db, lisa.id, department.id, ['hr']);
    await setFieldValues(t.db, lisa.id, hobbies.id, ['Bergsteigen']);
    await setFieldValues(t.db, lisa.id, secret.id, ['Zauberwort']);
    await setFieldValues(t.db, tom.id, department.id, ['hr']);
    await setFieldValues(t.db, nina.id, department.id, ['it']);
    await refreshUserSearchVectors(t.db);
    client = await signedIn(t, viewer);
  });
  afterAll(() => t.close());

  it('refuses anonymous callers and members who have not accepted the terms', async () => {
    const paths = [
      '/api/v2/users',
      '/api/v2/users.filters',
      '/api/v2/users/search?q=a',
      '/api/v2/users/profile_fields',
      '/api/v2/users/suggestions?field_id=skills&query=s',
    ];
    const anonymous = new TestClient(t.app);
    const pending = await buildUser(t.db, { agb_nda_accepted: false });
    const pendingClient = new TestClient(t.app);
    await pendingClient.login(pending.username, testPassword);
    for (const path of paths) {
      expect((await anonymous.get(path)).statusCode, path).toBe(401);
      const refused = await pendingClient.get(path);
      expect(refused.statusCode, path).toBe(403);
      expect(refused.json().errors[0].code).toBe('agb_not_accepted');
    }
  });

  it('refuses bad pages, orders, filters and search fields with a 400', async () => {
    const bad = [
      '/api/v2/users?page=0',
      '/api/v2/users?page=abc',
      '/api/v2/users?per_page=1000',
      '/api/v2/users?order_by=age',
      '/api/v2/users?type=everything',
      '/api/v2/users?filters[colour]=blue',
      '/api/v2/users?filters[Bad-Key]=x',
      `/api/v2/users?filters[custom_${hobbies.id}]=Segeln`,
      '/api/v2/users?filters[custom_999]=x',
      `/api/v2/users?filters[skills]=${'x'.repeat(201)}`,
      '/api/v2/users?type=extendedSearch&field_id=bogus&query=x',
      '/api/v2/users?type=extendedSearch&field_id=custom_999&query=x',
      `/api/v2/users?type=extendedSearch&field_id=custom_${secret.id}&query=x`,
      '/api/v2/users/suggestions?query=x',
      '/api/v2/users/suggestions?field_id=custom_999&query=x',
      `/api/v2/users/search?q=${'x'.repeat(201)}`,
    ];
    for (const path of bad) {
      const response = await client.get(path);
      expect(response.statusCode, path).toBe(400);
      expect(response.json().errors.length, path).toBeGreaterThan(0);
    }
  });

  it('lists members who accepted the terms, by last name as the settings say, in pages', async () => {
    const all = await list('');
    expect(names(all)).toEqual(['Lisa', 'Lukas', 'Vera', 'Tom']);
    expect(all.pagination.total).toBe(4);
    const second = await list('?per_page=3&page=2');
    expect(names(second)).toEqual(['Tom']);
    expect(second.pagination.last).toBe(2);
    // A page past the end is empty and still tells how many there are.
    const pastTheEnd = await list('?page=5');
    expect(pastTheEnd.results).toEqual([]);
    expect(pastTheEnd.pagination.total).toBe(4);
    expect((await list('?query=Zauberwort')).pagination.total).toBe(0);
    expect((await list('?query=SQL&per_page=1&page=2')).pagination.total).toBe(2);
    expect(names(await list('?order_by=firstname'))).toEqual(['Lisa', 'Lukas', 'Tom', 'Vera']);
    expect(names(await list('?order_by=newest'))).toEqual(['Tom', 'Lisa', 'Lukas', 'Vera']);
    await patchSettings(t.db, { base_options: { show_users_in_order: 'firstname' } });
    expect(names(await list(''))).toEqual(['Lisa', 'Lukas', 'Tom', 'Vera']);
    await patchSettings(t.db, { base_options: { show_users_in_order: 'lastname' } });
  });

  it('finds by name, name prefix, skill, German and English stems and searchable custom fields', async () => {
    expect(names(await list('?query=Luk'))).toEqual(['Lukas']);
    expect(names(await list('?query=%20lukas%20brenner%20'))).toEqual(['Lukas']);
    expect(names(await list('?query=SQL&order_by=lastname'))).toEqual(['Lisa', 'Lukas']);
    expect(names(await list('?query=Entwicklung'))).toEqual(['Lukas']);
    expect(names(await list('?query=developers'))).toEqual(['Lisa']);
    expect(names(await list('?query=Segeln'))).toEqual(['Lukas']);
    expect(names(await list('?query=Personal&order_by=lastname'))).toEqual(['Lisa', 'Tom']);
    expect(names(await list('?query=Human%20resources&order_by=lastname'))).toEqual(['Lisa', 'Tom']);
    expect((await list('?query=Zauberwort')).results).toEqual([]);
    expect((await list('?query=Cobol')).results).toEqual([]);
    expect((await list('?query=%20%20')).pagination.total).toBe(4);
    expect((await list('?query=%26%7C!%3A*')).pagination.total).toBe(4);
  });

  it('puts better matches first when searching, unless an order is asked for', async () => {
    expect(names(await list('?query=Zeller'))).toEqual(['Tom', 'Lisa']);
    expect(names(await list('?query=Zeller&order_by=lastname'))).toEqual(['Lisa', 'Tom']);
  });

  it('filters by facets: ORed within one, ANDed across, custom fields included', async () => {
    expect(names(await list('?filters[locations]=Berlin'))).toEqual(['Lukas', 'Tom']);
    expect(names(await list('?filters[locations]=Berlin&filters[locations]=Hamburg'))).toEqual([
      'Lisa',
      'Lukas',
      'Tom',
    ]);
    expect(names(await list('?filters[locations]=Berlin&filters[skills]=SQL'))).toEqual(['Lukas']);
    expect(names(await list(`?filters[custom_${department.id}]=hr`))).toEqual(['Lisa', 'Tom']);
    expect(names(await list(`?filters[custom_${department.id}]=hr&filters[locations]=Berlin`))).toEqual([
      'Tom',
    ]);
    expect(names(await list('?filters[skills]=SQL&query=Hamburg'))).toEqual(['Lisa']);
    expect(names(await list('?filters[areas][]=IT&filters[areas][]=Marketing'))).toEqual(['Lisa', 'Lukas']);
    // As the web client's URLSearchParams sends them: brackets percent-encoded.
    const encoded = new URLSearchParams([
      ['filters[locations]', 'Berlin'],
      ['filters[skills]', 'SQL'],
    ]).toString();
    expect(encoded).toContain('%5B');
    expect(names(await list(`?${encoded}`))).toEqual(['Lukas']);
  });

  it('restricts an extended search to its field', async () => {
    const extended = (field: string, query: string) =>
      list(`?type=extendedSearch&field_id=${field}&query=${encodeURIComponent(query)}`);
    expect(names(await extended('skills', 'SQL'))).toEqual(['Lisa', 'Lukas']);
    expect((await extended('name', 'SQL')).results).toEqual([]);
    expect(names(await extended('name', 'Zeller'))).toEqual(['Tom']);
    expect(names(await extended('locations', 'Berlin'))).toEqual(['Lukas', 'Tom']);
    expect(names(await extended('position', 'Entwickler'))).toEqual(['Lukas']);
    expect(names(await extended(`custom_${hobbies.id}`, 'segel'))).toEqual(['Lukas']);
    expect(names(await extended(`custom_${department.id}`, 'Personal'))).toEqual(['Lisa', 'Tom']);
    // A plain page search ignores field_id and searches everything.
    expect(names(await list('?type=page&field_id=name&query=Zeller'))).toEqual(['Tom', 'Lisa']);
  });

  it('offers the facets with the values that occur among listed members, labels localized', async () => {
    const filters = async (locale: string) => {
      const response = await client.get('/api/v2/users.filters', { headers: { 'x-locale': locale } });
      expect(response.statusCode).toBe(200);
      return (response.json() as { results: FilterOption[] }).results;
    };
    const german = await filters('de_DE');
    expect(german.map((f) => f.identifier)).toEqual([
      'locations',
      'areas',
      'skills',
      'special_tasks',
      'languages',
      `custom_${department.id}`,
    ]);
    const byId = (list: FilterOption[], id: string) => list.find((f) => f.identifier === id)!;
    expect(byId(german, 'locations').label).toBe('Standort');
    expect(byId(german, 'locations').properties.map((p) => p.id)).toEqual(['Berlin', 'Hamburg']);
    expect(byId(german, 'skills').properties.map((p) => p.value)).toEqual([
      'Excel',
      'Python',
      'SQL',
      'TypeScript',
    ]);
    expect(byId(german, `custom_${department.id}`)).toEqual({
      id: `custom_${department.id}`,
      identifier: `custom_${department.id}`,
      label: 'Abteilung',
      properties: [
        { id: 'hr', value: 'Personal', type: 'option' },
        { id: 'it', value: 'Informatik', type: 'option' },
      ],
    });
    const english = await filters('en_GB');
    expect(byId(english, 'locations').label).toBe('Location');
    expect(byId(english, `custom_${department.id}`).properties[0]?.value).toBe('Human resources');
    expect(JSON.stringify(german)).not.toContain('Cobol');
  });

  it('quick search returns the best few matches and nothing for blank text', async () => {
    const search = async (q: string) => {
      const response = await client.get(`/api/v2/users/search?q=${encodeURIComponent(q)}`);
      expect(response.statusCode).toBe(200);
      return response.json() as { results: User[] };
    };
    expect(names(await search('luk'))).toEqual(['Lukas']);
    expect(names(await search('Zeller'))).toEqual(['Tom', 'Lisa']);
    expect((await search('   ')).results).toEqual([]);
    for (let i = 0; i < 9; i += 1) {
      await buildUser(t.db, { firstname: `Quickfind${i}`, lastname: 'Many' });
    }
    await refreshUserSearchVectors(t.db);
    expect((await search('quickfind')).results).toHaveLength(8);
  });

  it('lists the search fields, or those the settings configure', async () => {
    const fields = async () =>
      (await client.get('/api/v2/users/profile_fields', { headers: { 'x-locale': 'en_GB' } })).json();
    expect(await fields()).toEqual([
      { field_id: 'name', name: 'Name' },
      { field_id: 'position', name: 'Position' },
      { field_id: 'locations', name: 'Location' },
      { field_id: 'areas', name: 'Area' },
      { field_id: 'skills', name: 'Skills' },
      { field_id: 'special_tasks', name: 'Special tasks' },
      { field_id: 'languages', name: 'Languages' },
      { field_id: `custom_${department.id}`, name: 'Department' },
      { field_id: `custom_${hobbies.id}`, name: 'Hobbies' },
    ]);
    await patchSettings(t.db, {
      advanced_search: {
        type: 'extended',
        fields: [
          { field_id: 'skills', name: 'Know-how' },
          { field_id: 'custom_999', name: 'Gone' },
        ],
      },
    });
    expect(await fields()).toEqual([{ field_id: 'skills', name: 'Know-how' }]);
    expect((await client.get('/api/v2/users?type=extendedSearch&field_id=name&query=Tom')).statusCode).toBe(
      400,
    );
    expect((await client.get('/api/v2/users/suggestions?field_id=name&query=Tom')).statusCode).toBe(400);
    await patchSettings(t.db, { advanced_search: { type: 'basic', fields: [] } });
  });

  it('suggests values of the field (those starting with the text first) and then people', async () => {
    const suggest = async (field: string, query: string, locale = 'de_DE') => {
      const response = await client.get(
        `/api/v2/users/suggestions?field_id=${field}&query=${encodeURIComponent(query)}`,
        { headers: { 'x-locale': locale } },
      );
      expect(response.statusCode).toBe(200);
      return response.json().results as { id: string; title: string; type: string }[];
    };
    expect(await suggest('skills', 's')).toEqual([
      { id: 'SQL', title: 'SQL', type: 'value' },
      { id: 'TypeScript', title: 'TypeScript', type: 'value' },
      { id: String(lisa.id), title: 'Lisa Albers', type: 'user' },
      { id: String(lukas.id), title: 'Lukas Brenner', type: 'user' },
    ]);
    expect(await suggest(`custom_${department.id}`, 'pers')).toEqual([
      { id: 'hr', title: 'Personal', type: 'value' },
      { id: String(lisa.id), title: 'Lisa Albers', type: 'user' },
      { id: String(tom.id), title: 'Tom Zeller', type: 'user' },
    ]);
    expect((await suggest(`custom_${department.id}`, 'human', 'en_GB'))[0]).toEqual({
      id: 'hr',
      title: 'Human resources',
      type: 'value',
    });
    expect(await suggest('name', 'luk')).toEqual([
      { id: String(lukas.id), title: 'Lukas Brenner', type: 'user' },
    ]);
    expect(await suggest('skills', '%')).toEqual([]);
    expect(await suggest('skills', '  ')).toEqual([]);
  });

  it('neither searches nor filters by a field the settings switch off', async () => {
    const admin = await signedIn(t, await buildUser(t.db, { permissions: ['superadmin'] }));
    const switchSkills = async (on: boolean) => {
      const response = await admin.put('/api/v2/settings', {
        profile_options: { included_profile_skills: on },
      });
      expect(response.statusCode).toBe(200);
    };
    await switchSkills(false);
    expect((await list('?query=Python')).results).toEqual([]);
    expect((await client.get('/api/v2/users?filters[skills]=SQL')).statusCode).toBe(400);
    const filters = (await client.get('/api/v2/users.filters')).json().results as FilterOption[];
    expect(filters.map((f) => f.identifier)).not.toContain('skills');
    expect(
      (await client.get('/api/v2/users/profile_fields')).json().map((f: { field_id: string }) => f.field_id),
    ).not.toContain('skills');
    await switchSkills(true);
    expect(names(await list('?query=Python'))).toEqual(['Lisa']);
  });
});
