import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { buildSubscription } from '../../../test/billing-fixture';
import { buyer } from '../../../test/order-fixture';
import {
  checkoutCompletedEvent,
  fakeStripeKeys,
  invoicePaidEvent,
  type StripeFake,
  signedEvent,
  startStripeFake,
} from '../../../test/stripe-fake';
import { subscriptionInvoices, subscriptions } from '../../db/schema';
import { renewDueSubscriptions } from '.';

const webhook = '/api/v2/payments/stripe/webhook';

/** Card subscriptions: Stripe Checkout in subscription mode, the webhook's activation and renewals, cancellation. */
describe('card subscriptions', () => {
  let t: TestApp;
  let fake: StripeFake;
  let now = new Date('2026-01-31T09:00:00Z');

  beforeAll(async () => {
    fake = await startStripeFake();
    t = await createTestApp({
      clock: () => now,
      mailer: { send: async () => {}, close: async () => {} },
      env: {
        STRIPE_SECRET_KEY: fakeStripeKeys.secretKey,
        STRIPE_WEBHOOK_SECRET: fakeStripeKeys.webhookSecret,
        STRIPE_API_URL: fake.url,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const deliver = (event: object) => {
    const { payload, signature } = signedEvent(event);
    return t.app.inject({
      method: 'POST',
      url: webhook,
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
  };
  const rowOf = async (id: number) =>
    (await t.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
  const invoicesOf = (id: number) =>
    t.db.select().from(subscriptionInvoices).where(eq(subscriptionInvoices.subscription_id, id));

  it('starts a Checkout session in subscription mode; the webhook activates it once and records paid renewals once', async () => {
    const { user, client } = await buyer(t);
    const { id, redirect } = await buildSubscription(t, user.id, { method: 'stripe', now });
    const session = fake.sessions.at(-1)!;
    expect(redirect).toBe(session.url);
    expect(session.params).toMatchObject({
      mode: 'subscription',
      'line_items[0][price_data][unit_amount]': '990',
      'line_items[0][price_data][recurring][interval]': 'month',
      'metadata[subscription_id]': String(id),
    });
    // The checkout returns to the billing page the settings drawer opens (`/{lang}/billing`).
    expect(session.params.success_url).toMatch(
      /^http:\/\/[^/]+\/[a-z]{2}_[A-Z]{2}\/billing\?checkout=return$/,
    );
    expect((await rowOf(id)).state).toBe('pending');

    const completed = checkoutCompletedEvent(session);
    expect((await deliver(completed)).statusCode).toBe(200);
    expect((await deliver(completed)).statusCode).toBe(200);
    expect(await rowOf(id)).toMatchObject({
      state: 'active',
      provider_subscription_id: `sub_${session.id}`,
      current_period_end: '2026-02-28',
    });
    expect((await invoicesOf(id)).map((i) => [i.state, i.provider_ref])).toEqual([['paid', session.id]]);

    // The renewal run leaves card subscriptions to the provider.
    await renewDueSubscriptions(t.db, new Date('2026-02-28T03:00:00Z'));
    expect(await invoicesOf(id)).toHaveLength(1);
    const subscription = fake.subscriptions.find((s) => s.session_id === session.id)!;
    expect((await deliver(invoicePaidEvent(subscription, 990, 'subscription_create'))).statusCode).toBe(200);
    expect(await invoicesOf(id)).toHaveLength(1);
    const renewal = invoicePaidEvent(subscription, 990);
    expect((await deliver(renewal)).statusCode).toBe(200);
    expect((await deliver(renewal)).statusCode).toBe(200);
    expect((await invoicesOf(id)).map((i) => [i.period_start, i.state])).toEqual([
      ['2026-01-31', 'paid'],
      ['2026-02-28', 'paid'],
    ]);
    expect((await rowOf(id)).current_period_end).toBe('2026-03-31');

    now = new Date('2026-03-01T09:00:00Z');
    const cancelled = await client.delete(`/billing-api/v1/subscriptions/${id}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().ends_on).toBe('2026-04-30');
    expect(subscription.updates).toEqual([{ cancel_at: String(Date.parse('2026-04-30T00:00:00Z') / 1000) }]);
  });

  it('undoes the start when the provider fails (502), leaving the subscription pending', async () => {
    const { user } = await buyer(t);
    fake.setSessionMode('error');
    try {
      await expect(buildSubscription(t, user.id, { method: 'stripe', now })).rejects.toMatchObject({
        status: 502,
      });
    } finally {
      fake.setSessionMode('ok');
    }
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.user_id, user.id));
    expect(row).toMatchObject({ state: 'pending', provider_session_id: null });
  });
});
