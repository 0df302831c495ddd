import type { AdminJob, JobInput } from '@plaza/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildAdmin, buildUser, testPassword } from '../../../test/factories';
import { locations } from '../../db/schema';

/** The members' side of the jobs board: list, filters, search, pages, a job with its neighbours. */
describe('jobs board', () => {
  let t: TestApp;
  let visitor: TestClient;
  let member: TestClient;
  let admin: TestClient;
  let berlin: number;
  let hamburg: number;
  let munich: number;
  /** The open jobs as the list shows them, newest first. */
  let open: AdminJob[] = [];
  let draft: AdminJob;
  let closed: AdminJob;

  async function signedIn(user: { username: string }) {
    const client = new TestClient(t.app);
    await client.login(user.username, testPassword);
    return client;
  }

  async function create(input: Partial<JobInput>, state: 'draft' | 'open' | 'closed'): Promise<AdminJob> {
    const response = await admin.post('/api/v2/admin/jobs', {
      title: 'Job',
      locale: 'de_DE',
      field: 'it',
      location_id: berlin,
      employment_type: 'full_time',
      ...input,
    });
    expect(response.statusCode, response.body).toBe(200);
    const job: AdminJob = response.json();
    if (state !== 'draft')
      expect((await admin.post(`/api/v2/admin/jobs/${job.id}/publish`)).statusCode).toBe(200);
    if (state === 'closed')
      expect((await admin.post(`/api/v2/admin/jobs/${job.id}/close`)).statusCode).toBe(200);
    return job;
  }

  const ids = (response: { json(): { results: { id: number }[] } }) =>
    response.json().results.map((job) => job.id);

  beforeAll(async () => {
    t = await createTestApp();
    visitor = new TestClient(t.app);
    member = await signedIn(await buildUser(t.db));
    admin = await signedIn(await buildAdmin(t.db));
    const places = await t.db
      .insert(locations)
      .values([{ name: 'Berlin Mitte' }, { name: 'Hamburg Hafen' }, { name: 'München Süd' }])
      .returning({ id: locations.id });
    [berlin, hamburg, munich] = places.map((place) => place.id) as [number, number, number];
    const made = [
      await create({ title: 'Softwareentwicklerin Backend', field: 'it', location_id: berlin }, 'open'),
      await create({ title: 'Sales Manager', field: 'sales', location_id: hamburg, locale: 'en_GB' }, 'open'),
      await create(
        {
          title: 'Werkstudent Marketing',
          field: 'marketing',
          location_id: berlin,
          employment_type: 'part_time',
        },
        'open',
      ),
      await create({ title: 'IT-Administrator', field: 'it', location_id: hamburg }, 'open'),
      await create(
        {
          title: 'Ausbildung Fachinformatiker',
          field: 'it',
          location_id: berlin,
          employment_type: 'apprenticeship',
        },
        'open',
      ),
    ];
    open = made.reverse();
    draft = await create({ title: 'Geheimer Entwurf', location_id: munich }, 'draft');
    closed = await create({ title: 'Besetzte Stelle', location_id: munich, field: 'finance' }, 'closed');
  });
  afterAll(() => t.close());

  it('lists open jobs only, newest published first, with image, location and title', async () => {
    const response = await member.get('/api/v2/jobs');
    expect(response.statusCode).toBe(200);
    expect(ids(response)).toEqual(open.map((job) => job.id));
    expect(response.json().results[0]).toMatchObject({
      title: 'Ausbildung Fachinformatiker',
      img: null,
      location: { id: berlin, name: 'Berlin Mitte' },
      field: { id: 'it', label: 'IT' },
      employment_type: { id: 'apprenticeship', label: 'Ausbildung' },
      locale: 'de_DE',
    });
    expect(response.json().pagination).toMatchObject({
      self: 1,
      prev: null,
      next: null,
      last: null,
      total: null,
    });
    expect((await visitor.get('/api/v2/jobs')).statusCode).toBe(401);
  });

  it('answers a draft or closed job like a missing one (404), to members and administrators alike', async () => {
    const missing = await member.get('/api/v2/jobs/999999');
    expect(missing.statusCode).toBe(404);
    for (const job of [draft, closed]) {
      for (const client of [member, admin]) {
        const response = await client.get(`/api/v2/jobs/${job.id}`);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual(missing.json());
      }
    }
    expect((await visitor.get(`/api/v2/jobs/${open[0]!.id}`)).statusCode).toBe(401);
  });

  it('offers the filter values open jobs have, labelled in the reader’s language', async () => {
    const response = await member.get('/api/v2/jobs.filters', { query: { locale: 'en_GB' } });
    expect(response.statusCode).toBe(200);
    const facets = response.json().results as {
      identifier: string;
      label: string;
      properties: { id: string; value: string }[];
    }[];
    expect(facets.map((facet) => [facet.identifier, facet.label])).toEqual([
      ['location', 'Location'],
      ['field', 'Field'],
      ['employment_type', 'Employment type'],
    ]);
    // München has only a draft and a closed job; finance only a closed one.
    expect(facets[0]!.properties).toEqual([
      { id: String(berlin), value: 'Berlin Mitte', type: 'option' },
      { id: String(hamburg), value: 'Hamburg Hafen', type: 'option' },
    ]);
    expect(facets[1]!.properties.map((value) => value.id)).toEqual(['it', 'marketing', 'sales']);
    expect(facets[1]!.properties.map((value) => value.value)).toEqual(['IT', 'Marketing', 'Sales']);
    expect(facets[2]!.properties.map((value) => value.id)).toEqual([
      'full_time',
      'part_time',
      'apprenticeship',
    ]);
  });

  it('filters by lists of values: facets ANDed, values of one facet ORed', async () => {
    const at = (query: string) => member.get(`/api/v2/jobs?${query}`);
    const inBerlin = open.filter((job) => job.location_id === berlin).map((job) => job.id);
    expect(ids(await at(`filters[location][]=${berlin}`))).toEqual(inBerlin);
    expect(ids(await at(`filters[location]=${berlin}`))).toEqual(inBerlin);
    const itInHamburg = open.filter((job) => job.location_id === hamburg && job.field === 'it');
    expect(ids(await at(`filters[location][]=${hamburg}&filters[field][]=it`))).toEqual(
      itInHamburg.map((job) => job.id),
    );
    const salesOrMarketing = open
      .filter((job) => ['sales', 'marketing'].includes(job.field))
      .map((job) => job.id);
    expect(ids(await at('filters[field][]=sales&filters[field][]=marketing'))).toEqual(salesOrMarketing);
    expect(ids(await at(`filters[location][]=${munich}`))).toEqual([]);
    expect(ids(await at('filters[employment_type][]=part_time&page=1'))).toEqual([open[2]!.id]);
  });

  it('refuses unknown facets and values with a 400 that names them', async () => {
    for (const query of [
      'filters[colour][]=red',
      'filters[field][]=astronomy',
      'filters[location][]=Berlin',
      'filters[employment_type][]=forever',
      'page=0',
      'page=501',
      'per_page=1000',
    ]) {
      const response = await member.get(`/api/v2/jobs?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().errors[0].code).toBe('validation_failed');
    }
    const job = await member.get(`/api/v2/jobs/${open[0]!.id}?filters[field][]=astronomy`);
    expect(job.statusCode).toBe(400);
  });

  it('searches title, profile and offer by word prefixes', async () => {
    expect(ids(await member.get('/api/v2/jobs', { query: { query: 'softw' } }))).toEqual([open[4]!.id]);
    expect(ids(await member.get('/api/v2/jobs', { query: { query: 'it admin' } }))).toEqual([open[1]!.id]);
    expect(ids(await member.get('/api/v2/jobs', { query: { query: 'Geheimer' } }))).toEqual([]);
    expect(ids(await member.get('/api/v2/jobs', { query: { query: '   ' } }))).toEqual(
      open.map((job) => job.id),
    );
  });

  it('pages the list like a stream: next while more follow, an empty page past the end', async () => {
    const page = (n: number) => member.get('/api/v2/jobs', { query: { page: n, per_page: 2 } });
    const first = await page(1);
    expect(ids(first)).toEqual([open[0]!.id, open[1]!.id]);
    expect(first.json().pagination).toMatchObject({ self: 1, prev: null, next: 2, per_page: 2 });
    const last = await page(3);
    expect(ids(last)).toEqual([open[4]!.id]);
    expect(last.json().pagination).toMatchObject({ self: 3, prev: 2, next: null });
    const exact = await member.get('/api/v2/jobs', { query: { page: 1, per_page: 5 } });
    expect(exact.json().pagination.next).toBeNull();
    const beyond = await page(4);
    expect(beyond.statusCode).toBe(200);
    expect(beyond.json()).toMatchObject({ results: [], pagination: { self: 4, prev: 3, next: null } });
  });

  it('answers a job with every field and its neighbours in the whole list, null at both ends', async () => {
    const first = (await member.get(`/api/v2/jobs/${open[0]!.id}`)).json();
    expect(first).toMatchObject({
      id: open[0]!.id,
      title: 'Ausbildung Fachinformatiker',
      available_in: null,
      tasks: [],
      profile: '',
      offer: '',
      pagination: { prev: null, next: open[1]!.id },
    });
    expect(typeof first.published_at).toBe('string');
    const middle = (await member.get(`/api/v2/jobs/${open[2]!.id}`)).json();
    expect(middle.pagination).toEqual({ prev: open[1]!.id, next: open[3]!.id });
    const last = (await member.get(`/api/v2/jobs/${open[4]!.id}`)).json();
    expect(last.pagination).toEqual({ prev: open[3]!.id, next: null });
  });

  it('answers the neighbours within the list of the same filters and search', async () => {
    const inBerlin = open.filter((job) => job.location_id === berlin);
    expect(inBerlin).toHaveLength(3);
    const query = `filters[location][]=${berlin}`;
    const at = async (id: number, extra = '') =>
      (await member.get(`/api/v2/jobs/${id}?${query}${extra}`)).json().pagination;
    expect(await at(inBerlin[0]!.id)).toEqual({ prev: null, next: inBerlin[1]!.id });
    expect(await at(inBerlin[1]!.id)).toEqual({ prev: inBerlin[0]!.id, next: inBerlin[2]!.id });
    expect(await at(inBerlin[2]!.id)).toEqual({ prev: inBerlin[1]!.id, next: null });
    // The job need not match the filters itself (a link kept after a filter change): its neighbours do.
    const hamburgJob = open.find((job) => job.location_id === hamburg)!;
    const around = await at(hamburgJob.id);
    for (const id of [around.prev, around.next].filter((value) => value !== null)) {
      expect(inBerlin.map((job) => job.id)).toContain(id);
    }
    expect(await at(open[4]!.id, '&filters[field][]=it&query=entwickler')).toEqual({
      prev: null,
      next: null,
    });
  });

  it('drops a closed job from the list and the neighbours at once', async () => {
    const target = open[1]!;
    expect((await admin.post(`/api/v2/admin/jobs/${target.id}/close`)).statusCode).toBe(200);
    expect(ids(await member.get('/api/v2/jobs'))).not.toContain(target.id);
    expect((await member.get(`/api/v2/jobs/${open[0]!.id}`)).json().pagination.next).toBe(open[2]!.id);
    expect((await member.get(`/api/v2/jobs/${target.id}`)).statusCode).toBe(404);
    expect((await admin.post(`/api/v2/admin/jobs/${target.id}/publish`)).statusCode).toBe(200);
    expect(ids(await member.get('/api/v2/jobs'))).toEqual(open.map((job) => job.id));
  });
});
