import { type User, userStatuses } from '@plaza/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import type { TestClient } from '../../../test/client';
import { buildUser } from '../../../test/factories';
import { signedIn } from '../../../test/group-helpers';
import { usersRepo } from './repo';

/** A member's status (GET users/status_options), set in the profile and shown as the User's `special_state`. */
describe('profiles: the status and special_state', () => {
  let t: TestApp;
  let anna: Awaited<ReturnType<typeof buildUser>>;
  let ben: Awaited<ReturnType<typeof buildUser>>;
  let annaClient: TestClient;
  let benClient: TestClient;

  /** Anna as the User entity of the directory, the quick search and her own session shows her. */
  async function annaAsUser() {
    const directory = (await benClient.get('/api/v2/users', { query: { query: 'Quellenhof' } })).json();
    const search = (await benClient.get('/api/v2/users/search', { query: { q: 'Quellenhof' } })).json();
    const session = (await annaClient.get('/api/v2/auth/is_authenticated')).json().session;
    const find = (results: User[]) => results.find((user) => user.id === anna.id);
    return { directory: find(directory.results), search: find(search.results), session: session.user };
  }

  beforeAll(async () => {
    t = await createTestApp();
    anna = await buildUser(t.db, { firstname: 'Anna', lastname: 'Quellenhof' });
    ben = await buildUser(t.db, { firstname: 'Ben', lastname: 'Kurz' });
    annaClient = await signedIn(t, anna);
    benClient = await signedIn(t, ben);
  });
  afterAll(() => t.close());

  it('offers the contract’s statuses as options', async () => {
    const options = (await benClient.get('/api/v2/users/status_options')).json().options;
    expect(options.map((option: { value: string }) => option.value)).toEqual([...userStatuses]);
  });

  it('starts without a status: no special_state', async () => {
    const profile = (await annaClient.get(`/api/v2/users/${anna.id}`)).json();
    expect(profile).toMatchObject({ status: null, status_label: null });
    const shown = await annaAsUser();
    expect(shown.directory?.special_state).toEqual([]);
    expect(shown.search?.special_state).toEqual([]);
    expect(shown.session.special_state).toEqual([]);
  });

  it('lets the member set their status; every User answer shows it by its option value', async () => {
    const saved = await annaClient.put(
      `/api/v2/users/${anna.id}`,
      { status: 'trainee' },
      { query: { locale: 'en_GB' } },
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ status: 'trainee', status_label: 'Trainee' });
    expect((await usersRepo.byId(t.db, anna.id))?.status).toBe('trainee');

    const read = (await benClient.get(`/api/v2/users/${anna.id}`, { query: { locale: 'de_DE' } })).json();
    expect(read).toMatchObject({ status: 'trainee', status_label: 'Auszubildende*r' });
    const shown = await annaAsUser();
    expect(shown.directory?.special_state).toEqual([{ value: 'trainee' }]);
    expect(shown.search?.special_state).toEqual([{ value: 'trainee' }]);
    expect(shown.session.special_state).toEqual([{ value: 'trainee' }]);
  });

  it('keeps the status when a save leaves it out, and clears it with null', async () => {
    const other = await annaClient.put(`/api/v2/users/${anna.id}`, { position: 'Apprentice' });
    expect(other.json().status).toBe('trainee');
    const cleared = await annaClient.put(`/api/v2/users/${anna.id}`, { status: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ status: null, status_label: null });
    expect((await usersRepo.byId(t.db, anna.id))?.status).toBeNull();
    const shown = await annaAsUser();
    expect(shown.directory?.special_state).toEqual([]);
    expect(shown.session.special_state).toEqual([]);
  });

  it.each([['boss'], [''], [3], [['employee']]])(
    'refuses the status %j with a 400 naming the field',
    async (status) => {
      const response = await annaClient.put(`/api/v2/users/${anna.id}`, { status });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].field).toBe('status');
      expect((await usersRepo.byId(t.db, anna.id))?.status).toBeNull();
    },
  );

  it('refuses another member setting or clearing my status (403), which stays as it was', async () => {
    await annaClient.put(`/api/v2/users/${anna.id}`, { status: 'executive' });
    const set = await benClient.put(`/api/v2/users/${anna.id}`, { status: 'retired' });
    expect(set.statusCode).toBe(403);
    const cleared = await benClient.put(`/api/v2/users/${anna.id}`, { status: null });
    expect(cleared.statusCode).toBe(403);
    expect((await usersRepo.byId(t.db, anna.id))?.status).toBe('executive');
    expect((await annaAsUser()).directory?.special_state).toEqual([{ value: 'executive' }]);
  });
});
