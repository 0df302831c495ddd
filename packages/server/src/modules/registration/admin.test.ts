import type { GiftInput, SubscriptionOptionInput } from '@plaza/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildAdmin, buildUser, testPassword } from '../../../test/factories';
import { uploadFiles } from '../../../test/multipart';

/** The administration of what the registration offers: options, gifts, topics (superadmins and `shop`). */
describe('registration administration', () => {
  let t: TestApp;
  let member: TestClient;
  let shopAdmin: TestClient;
  let admin: TestClient;

  async function signedIn(user: { username: string }) {
    const client = new TestClient(t.app);
    await client.login(user.username, testPassword);
    return client;
  }
  const errorOf = (response: { json(): unknown }) =>
    (response.json() as { errors: { code: string; field?: string }[] }).errors[0];

  const option = (change: Partial<SubscriptionOptionInput> = {}): SubscriptionOptionInput => ({
    name_de: 'Monatsabo',
    name_en: 'Monthly',
    description_de: 'Jeden Monat.',
    description_en: 'Every month.',
    price: 990,
    currency: 'EUR',
    tax_rate: 700,
    period: 'month',
    minimum_term: 3,
    notice_days: 14,
    active: true,
    ...change,
  });
  const gift = (optionIds: number[], change: Partial<GiftInput> = {}): GiftInput => ({
    name_de: 'Tasse',
    name_en: 'Mug',
    stock: 5,
    subscription_option_ids: optionIds,
    active: true,
    ...change,
  });

  beforeAll(async () => {
    t = await createTestApp();
    member = await signedIn(await buildUser(t.db));
    shopAdmin = await signedIn(await buildUser(t.db, { permissions: ['shop'] }));
    admin = await signedIn(await buildAdmin(t.db));
  });
  afterAll(() => t?.close());

  it('refuses anonymous callers (401) and members without the permission (403)', async () => {
    const anonymous = new TestClient(t.app);
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/v2/admin/subscription_options'],
      ['POST', '/api/v2/admin/subscription_options', option()],
      ['PUT', '/api/v2/admin/subscription_options/1', option()],
      ['DELETE', '/api/v2/admin/subscription_options/1'],
      ['GET', '/api/v2/admin/gifts'],
      ['POST', '/api/v2/admin/gifts', gift([])],
      ['DELETE', '/api/v2/admin/gifts/1'],
      ['GET', '/api/v2/admin/registration_topics'],
      ['POST', '/api/v2/admin/registration_topics', { label_de: 'A', label_en: 'A' }],
      ['DELETE', '/api/v2/admin/registration_topics/1'],
    ];
    for (const [method, url, body] of calls) {
      const send = (client: TestClient) =>
        method === 'GET'
          ? client.get(url)
          : method === 'POST'
            ? client.post(url, body)
            : method === 'PUT'
              ? client.put(url, body)
              : client.delete(url);
      expect((await send(anonymous)).statusCode, `${method} ${url}`).toBe(401);
      expect((await send(member)).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('manages options: create, save, image checked by content, delete', async () => {
    const created = await shopAdmin.post('/api/v2/admin/subscription_options', option());
    expect(created.statusCode).toBe(200);
    const id = created.json().id as number;
    expect(created.json()).toMatchObject({ name_en: 'Monthly', minimum_term: 3, active: true, image: null });
    const saved = await admin.put(`/api/v2/admin/subscription_options/${id}`, option({ price: 1290 }));
    expect(saved.json()).toMatchObject({ id, price: 1290 });
    expect((await admin.put('/api/v2/admin/subscription_options/999999', option())).statusCode).toBe(404);

    const fake = await uploadFiles(shopAdmin, `/api/v2/admin/subscription_options/${id}/image`, {
      data: Buffer.from('not a picture at all'),
      filename: 'x.png',
      type: 'image/png',
    });
    expect(fake.statusCode).toBeGreaterThanOrEqual(400);
    expect(fake.statusCode).toBeLessThan(500);
    const png = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#1f5fa8' } })
      .png()
      .toBuffer();
    const image = await uploadFiles(shopAdmin, `/api/v2/admin/subscription_options/${id}/image`, {
      data: png,
      filename: 'wide.png',
    });
    expect(image.statusCode).toBe(200);
    expect(image.json().image).toMatch(/^\/uploads\//);

    const list = (await shopAdmin.get('/api/v2/admin/subscription_options')).json();
    expect(list.results.map((o: { id: number }) => o.id)).toContain(id);
    expect((await shopAdmin.delete(`/api/v2/admin/subscription_options/${id}`)).json()).toEqual({
      success: true,
    });
    expect((await shopAdmin.delete(`/api/v2/admin/subscription_options/${id}`)).statusCode).toBe(404);
  });

  it('manages gifts with the options they come with (existing ones only)', async () => {
    const optionId = (await shopAdmin.post('/api/v2/admin/subscription_options', option())).json()
      .id as number;
    const unknown = await shopAdmin.post('/api/v2/admin/gifts', gift([optionId, 999_999]));
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown)?.field).toBe('subscription_option_ids');
    const created = await shopAdmin.post('/api/v2/admin/gifts', gift([optionId, optionId]));
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ name_de: 'Tasse', stock: 5, subscription_option_ids: [optionId] });
    const id = created.json().id as number;
    const saved = await shopAdmin.put(`/api/v2/admin/gifts/${id}`, gift([], { stock: null }));
    expect(saved.json()).toMatchObject({ stock: null, subscription_option_ids: [] });
    expect((await shopAdmin.delete(`/api/v2/admin/gifts/${id}`)).statusCode).toBe(200);
    expect((await shopAdmin.get('/api/v2/admin/gifts')).json().results).toEqual([]);
  });

  it('manages registration topics', async () => {
    const created = await admin.post('/api/v2/admin/registration_topics', {
      label_de: 'Kultur',
      label_en: 'Culture',
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().id as number;
    const renamed = await admin.put(`/api/v2/admin/registration_topics/${id}`, {
      label_de: 'Kunst',
      label_en: 'Art',
    });
    expect(renamed.json()).toEqual({ id, label_de: 'Kunst', label_en: 'Art' });
    expect((await admin.get('/api/v2/admin/registration_topics')).json().results).toContainEqual({
      id,
      label_de: 'Kunst',
      label_en: 'Art',
    });
    expect((await admin.delete(`/api/v2/admin/registration_topics/${id}`)).statusCode).toBe(200);
    expect((await admin.delete(`/api/v2/admin/registration_topics/${id}`)).statusCode).toBe(404);
  });
});
