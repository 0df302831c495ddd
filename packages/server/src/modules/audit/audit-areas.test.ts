import type { AuditEvent } from '@plaza/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildAdmin, buildUser, testPassword } from '../../../test/factories';
import { buildProduct, buy, buyer, fillCart, readyCart } from '../../../test/order-fixture';
import { rateLimitTable, signInDelay } from '../../platform/rate-limit';

type User = Awaited<ReturnType<typeof buildUser>>;

/** Each administrative area writes its audit entries with its change (and none for a refused one). */
describe('audit log: what each area records', () => {
  let t: TestApp;
  let admin: User;
  let adminClient: TestClient;
  const adminIp = '10.1.2.3';

  const audit = async (query: Record<string, string | number>) => {
    const response = await adminClient.get('/api/v2/admin/audit', { query });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { results: AuditEvent[] }).results;
  };
  const latest = async (action: string) => (await audit({ action }))[0];
  const ok = async (response: Promise<{ statusCode: number; body: string; json(): unknown }>) => {
    const answer = await response;
    expect([200, 201], answer.body).toContain(answer.statusCode);
    return answer.json() as { id: number };
  };

  beforeAll(async () => {
    t = await createTestApp({ mailer: { send: async () => {}, close: async () => {} } });
    admin = await buildAdmin(t.db, { firstname: 'Ada', lastname: 'Admin' });
    adminClient = new TestClient(t.app, adminIp);
    await adminClient.login(admin.username, testPassword);
  });
  afterAll(() => t.close());

  it('records jobs created, saved, published, closed and deleted', async () => {
    const input = {
      title: 'Lager',
      locale: 'de_DE',
      field: 'logistics',
      location_id: null,
      employment_type: 'full_time',
      available_in: '2027-03-01',
      tasks: ['Packen'],
      profile: 'Sorgfalt.',
      offer: 'Team.',
    };
    const { id } = await ok(adminClient.post('/api/v2/admin/jobs', input));
    await ok(adminClient.put(`/api/v2/admin/jobs/${id}`, { ...input, title: 'Lager Nord' }));
    await ok(adminClient.post(`/api/v2/admin/jobs/${id}/publish`));
    await ok(adminClient.post(`/api/v2/admin/jobs/${id}/close`));
    // Closing a closed job is refused (409) and writes nothing.
    expect((await adminClient.post(`/api/v2/admin/jobs/${id}/close`)).statusCode).toBe(409);
    await ok(adminClient.delete(`/api/v2/admin/jobs/${id}`));
    expect((await audit({ resource_type: 'job' })).map((event) => event.action)).toEqual([
      'job.delete',
      'job.close',
      'job.publish',
      'job.update',
      'job.create',
    ]);
    expect(await latest('job.update')).toMatchObject({
      resource_id: String(id),
      actor: { id: admin.id, name: 'Ada Admin' },
      ip: adminIp,
      before: { title: 'Lager' },
      after: { title: 'Lager Nord' },
    });
    expect(await latest('job.publish')).toMatchObject({
      before: { state: 'draft' },
      after: { state: 'open' },
    });
  });

  it('records products and order state changes; a refused move writes nothing', async () => {
    const product = {
      name_de: 'Tasse',
      name_en: 'Mug',
      description_de: '',
      description_en: '',
      price: 900,
      currency: 'EUR',
      tax_rate: 1900,
      options: [],
      stock: 5,
      active: true,
    };
    const { id } = await ok(adminClient.post('/api/v2/admin/products', product));
    await ok(adminClient.put(`/api/v2/admin/products/${id}`, { ...product, price: 990 }));
    expect(await latest('product.update')).toMatchObject({ before: { price: 900 }, after: { price: 990 } });
    await ok(adminClient.delete(`/api/v2/admin/products/${id}`));
    expect(await latest('product.delete')).toMatchObject({ before: { name_en: 'Mug', price: 990 } });
    expect((await audit({ action: 'product' })).map((event) => event.action)).toEqual([
      'product.delete',
      'product.update',
      'product.create',
    ]);

    const { client } = await buyer(t);
    await fillCart(client, [{ product_id: await buildProduct(t, { stock: 10 }), quantity: 1 }]);
    await readyCart(client);
    const orderId = (await buy(client)).order_id;
    await ok(adminClient.post(`/api/v2/admin/orders/${orderId}/state`, { state: 'paid' }));
    expect(await latest('order.paid')).toMatchObject({
      resource_id: String(orderId),
      before: { state: 'placed' },
      after: { state: 'paid' },
    });
    expect(
      (await adminClient.post(`/api/v2/admin/orders/${orderId}/state`, { state: 'paid' })).statusCode,
    ).toBe(409);
    expect(await audit({ resource_type: 'order' })).toHaveLength(1);
  });

  it('records rating locations and categories', async () => {
    const { id } = await ok(adminClient.post('/api/v2/admin/locations', { name: 'Werk', city: 'Bonn' }));
    await ok(adminClient.put(`/api/v2/admin/locations/${id}`, { name: 'Werk 2', city: 'Bonn' }));
    expect(await latest('rating.location_update')).toMatchObject({
      before: { name: 'Werk' },
      after: { name: 'Werk 2' },
    });
    const category = await ok(
      adminClient.post('/api/v2/admin/rating_categories', { label_de: 'A', label_en: 'A' }),
    );
    await ok(adminClient.delete(`/api/v2/admin/rating_categories/${category.id}`));
    await ok(adminClient.delete(`/api/v2/admin/locations/${id}`));
    expect((await audit({ resource_type: 'rating' })).map((event) => event.action)).toEqual([
      'rating.location_delete',
      'rating.category_delete',
      'rating.category_create',
      'rating.location_update',
      'rating.location_create',
    ]);
  });

  it('records subscription options, gifts and registration topics', async () => {
    const option = {
      name_de: 'Monatsabo',
      name_en: 'Monthly',
      description_de: '',
      description_en: '',
      price: 990,
      currency: 'EUR',
      tax_rate: 700,
      period: 'month',
      minimum_term: 3,
      notice_days: 14,
      active: true,
    };
    const { id } = await ok(adminClient.post('/api/v2/admin/subscription_options', option));
    await ok(adminClient.put(`/api/v2/admin/subscription_options/${id}`, { ...option, price: 1290 }));
    expect(await latest('subscription_option.update')).toMatchObject({
      before: { price: 990 },
      after: { price: 1290 },
    });
    const gift = { name_de: 'Tasse', name_en: 'Mug', stock: 5, subscription_option_ids: [id], active: true };
    const giftId = (await ok(adminClient.post('/api/v2/admin/gifts', gift))).id;
    await ok(adminClient.delete(`/api/v2/admin/gifts/${giftId}`));
    const topic = await ok(
      adminClient.post('/api/v2/admin/registration_topics', { label_de: 'A', label_en: 'A' }),
    );
    await ok(
      adminClient.put(`/api/v2/admin/registration_topics/${topic.id}`, { label_de: 'B', label_en: 'B' }),
    );
    await ok(adminClient.delete(`/api/v2/admin/subscription_options/${id}`));
    expect(await latest('registration_topic.update')).toMatchObject({
      before: { label_de: 'A' },
      after: { label_de: 'B' },
    });
    expect((await audit({ action: 'gift' })).map((event) => event.action)).toEqual([
      'gift.delete',
      'gift.create',
    ]);
    expect(await latest('subscription_option.delete')).toMatchObject({ before: { name_en: 'Monthly' } });
  });

  it('records a sign-in burst once per throttle window, not per failed attempt', async () => {
    const target = await buildUser(t.db, { username: 'burst.target' });
    const attacker = new TestClient(t.app, '10.66.66.66');
    for (let n = 0; n < signInDelay.freeAttempts + 3; n++) {
      await attacker.post('/api/v2/auth/login', { username: target.username, password: 'wrong' });
    }
    const bursts = await audit({ action: 'sign_in.burst' });
    expect(bursts).toHaveLength(1);
    expect(bursts[0]).toMatchObject({
      actor: null,
      resource_type: 'sign_in',
      resource_id: 'burst.target',
      ip: '10.66.66.66',
      after: { throttle: 'account', attempts: signInDelay.freeAttempts },
    });
    // A right password before the throttle starts records nothing.
    const colleague = await buildUser(t.db, { username: 'typo.colleague' });
    const typing = new TestClient(t.app, '10.66.66.67');
    for (let n = 0; n < signInDelay.freeAttempts - 1; n++) {
      await typing.post('/api/v2/auth/login', { username: colleague.username, password: 'wrong' });
    }
    await typing.login(colleague.username, testPassword);
    expect(await audit({ action: 'sign_in.burst' })).toHaveLength(1);
  });

  it('records an address refused for its failed sign-ins once per window, whatever the names', async () => {
    const { max } = rateLimitTable.signInFailures;
    const address = new TestClient(t.app, '10.77.77.77');
    // A new name each time: the pair throttle never starts, the address's failures add up.
    for (let n = 0; n < max + 3; n++) {
      await address.post('/api/v2/auth/login', { username: `guess${n}`, password: 'wrong' });
    }
    const bursts = (await audit({ action: 'sign_in.burst' })).filter((event) => event.ip === '10.77.77.77');
    expect(bursts).toHaveLength(1);
    expect(bursts[0]).toMatchObject({
      resource_id: 'ip:10.77.77.77',
      after: { throttle: 'address', failures: max },
    });
  });
});
