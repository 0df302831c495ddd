import { errorResponseSchema } from '@plaza/contract';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { buildProduct, buy, buyer, fillCart, orderOf, readyCart } from '../../../test/order-fixture';
import { type SmtpCatcher, startSmtpCatcher } from '../../../test/smtp';
import {
  checkoutCompletedEvent,
  checkoutExpiredEvent,
  fakeStripeKeys,
  type StripeFake,
  signedEvent,
  startStripeFake,
} from '../../../test/stripe-fake';
import { cartItems, orders, paymentEvents, products } from '../../db/schema';

const codeOf = (response: LightMyRequestResponse) => errorResponseSchema.parse(response.json()).errors[0];
const webhook = '/api/v2/payments/stripe/webhook';

/** Card payments through the real Stripe SDK against a local fake, and the signed webhook. */
describe('stripe checkout', () => {
  let t: TestApp;
  let fake: StripeFake;
  let smtp: SmtpCatcher;

  beforeAll(async () => {
    fake = await startStripeFake();
    smtp = await startSmtpCatcher();
    t = await createTestApp({
      env: {
        SMTP_URL: smtp.url,
        STRIPE_SECRET_KEY: fakeStripeKeys.secretKey,
        STRIPE_WEBHOOK_SECRET: fakeStripeKeys.webhookSecret,
        STRIPE_API_URL: fake.url,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
    await smtp.close();
  });

  /** Stripe's call: no cookie, no CSRF header, the raw JSON and its signature. */
  const deliver = (payload: string, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: webhook,
      payload,
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'stripe-signature': signature } : {}),
      },
    });

  const stateOf = async (id: number) =>
    (await t.db.select({ state: orders.state }).from(orders).where(eq(orders.id, id)))[0]?.state;

  it('sends the browser to the Checkout session, and the signed webhook marks the order paid once', async () => {
    const { user, client } = await buyer(t);
    expect((await client.get('/api/v2/payments')).json().services.map((s: { id: string }) => s.id)).toEqual([
      'invoice',
      'stripe',
    ]);
    const mug = await buildProduct(t, { price: 1299, stock: 3 });
    await fillCart(client, [{ product_id: mug, quantity: 2 }]);
    await readyCart(client, { method: 'stripe' });

    const bought = await buy(client);
    const session = fake.sessions.at(-1)!;
    expect(bought.redirect).toBe(session.url);
    expect(session.params).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '2',
      'line_items[0][price_data][unit_amount]': '1299',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][product_data][name]': 'Mug',
      success_url: `http://plaza.test/en_GB/shop/orders/${bought.order_id}?checkout=return`,
      client_reference_id: String(bought.order_id),
      customer_email: user.email,
    });
    expect(session.idempotencyKey).toMatch(/^plaza-order-/);
    expect((await orderOf(client, bought.order_id)).state).toBe('placed');

    // A browser claiming the return changes nothing; only the signed event does.
    expect((await orderOf(client, bought.order_id)).paid_at).toBeNull();
    const event = checkoutCompletedEvent(session);
    const { payload, signature } = signedEvent(event);

    const wrong = signedEvent(event, 'whsec_notthesecret');
    const forged = await deliver(payload, wrong.signature);
    expect(forged.statusCode).toBe(400);
    expect(codeOf(forged)?.code).toBe('signature_invalid');
    const unsigned = await deliver(payload);
    expect(unsigned.statusCode).toBe(400);
    expect(codeOf(unsigned)?.code).toBe('signature_invalid');
    const tampered = await deliver(payload.replace('"paid"', '"paid" '), signature);
    expect(tampered.statusCode).toBe(400);
    const old = signedEvent(event, fakeStripeKeys.webhookSecret, Math.floor(Date.now() / 1000) - 3600);
    expect((await deliver(old.payload, old.signature)).statusCode).toBe(400);
    expect(await stateOf(bought.order_id)).toBe('placed');

    const first = await deliver(payload, signature);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true });
    const paid = await orderOf(client, bought.order_id);
    expect(paid.state).toBe('paid');
    expect(paid.paid_at).not.toBeNull();
    const mail = await smtp.waitForMail(user.email);
    expect(mail.subject).toBe(`Payment received: order ${paid.number}`);
    expect(mail.text).toContain('2 × Mug: €25.98');

    // A replay of the same event: answered, changes nothing.
    await t.db.update(orders).set({ state: 'placed', paid_at: null }).where(eq(orders.id, bought.order_id));
    const replay = await deliver(payload, signature);
    expect(replay.statusCode).toBe(200);
    expect(await stateOf(bought.order_id)).toBe('placed');
    const events = await t.db.select().from(paymentEvents).where(eq(paymentEvents.event_id, event.id));
    expect(events).toEqual([expect.objectContaining({ provider: 'stripe', order_id: bought.order_id })]);
    await t.db
      .update(orders)
      .set({ state: 'paid', paid_at: new Date() })
      .where(eq(orders.id, bought.order_id));

    // The administration refunds it through Stripe.
    const { client: admin } = await buyer(t, ['shop']);
    const refunded = await admin.post(`/api/v2/admin/orders/${bought.order_id}/state`, { state: 'refunded' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().state).toBe('refunded');
    expect(fake.refunds).toEqual([
      expect.objectContaining({
        payment_intent: session.payment_intent,
        idempotencyKey: `plaza-refund-${bought.order_id}`,
      }),
    ]);
  });

  it('undoes the purchase when Stripe answers no page to pay on, or fails', async () => {
    const { client } = await buyer(t);
    const mug = await buildProduct(t, { stock: 2 });
    await fillCart(client, [{ product_id: mug, quantity: 2 }]);
    await readyCart(client, { method: 'stripe' });
    const before = (await t.db.select().from(orders)).length;
    for (const mode of ['empty_url', 'error'] as const) {
      fake.setSessionMode(mode);
      const response = await client.post('/api/v2/payments', { agb: true });
      expect(response.statusCode, mode).toBe(502);
      expect(codeOf(response)?.code).toBe('payment_provider_failed');
    }
    fake.setSessionMode('ok');
    expect((await t.db.select().from(orders)).length).toBe(before);
    expect(
      (await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, mug)))[0]!.stock,
    ).toBe(2);
    expect(await t.db.select().from(cartItems).where(eq(cartItems.product_id, mug))).toHaveLength(1);
    const bought = await buy(client);
    expect(bought.redirect).toMatch(/^https:\/\/checkout\.stripe\.test\//);
  });

  it('cancels the order of an expired session and gives its stock back, once', async () => {
    const { client } = await buyer(t);
    const mug = await buildProduct(t, { stock: 3 });
    await fillCart(client, [{ product_id: mug, quantity: 2 }]);
    await readyCart(client, { method: 'stripe' });
    const bought = await buy(client);
    const stock = async () =>
      (await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, mug)))[0]!.stock;
    expect(await stock()).toBe(1);
    const { payload, signature } = signedEvent(checkoutExpiredEvent(fake.sessions.at(-1)!));
    expect((await deliver(payload, signature)).statusCode).toBe(200);
    expect(await stateOf(bought.order_id)).toBe('cancelled');
    expect(await stock()).toBe(3);
    expect((await deliver(payload, signature)).statusCode).toBe(200);
    expect(await stock()).toBe(3);
  });

  it('answers a signed event of another type or an unknown session without changing anything', async () => {
    const other = signedEvent({
      id: 'evt_test_other',
      object: 'event',
      type: 'payment_intent.created',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'pi_test_1', object: 'payment_intent' } },
    });
    expect((await deliver(other.payload, other.signature)).statusCode).toBe(200);
    const unknown = signedEvent(
      checkoutCompletedEvent({
        id: 'cs_test_unknown',
        url: '',
        payment_intent: 'pi_x',
        params: {},
        idempotencyKey: undefined,
      }),
    );
    expect((await deliver(unknown.payload, unknown.signature)).statusCode).toBe(200);
    const garbage = await deliver('not json at all', 't=1,v1=00');
    expect(garbage.statusCode).toBe(400);
  });
});

describe('stripe unreachable', () => {
  let t: TestApp;

  beforeAll(async () => {
    const fake = await startStripeFake();
    const url = fake.url;
    await fake.close();
    t = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: fakeStripeKeys.secretKey,
        STRIPE_WEBHOOK_SECRET: fakeStripeKeys.webhookSecret,
        STRIPE_API_URL: url,
      },
    });
  });
  afterAll(() => t.close());

  it('answers 502 and writes nothing', async () => {
    const { client } = await buyer(t);
    const mug = await buildProduct(t, { stock: 1 });
    await fillCart(client, [{ product_id: mug }]);
    await readyCart(client, { method: 'stripe' });
    const response = await client.post('/api/v2/payments', { agb: true });
    expect(response.statusCode).toBe(502);
    expect(codeOf(response)?.code).toBe('payment_provider_failed');
    expect(await t.db.select().from(orders)).toEqual([]);
    expect(
      (await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, mug)))[0]!.stock,
    ).toBe(1);
  });
});
