import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileFields } from '../../../src/db/schema';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildUser } from '../../../test/factories';
import { signedIn } from '../../../test/group-helpers';

describe('private data: addresses, children, custom fields, registration fields, user data', () => {
  let t: TestApp;
  let anna: Awaited<ReturnType<typeof buildUser>>;
  let annaClient: TestClient;
  let benClient: TestClient;
  let editorClient: TestClient;
  let teamField: number;
  let hobbyField: number;
  let noteField: number;

  const address = {
    gender: 'female',
    firstname: 'Anna',
    lastname: 'Schneider',
    address: 'Hauptstraße',
    house_number: '5a',
    zip: '10115',
    city: 'Berlin',
    country: 'DE',
    email: 'anna@example.org',
  };

  beforeAll(async () => {
    t = await createTestApp();
    anna = await buildUser(t.db, { firstname: 'Anna' });
    annaClient = await signedIn(t, anna);
    benClient = await signedIn(t, await buildUser(t.db));
    editorClient = await signedIn(t, await buildUser(t.db, { permissions: ['users'] }));
    const rows = await t.db
      .insert(profileFields)
      .values([
        {
          key: 'team',
          type: 'select',
          labels: { de_DE: 'Team', en_GB: 'Team' },
          options: [
            { value: 'ops', labels: { de_DE: 'Betrieb', en_GB: 'Operations' } },
            { value: 'dev', labels: { de_DE: 'Entwicklung', en_GB: 'Development' } },
          ],
          position: 1,
        },
        {
          key: 'hobbies',
          type: 'multiselect',
          labels: { de_DE: 'Hobbys', en_GB: 'Hobbies' },
          options: [
            { value: 'chess', labels: { de_DE: 'Schach', en_GB: 'Chess' } },
            { value: 'climbing', labels: { de_DE: 'Klettern', en_GB: 'Climbing' } },
          ],
          position: 2,
        },
        { key: 'note', type: 'text', labels: { de_DE: 'Notiz', en_GB: 'Note' }, position: 3 },
      ])
      .returning();
    [teamField, hobbyField, noteField] = rows.map((row) => row.id) as [number, number, number];
  });
  afterAll(() => t.close());

  describe('addresses', () => {
    it('saves and reads the invoice and delivery address of the member', async () => {
      expect((await annaClient.get(`/api/v2/users/${anna.id}/invoice_address`)).json()).toEqual({
        address: null,
      });
      const saved = await annaClient.post(`/api/v2/users/${anna.id}/invoice_address`, {
        ...address,
        separate_delivery_address: true,
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().address).toMatchObject({
        city: 'Berlin',
        separate_delivery_address: true,
        title: null,
      });
      const delivery = await annaClient.post(`/api/v2/users/${anna.id}/delivery_address`, {
        ...address,
        city: 'Potsdam',
        separate_delivery_address: true,
      });
      expect(delivery.json().address).toMatchObject({ city: 'Potsdam', separate_delivery_address: false });
      const read = (await annaClient.get(`/api/v2/users/${anna.id}/invoice_address`)).json();
      expect(read.address.city).toBe('Berlin');
      const updated = await annaClient.post(`/api/v2/users/${anna.id}/invoice_address`, {
        ...address,
        city: 'Köln',
      });
      expect(updated.json().address.city).toBe('Köln');
    });

    it('refuses other members, anonymous callers, bad input and unknown countries', async () => {
      expect((await benClient.get(`/api/v2/users/${anna.id}/invoice_address`)).statusCode).toBe(403);
      expect((await benClient.post(`/api/v2/users/${anna.id}/delivery_address`, address)).statusCode).toBe(
        403,
      );
      expect((await new TestClient(t.app).get(`/api/v2/users/${anna.id}/invoice_address`)).statusCode).toBe(
        401,
      );
      expect((await editorClient.get(`/api/v2/users/${anna.id}/invoice_address`)).statusCode).toBe(200);
      const missing = await annaClient.post(`/api/v2/users/${anna.id}/invoice_address`, {
        ...address,
        city: '',
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors[0].field).toBe('city');
      const country = await annaClient.post(`/api/v2/users/${anna.id}/invoice_address`, {
        ...address,
        country: 'ZZ',
      });
      expect(country.statusCode).toBe(400);
      expect(country.json().errors[0].field).toBe('country');
      const type = await annaClient.post(`/api/v2/users/${anna.id}/home_address`, address);
      expect(type.statusCode).toBe(400);
    });
  });

  describe('children', () => {
    it('replaces the list, birthdays as DD/MM/YYYY, and refuses bad dates naming the child', async () => {
      const saved = await annaClient.post(`/api/v2/users/${anna.id}/children`, {
        children: [
          { firstname: 'Mia', birthday: '01.02.2015', gender: 'female' },
          { firstname: 'Tom', birthday: '' },
        ],
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().children).toMatchObject([
        { firstname: 'Mia', birthday: '2015-02-01', gender: 'female' },
        { firstname: 'Tom', birthday: null, gender: null },
      ]);
      const bad = await annaClient.post(`/api/v2/users/${anna.id}/children`, {
        children: [{ firstname: 'Mia', birthday: '31/02/2015' }],
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0].field).toBe('children.0.birthday');
      const read = await annaClient.get(`/api/v2/users/${anna.id}/children`);
      expect(read.json().children).toHaveLength(2);
      const emptied = await annaClient.post(`/api/v2/users/${anna.id}/children`, { children: [] });
      expect(emptied.json().children).toEqual([]);
    });

    it('refuses other members', async () => {
      expect((await benClient.get(`/api/v2/users/${anna.id}/children`)).statusCode).toBe(403);
      expect((await benClient.post(`/api/v2/users/${anna.id}/children`, { children: [] })).statusCode).toBe(
        403,
      );
    });
  });

  describe('custom profile fields', () => {
    it('saves values checked against the options and shows labels in the caller language', async () => {
      const saved = await annaClient.post(
        `/api/v2/users/${anna.id}/custom_profile_fields`,
        {
          fields: [
            { id: teamField, values: ['dev'] },
            { id: hobbyField, values: ['chess', 'climbing'] },
            { id: noteField, values: ['Ask me about Rust'] },
          ],
        },
        { query: { locale: 'en_GB' } },
      );
      expect(saved.statusCode).toBe(200);
      expect(saved.json().fields).toEqual([
        expect.objectContaining({
          key: 'team',
          label: 'Team',
          values: ['dev'],
          value_labels: ['Development'],
        }),
        expect.objectContaining({ key: 'hobbies', label: 'Hobbies', value_labels: ['Chess', 'Climbing'] }),
        expect.objectContaining({ key: 'note', type: 'text', values: ['Ask me about Rust'] }),
      ]);
      const read = await benClient.get(`/api/v2/users/custom_profile_fields/${anna.id}`, {
        query: { locale: 'de_DE' },
      });
      expect(read.json().fields[1]).toMatchObject({ label: 'Hobbys', value_labels: ['Schach', 'Klettern'] });
      const profile = (
        await benClient.get(`/api/v2/users/${anna.id}`, { query: { locale: 'de_DE' } })
      ).json();
      expect(profile.custom_fields[0]).toMatchObject({ key: 'team', value_labels: ['Entwicklung'] });
      const found = await benClient.get('/api/v2/users/search', { query: { q: 'Klettern' } });
      expect(found.json().results.map((user: { id: number }) => user.id)).toContain(anna.id);
    });

    it('clears a field with an empty list and keeps fields not named', async () => {
      const saved = await annaClient.post(`/api/v2/users/${anna.id}/custom_profile_fields`, {
        fields: [{ id: noteField, values: [] }],
      });
      expect(saved.json().fields.map((field: { values: string[] }) => field.values)).toEqual([
        ['dev'],
        ['chess', 'climbing'],
        [],
      ]);
    });

    it('refuses unknown fields and options, several values for one choice, and other members', async () => {
      const url = `/api/v2/users/${anna.id}/custom_profile_fields`;
      const unknownField = await annaClient.post(url, { fields: [{ id: 999999, values: ['x'] }] });
      expect(unknownField.statusCode).toBe(400);
      expect(unknownField.json().errors[0].field).toBe('fields.0.id');
      const unknownOption = await annaClient.post(url, { fields: [{ id: teamField, values: ['sales'] }] });
      expect(unknownOption.json().errors[0].field).toBe('fields.0.values');
      const several = await annaClient.post(url, { fields: [{ id: teamField, values: ['dev', 'ops'] }] });
      expect(several.statusCode).toBe(400);
      expect((await benClient.post(url, { fields: [] })).statusCode).toBe(403);
      expect((await benClient.get('/api/v2/users/custom_profile_fields/999999')).statusCode).toBe(404);
      expect(
        (await editorClient.post(url, { fields: [{ id: teamField, values: ['ops'] }] })).statusCode,
      ).toBe(200);
    });
  });

  describe('registration fields', () => {
    it('reads the fields with the own answers and saves answers by key', async () => {
      const empty = (
        await annaClient.get('/api/v2/users/registration_fields', { query: { locale: 'en_GB' } })
      ).json();
      expect(empty.fields.map((field: { key: string }) => field.key)).toEqual(['interests', 'referral']);
      expect(empty.fields[0].label).toBe('Interests');
      const saved = await annaClient.post(`/api/v2/users/${anna.id}/registration_fields`, {
        registration_data: { interests: ['health', 'sports'], referral: ['colleague'] },
      });
      expect(saved.statusCode).toBe(200);
      const interests = saved.json().fields[0].options;
      expect(
        interests
          .filter((option: { user_selected: boolean }) => option.user_selected)
          .map((o: { value: string }) => o.value),
      ).toEqual(['health', 'sports']);
      const byEditor = await editorClient.get('/api/v2/users/registration_fields', {
        query: { user_id: anna.id },
      });
      expect(
        byEditor.json().fields[1].options.find((o: { value: string }) => o.value === 'colleague')
          .user_selected,
      ).toBe(true);
    });

    it('refuses unknown keys and answers, two answers to one choice, and other members', async () => {
      const url = `/api/v2/users/${anna.id}/registration_fields`;
      const unknownKey = await annaClient.post(url, { registration_data: { shoe_size: ['42'] } });
      expect(unknownKey.statusCode).toBe(400);
      expect(unknownKey.json().errors[0].field).toBe('registration_data.shoe_size');
      const unknownAnswer = await annaClient.post(url, { registration_data: { interests: ['gaming'] } });
      expect(unknownAnswer.statusCode).toBe(400);
      const two = await annaClient.post(url, { registration_data: { referral: ['event', 'other'] } });
      expect(two.statusCode).toBe(400);
      expect((await benClient.post(url, { registration_data: {} })).statusCode).toBe(403);
      expect(
        (await benClient.get('/api/v2/users/registration_fields', { query: { user_id: anna.id } }))
          .statusCode,
      ).toBe(403);
    });
  });

  describe('user data and interface language', () => {
    it('changes username, email and language; a taken one is a 409 naming the field', async () => {
      const saved = await annaClient.post(`/api/v2/users/${anna.id}/user_data`, {
        username: 'anna.s',
        email: 'Anna.S@Example.org',
        selected_language: 'en_GB',
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual({
        username: 'anna.s',
        email: 'anna.s@example.org',
        selected_language: 'en_GB',
      });
      const other = await buildUser(t.db, { username: 'taken.name' });
      const taken = await annaClient.post(`/api/v2/users/${anna.id}/user_data`, { username: 'Taken.Name' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().errors[0]).toMatchObject({ code: 'username_taken', field: 'username' });
      const takenEmail = await annaClient.post(`/api/v2/users/${anna.id}/user_data`, { email: other.email });
      expect(takenEmail.json().errors[0]).toMatchObject({ code: 'email_taken', field: 'email' });
      const own = await annaClient.post(`/api/v2/users/${anna.id}/user_data`, { username: 'anna.s' });
      expect(own.statusCode).toBe(200);
      const bad = await annaClient.post(`/api/v2/users/${anna.id}/user_data`, { email: 'not an address' });
      expect(bad.json().errors[0].field).toBe('email');
      expect(
        (await benClient.post(`/api/v2/users/${anna.id}/user_data`, { username: 'x.y.z' })).statusCode,
      ).toBe(403);
    });

    it('lists the interface languages with the chosen one', async () => {
      const languages = await annaClient.get(`/api/v2/users/${anna.id}/edit_languages`);
      expect(languages.json()).toEqual({
        selected_language: 'en_GB',
        options: [
          { value: 'de_DE', label: 'Deutsch' },
          { value: 'en_GB', label: 'English' },
        ],
      });
      expect((await benClient.get(`/api/v2/users/${anna.id}/edit_languages`)).statusCode).toBe(403);
    });
  });
});
