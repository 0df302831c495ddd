import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildAdmin, buildUser } from '../../../test/factories';
import { signedIn } from '../../../test/group-helpers';
import { usersRepo } from './repo';

describe('profiles: read and edit', () => {
  let t: TestApp;
  let anna: Awaited<ReturnType<typeof buildUser>>;
  let ben: Awaited<ReturnType<typeof buildUser>>;
  let annaClient: TestClient;
  let benClient: TestClient;
  let editorClient: TestClient;
  let adminClient: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    anna = await buildUser(
      t.db,
      { firstname: 'Anna', lastname: 'Schneider' },
      {
        position: 'Engineer',
        location_names: ['Berlin'],
        skills: ['SQL'],
        areas: ['IT'],
        languages: ['Deutsch'],
        special_tasks: ['First aid'],
        birthday: '1990-04-03',
        gender: 'female',
        status: 'employee',
        careers: [{ title: 'Developer', company: 'ACME', from: '2015-01', to: null }],
      },
    );
    ben = await buildUser(t.db, { firstname: 'Ben', lastname: 'Kurz' });
    const editor = await buildUser(t.db, { permissions: ['users'] });
    annaClient = await signedIn(t, anna);
    benClient = await signedIn(t, ben);
    editorClient = await signedIn(t, editor);
    adminClient = await signedIn(t, await buildAdmin(t.db));
  });
  afterAll(() => t.close());

  it('refuses anonymous callers', async () => {
    const anonymous = new TestClient(t.app);
    expect((await anonymous.get(`/api/v2/users/${anna.id}`)).statusCode).toBe(401);
    expect((await anonymous.put(`/api/v2/users/${anna.id}`, { firstname: 'X' })).statusCode).toBe(401);
  });

  it('answers 404 for an unknown member', async () => {
    expect((await benClient.get('/api/v2/users/999999')).statusCode).toBe(404);
  });

  it('shows the own profile in the full variant with private keys', async () => {
    const response = await annaClient.get(`/api/v2/users/${anna.id}`);
    expect(response.statusCode).toBe(200);
    const profile = response.json();
    expect(profile).toMatchObject({
      id: anna.id,
      firstname: 'Anna',
      combined_name: 'Anna Schneider',
      variant: 'full',
      editable: true,
      deletable: true,
      can_message: false,
      admin_url: null,
      position: 'Engineer',
      locations: ['Berlin'],
      birthday: '1990-04-03',
      gender: 'female',
      status: 'employee',
      careers: [{ title: 'Developer', company: 'ACME', from: '2015-01', to: null }],
      username: anna.username,
      selected_language: 'de_DE',
      followed: false,
      followers_count: 0,
    });
    expect(profile.newsletter_subscriptions).toEqual([
      { key: 'company_news', selected: false },
      { key: 'events', selected: false },
      { key: 'offers', selected: false },
    ]);
  });

  it('shows another member the guest variant without private keys, labels in the caller language', async () => {
    const profile = (await benClient.get(`/api/v2/users/${anna.id}`, { query: { locale: 'en_GB' } })).json();
    expect(profile).toMatchObject({ variant: 'guest', editable: false, deletable: false, can_message: true });
    expect(profile.status_label).toBe('Employee');
    for (const key of ['username', 'newsletter_subscriptions', 'selected_language', 'image_id']) {
      expect(profile).not.toHaveProperty(key);
    }
    const german = (await benClient.get(`/api/v2/users/${anna.id}`, { query: { locale: 'de_DE' } })).json();
    expect(german.status_label).toBe('Mitarbeiter*in');
  });

  it('shows editors the full variant and an admin link; the admin view is for editors only', async () => {
    const profile = (await editorClient.get(`/api/v2/users/${anna.id}`)).json();
    expect(profile).toMatchObject({
      variant: 'full',
      editable: true,
      admin_url: `/who_is_who/${anna.id}?view=admin`,
    });
    const adminView = await adminClient.get(`/api/v2/users/${anna.id}`, { query: { view: 'admin' } });
    expect(adminView.json().variant).toBe('full');
    const refused = await benClient.get(`/api/v2/users/${anna.id}`, { query: { view: 'admin' } });
    expect(refused.statusCode).toBe(403);
  });

  it('lets a member edit their own profile, keeping keys left out', async () => {
    const response = await annaClient.put(`/api/v2/users/${anna.id}`, {
      position: 'Lead engineer',
      skills: ['SQL', 'TypeScript', 'SQL'],
      birthday: '03.04.1991',
      newsletter_subscriptions: [{ key: 'events', selected: true }],
      title: '',
    });
    expect(response.statusCode).toBe(200);
    const profile = response.json();
    expect(profile).toMatchObject({
      position: 'Lead engineer',
      skills: ['SQL', 'TypeScript'],
      birthday: '1991-04-03',
      title: null,
      locations: ['Berlin'],
    });
    expect(profile.newsletter_subscriptions).toContainEqual({ key: 'events', selected: true });
    expect((await usersRepo.byId(t.db, anna.id))?.birthday).toBe('1991-04-03');
  });

  it('refuses editing another profile without permission', async () => {
    const response = await benClient.put(`/api/v2/users/${anna.id}`, { position: 'Intern' });
    expect(response.statusCode).toBe(403);
    expect((await usersRepo.byId(t.db, anna.id))?.position).toBe('Lead engineer');
  });

  it('lets an editor with the users permission and a superadmin edit another profile', async () => {
    const byEditor = await editorClient.put(`/api/v2/users/${anna.id}`, { areas: ['Research'] });
    expect(byEditor.statusCode).toBe(200);
    expect(byEditor.json().areas).toEqual(['Research']);
    const byAdmin = await adminClient.put(`/api/v2/users/${ben.id}`, { position: 'Sales' });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().position).toBe('Sales');
  });

  it('expands two-digit birth years and clears the birthday with an empty value', async () => {
    const expanded = await benClient.put(`/api/v2/users/${ben.id}`, { birthday: '15/06/85' });
    expect(expanded.json().birthday).toBe('1985-06-15');
    const cleared = await benClient.put(`/api/v2/users/${ben.id}`, { birthday: '' });
    expect(cleared.json().birthday).toBeNull();
  });

  it.each([
    ['wrong separators', '03_04_1990'],
    ['spaces', '03 04 1990'],
    ['31 February', '31/02/2020'],
    ['day zero', '00/01/2000'],
    ['a two-digit year of a day that does not exist', '31/02/85'],
    ['a three-digit year', '03/04/199'],
    ['the ISO form', '1990-04-03'],
    ['the future', '01/01/2999'],
    ['garbage', 'soon'],
  ])('refuses a birthday with %s, naming the field', async (_, birthday) => {
    const response = await benClient.put(`/api/v2/users/${ben.id}`, { birthday });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].field).toBe('birthday');
  });

  it('refuses other bad input with a 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ firstname: '' }, 'firstname'],
      [{ gender: 'robot' }, 'gender'],
      [{ status: 'boss' }, 'status'],
      [{ skills: ['x'.repeat(200)] }, 'skills.0'],
      [{ careers: [{ title: 'Dev', from: '2020-13' }] }, 'careers.0.from'],
      [{ newsletter_subscriptions: [{ key: 'spam', selected: true }] }, 'newsletter_subscriptions.0.key'],
      [{ careers: [{ title: 'Dev', from: '2020-05', to: '2019-01' }] }, 'careers.0.to'],
    ];
    for (const [body, field] of cases) {
      const response = await benClient.put(`/api/v2/users/${ben.id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors[0].field).toBe(field);
    }
  });

  it('keeps the search document current after an edit', async () => {
    await annaClient.put(`/api/v2/users/${anna.id}`, { skills: ['Kubernetes'] });
    const found = await benClient.get('/api/v2/users/search', { query: { q: 'Kubernetes' } });
    expect(found.statusCode).toBe(200);
    expect(found.json().results.map((user: { id: number }) => user.id)).toContain(anna.id);
  });
});
