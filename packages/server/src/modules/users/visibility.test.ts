import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import type { TestClient } from '../../../test/client';
import { buildAdmin, buildUser } from '../../../test/factories';
import { signedIn } from '../../../test/group-helpers';
import { refreshUserSearchVector } from './search-vector';

/** A year nothing else in these answers contains (fixed names and addresses, no images). */
const HIDDEN_YEAR = '1977';

describe('profile field visibility and the hidden birth year', () => {
  let t: TestApp;
  let hidden: Awaited<ReturnType<typeof buildUser>>;
  let hiddenClient: TestClient;
  let guestClient: TestClient;
  let editorClient: TestClient;
  let adminClient: TestClient;
  let groupId: number;

  const named = (name: string) => ({
    username: name,
    email: `${name}@example.org`,
    firstname: name,
    lastname: 'Tester',
  });

  beforeAll(async () => {
    t = await createTestApp();
    hidden = await buildUser(t.db, named('quiet'), {
      birthday: `${HIDDEN_YEAR}-08-15`,
      is_birth_year_visible: false,
      position: 'Analyst',
      location_names: ['Hamburg'],
      special_tasks: ['Fire warden'],
      title: 'Dr.',
      skills: ['Statistics'],
      areas: ['Finance'],
      languages: ['English'],
      careers: [{ title: 'Analyst', company: 'Bank', from: '2010-01', to: null }],
      gender: 'diverse',
      entry_date: '2015-03-01',
    });
    await refreshUserSearchVector(t.db, hidden.id);
    const guest = await buildUser(t.db, named('guest'));
    hiddenClient = await signedIn(t, hidden);
    guestClient = await signedIn(t, guest);
    const editor = await buildUser(t.db, { ...named('editor'), permissions: ['users'] });
    editorClient = await signedIn(t, editor);
    adminClient = await signedIn(t, await buildAdmin(t.db, named('boss')));

    // The hidden member runs a group with the guest in it and invites the editor (an activity).
    const group = await hiddenClient.post('/api/v2/groups', { name: 'Numbers', description: 'Data people' });
    groupId = group.json().id;
    expect((await guestClient.post(`/api/v2/groups/${groupId}/join`)).statusCode).toBe(200);
    await hiddenClient.post(`/api/v2/groups/${groupId}/invitations`, { users: [editor.id] });
    expect(
      (await guestClient.put(`/api/v2/users/${guest.id}/follows`, { follows: [hidden.id] })).statusCode,
    ).toBe(200);
  });
  afterAll(() => t.close());

  /** Every answer another member can get that carries the hidden member, by path. */
  const answersAbout = async (client: TestClient) => {
    const calls: [string, Record<string, string>?][] = [
      [`/api/v2/users/${hidden.id}`],
      [`/api/v2/users/custom_profile_fields/${hidden.id}`],
      ['/api/v2/users/follows'],
      ['/api/v2/users', { query: 'quiet' }],
      ['/api/v2/users/search', { q: 'quiet' }],
      ['/api/v2/occasions'],
      ['/api/v2/occasions/birthdays'],
      ['/api/v2/occasions/feed'],
      [`/api/v2/groups/${groupId}`],
      [`/api/v2/groups/${groupId}/users`],
      ['/api/v2/groups/invitations'],
      ['/api/v2/activities'],
    ];
    const answers: { path: string; status: number; body: string }[] = [];
    for (const [path, query] of calls) {
      const response = await client.get(path, query ? { query } : {});
      answers.push({ path, status: response.statusCode, body: response.body });
    }
    return answers;
  };

  it('never sends a hidden birth year to anyone but the member', async () => {
    for (const client of [guestClient, editorClient, adminClient]) {
      for (const answer of await answersAbout(client)) {
        expect(answer.status, answer.path).toBe(200);
        expect(answer.body, answer.path).not.toContain(HIDDEN_YEAR);
      }
    }
    const listed = (await guestClient.get('/api/v2/users', { query: { query: 'quiet' } })).json().results;
    expect(listed.map((user: { id: number }) => user.id)).toEqual([hidden.id]);
    const guestView = (await guestClient.get(`/api/v2/users/${hidden.id}`)).json();
    expect(guestView.birthday).toBe('--08-15');
    expect(guestView.is_birth_year_visible).toBe(false);
  });

  it('the member sees their own birth year (the check above could fail)', async () => {
    const own = await hiddenClient.get(`/api/v2/users/${hidden.id}`);
    expect(own.json().birthday).toBe(`${HIDDEN_YEAR}-08-15`);
    const session = await hiddenClient.get('/api/v2/auth/is_authenticated');
    expect(session.statusCode).toBe(200);
    expect(session.body).toContain(HIDDEN_YEAR);
  });

  it('leaves out every field switched off in the settings for guests, everywhere a user is carried', async () => {
    const switchedOff = {
      included_profile_email: false,
      included_profile_birthday: false,
      included_profile_position: false,
      included_profile_locations: false,
      included_profile_areas: false,
      included_profile_careers: false,
      included_profile_skills: false,
      included_profile_languages: false,
      included_profile_special_tasks: false,
      included_profile_gender: false,
      included_profile_title: false,
    };
    const saved = await adminClient.put('/api/v2/settings', { profile_options: switchedOff });
    expect(saved.statusCode).toBe(200);

    const profile = (await guestClient.get(`/api/v2/users/${hidden.id}`)).json();
    for (const key of [
      'email',
      'birthday',
      'position',
      'locations',
      'areas',
      'careers',
      'skills',
      'languages',
      'special_tasks',
      'gender',
      'title',
    ]) {
      expect(profile, key).not.toHaveProperty(key);
    }

    const follows = (await guestClient.get('/api/v2/users/follows')).json().results;
    const search = (await guestClient.get('/api/v2/users/search', { query: { q: 'quiet' } })).json().results;
    for (const user of [...follows, ...search]) {
      for (const key of ['email', 'birthday', 'position', 'location_names', 'special_tasks', 'title']) {
        expect(user, key).not.toHaveProperty(key);
      }
      expect(user.occasions.some((o: { type: string }) => o.type === 'birthday')).toBe(false);
    }
    expect(follows.map((user: { id: number }) => user.id)).toEqual([hidden.id]);
    for (const answer of await answersAbout(guestClient)) {
      expect(answer.body, answer.path).not.toContain('quiet@example.org');
      expect(answer.body, answer.path).not.toContain('Fire warden');
      expect(answer.body, answer.path).not.toContain('Analyst');
      expect(answer.body, answer.path).not.toContain('Hamburg');
    }

    const lists = (await guestClient.get('/api/v2/users/list_options')).json();
    expect(lists).toEqual({ locations: [], areas: [], skills: [], languages: [], special_tasks: [] });
  });

  it('still shows switched-off fields to the member and to editors', async () => {
    const own = (await hiddenClient.get(`/api/v2/users/${hidden.id}`)).json();
    expect(own).toMatchObject({ position: 'Analyst', email: 'quiet@example.org', title: 'Dr.' });
    const byEditor = (await editorClient.get(`/api/v2/users/${hidden.id}`)).json();
    expect(byEditor).toMatchObject({ position: 'Analyst', skills: ['Statistics'], birthday: '--08-15' });
    const lists = (await editorClient.get('/api/v2/users/list_options')).json();
    expect(lists.skills).toContain('Statistics');
  });
});
