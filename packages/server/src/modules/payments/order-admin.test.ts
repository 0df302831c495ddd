import { errorResponseSchema, shopLimits } from '@plaza/contract';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { buildProduct, buy, buyer, fillCart, readyCart } from '../../../test/order-fixture';
import { orders, products } from '../../db/schema';

const codeOf = (response: LightMyRequestResponse) => errorResponseSchema.parse(response.json()).errors[0];

/** The administration of orders: who may, the lists, and the moves between states. */
describe('order administration', () => {
  let t: TestApp;
  let orderId: number;
  let mug: number;

  beforeAll(async () => {
    t = await createTestApp({ mailer: { send: async () => {}, close: async () => {} } });
    const { client } = await buyer(t);
    mug = await buildProduct(t, { stock: 10 });
    await fillCart(client, [{ product_id: mug, quantity: 3 }]);
    await readyCart(client);
    orderId = (await buy(client)).order_id;
  });
  afterAll(() => t.close());

  const stockOf = async () =>
    (await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, mug)))[0]!.stock;

  it('refuses members without the shop permission (403), the own order included', async () => {
    const { client } = await buyer(t, ['jobs']);
    for (const response of [
      await client.get('/api/v2/admin/orders'),
      await client.get(`/api/v2/admin/orders/${orderId}`),
      await client.post(`/api/v2/admin/orders/${orderId}/state`, { state: 'paid' }),
    ]) {
      expect(response.statusCode).toBe(403);
    }
  });

  it('lists every order with its customer, by state, and reads one with who placed it', async () => {
    const { client } = await buyer(t, ['shop']);
    const list = await client.get('/api/v2/admin/orders');
    expect(list.statusCode).toBe(200);
    expect(list.json().results[0]).toMatchObject({
      id: orderId,
      customer: 'Erika Mustermann',
      payment_method: 'invoice',
      item_count: 3,
    });
    expect((await client.get('/api/v2/admin/orders', { query: { state: 'paid' } })).json().results).toEqual(
      [],
    );
    expect((await client.get('/api/v2/admin/orders', { query: { state: 'bogus' } })).statusCode).toBe(400);
    const one = await client.get(`/api/v2/admin/orders/${orderId}`);
    expect(one.json().user).toMatchObject({ name: expect.stringMatching(/^Test Member/) });
    expect((await client.get('/api/v2/admin/orders/999999')).statusCode).toBe(404);
  });

  it('pages the administration list by keyset', async () => {
    // A page's worth of later orders, copies of the first written at once (buying each took too long).
    const [first0] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    const { id: _id, number: _number, ...copy } = first0!;
    await t.db
      .insert(orders)
      .values(
        Array.from({ length: shopLimits.adminListPageSize }, (_, i) => ({ ...copy, number: `copy-${i}` })),
      );
    const { client } = await buyer(t, ['superadmin']);
    const first = (await client.get('/api/v2/admin/orders')).json();
    expect(first.results).toHaveLength(shopLimits.adminListPageSize);
    expect(first.next_before).toBe(first.results.at(-1).id);
    const second = (
      await client.get('/api/v2/admin/orders', { query: { before: first.next_before } })
    ).json();
    expect(second).toEqual({ results: [expect.objectContaining({ id: orderId })], next_before: null });
  });

  it('moves orders along the transitions only; cancelling gives the stock back', async () => {
    const { client } = await buyer(t, ['shop']);
    const move = (id: number, state: string) => client.post(`/api/v2/admin/orders/${id}/state`, { state });
    expect(await stockOf()).toBe(7);
    const refundPlaced = await move(orderId, 'refunded');
    expect(refundPlaced.statusCode).toBe(409);
    expect(codeOf(refundPlaced)?.code).toBe('conflict');
    expect((await move(orderId, 'placed')).statusCode).toBe(409);
    const cancelled = await move(orderId, 'cancelled');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ state: 'cancelled', cancelled_at: expect.any(String) });
    expect(await stockOf()).toBe(10);
    expect((await move(orderId, 'paid')).statusCode).toBe(409);
    expect(await stockOf()).toBe(10);

    const { client: member } = await buyer(t);
    await fillCart(member, [{ product_id: mug }]);
    await readyCart(member);
    const second = (await buy(member)).order_id;
    const paid = await move(second, 'paid');
    expect(paid.json()).toMatchObject({ state: 'paid', paid_at: expect.any(String) });
    expect((await move(second, 'cancelled')).statusCode).toBe(409);
    const refunded = await move(second, 'refunded');
    expect(refunded.json()).toMatchObject({ state: 'refunded', refunded_at: expect.any(String) });
    const [row] = await t.db.select({ state: orders.state }).from(orders).where(eq(orders.id, second));
    expect(row!.state).toBe('refunded');
    expect((await move(999_999, 'paid')).statusCode).toBe(404);
  });

  it('refunds no card payment while Stripe is not configured (502, the order stays paid)', async () => {
    const { client: member } = await buyer(t);
    await fillCart(member, [{ product_id: mug }]);
    await readyCart(member);
    const card = (await buy(member)).order_id;
    await t.db
      .update(orders)
      .set({
        payment_method: 'stripe',
        state: 'paid',
        paid_at: new Date(),
        provider_session_id: 'cs_test_gone',
      })
      .where(eq(orders.id, card));
    const { client } = await buyer(t, ['shop']);
    const refused = await client.post(`/api/v2/admin/orders/${card}/state`, { state: 'refunded' });
    expect(refused.statusCode).toBe(502);
    expect(codeOf(refused)?.code).toBe('payment_provider_failed');
    const [row] = await t.db.select({ state: orders.state }).from(orders).where(eq(orders.id, card));
    expect(row!.state).toBe('paid');
  });
});
