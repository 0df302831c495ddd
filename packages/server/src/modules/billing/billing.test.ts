import { errorResponseSchema, subscriptionInvoiceSchema, subscriptionSchema } from '@plaza/contract';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { buildSubscription } from '../../../test/billing-fixture';
import { TestClient } from '../../../test/client';
import { buyer } from '../../../test/order-fixture';
import { gifts, subscriptionInvoices, subscriptionItems, subscriptions } from '../../db/schema';
import { housekeepingJobs } from '../../housekeeping';
import { rateLimitTable } from '../../platform/rate-limit';
import { createScheduler } from '../../platform/scheduler';
import { linkSubscription, renewDueSubscriptions } from '.';

const codeOf = (response: LightMyRequestResponse) => errorResponseSchema.parse(response.json()).errors[0];
const base = '/billing-api/v1';

/** The billing calls: the member's own subscriptions, their items, invoices and cancellation; renewals. */
describe('billing', () => {
  let t: TestApp;
  let now = new Date('2026-01-31T09:00:00Z');

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now, mailer: { send: async () => {}, close: async () => {} } });
  });
  afterAll(() => t.close());

  const rowOf = async (id: number) =>
    (await t.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
  const invoicesOf = async (id: number) =>
    t.db.select().from(subscriptionInvoices).where(eq(subscriptionInvoices.subscription_id, id));

  it('starts a subscription by invoice from today with its first invoice, and lists it for its member only', async () => {
    now = new Date('2026-01-31T09:00:00Z');
    const { user, client } = await buyer(t);
    const { id, number } = await buildSubscription(t, user.id, { now });
    expect(number).toMatch(/^\d{8}$/);
    const row = await rowOf(id);
    expect(row).toMatchObject({
      state: 'active',
      started_on: '2026-01-31',
      current_period_start: '2026-01-31',
      current_period_end: '2026-02-28',
      minimum_term_end: '2026-04-30',
    });
    expect(await invoicesOf(id)).toMatchObject([
      { period_start: '2026-01-31', period_end: '2026-02-28', amount: 990, state: 'open' },
    ]);

    const mine = await client.get(`${base}/subscriptions/mine`);
    expect(mine.statusCode, mine.body).toBe(200);
    const [shown] = mine.json().results.map((s: unknown) => subscriptionSchema.parse(s));
    expect(shown).toMatchObject({ id, number, state: 'active', price: 990, earliest_end: '2026-04-30' });
    expect(shown.items.map((i: { kind: string }) => i.kind)).toEqual(['plan', 'gift']);

    const other = await buyer(t);
    expect((await other.client.get(`${base}/subscriptions/mine`)).json().results).toEqual([]);
    expect((await new TestClient(t.app).get(`${base}/subscriptions/mine`)).statusCode).toBe(401);
  });

  it('cancels at the end of the first period past the notice and the minimum term; twice is 409, another member 404', async () => {
    now = new Date('2026-01-31T09:00:00Z');
    const { user, client } = await buyer(t);
    const { id } = await buildSubscription(t, user.id, { now });
    const other = await buyer(t);
    const refused = await other.client.delete(`${base}/subscriptions/${id}`);
    expect(refused.statusCode).toBe(404);
    expect((await rowOf(id)).state).toBe('active');

    now = new Date('2026-04-20T09:00:00Z');
    const cancelled = await client.delete(`${base}/subscriptions/${id}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // Minimum term ends Apr 30, but 14 days' notice from Apr 20 is May 4: the period ending May 31.
    expect(subscriptionSchema.parse(cancelled.json())).toMatchObject({
      state: 'cancelled',
      cancelled_on: '2026-04-20',
      ends_on: '2026-05-31',
      earliest_end: null,
    });
    const again = await client.delete(`${base}/subscriptions/${id}`);
    expect(again.statusCode).toBe(409);
    expect(codeOf(again)?.code).toBe('conflict');
    expect((await new TestClient(t.app).delete(`${base}/subscriptions/${id}`)).statusCode).toBe(401);
  });

  it("changes the plan's quantity from the next period, declines the gift, and refuses the rest", async () => {
    now = new Date('2026-01-31T09:00:00Z');
    const { user, client } = await buyer(t);
    const { id, giftId } = await buildSubscription(t, user.id, { now, giftStock: 4 });
    const items = await t.db
      .select()
      .from(subscriptionItems)
      .where(eq(subscriptionItems.subscription_id, id));
    const plan = items.find((i) => i.kind === 'plan')!;
    const gift = items.find((i) => i.kind === 'gift')!;

    expect((await client.get(`${base}/subscription_items/${plan.id}`)).json()).toMatchObject({
      kind: 'plan',
      editable: true,
      removable: false,
    });
    const put = await client.put(`${base}/subscription_items/${plan.id}`, { quantity: 2 });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ quantity: 1, next_quantity: 2 });
    expect((await client.put(`${base}/subscription_items/${gift.id}`, { quantity: 2 })).statusCode).toBe(409);
    expect((await client.delete(`${base}/subscription_items/${plan.id}`)).statusCode).toBe(409);
    expect((await client.put(`${base}/subscription_items/${plan.id}`, { quantity: 0 })).statusCode).toBe(400);

    const other = await buyer(t);
    expect((await other.client.get(`${base}/subscription_items/${plan.id}`)).statusCode).toBe(404);
    expect(
      (await other.client.put(`${base}/subscription_items/${plan.id}`, { quantity: 3 })).statusCode,
    ).toBe(404);
    expect((await other.client.delete(`${base}/subscription_items/${gift.id}`)).statusCode).toBe(404);

    const removed = await client.delete(`${base}/subscription_items/${gift.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await client.get(`${base}/subscription_items/${gift.id}`)).statusCode).toBe(404);
    // The declined piece goes back to the gift's stock; declining twice finds nothing.
    const [stock] = await t.db.select({ stock: gifts.stock }).from(gifts).where(eq(gifts.id, giftId));
    expect(stock?.stock).toBe(5);
    expect((await client.delete(`${base}/subscription_items/${gift.id}`)).statusCode).toBe(404);
  });

  it('lists invoices newest first by `before` and answers their PDF to the member only', async () => {
    now = new Date('2026-01-31T09:00:00Z');
    const { user, client } = await buyer(t);
    const { id } = await buildSubscription(t, user.id, { now });
    const list = await client.get(`${base}/subscriptions/${id}/invoices`);
    expect(list.statusCode, list.body).toBe(200);
    const [invoice] = list.json().results.map((i: unknown) => subscriptionInvoiceSchema.parse(i));
    expect(list.json().next_before).toBeNull();
    expect(invoice.pdf_url).toBe(`${base}/invoices/${invoice.id}.pdf`);
    expect(
      (await client.get(`${base}/subscriptions/${id}/invoices?before=${invoice.id}`)).json().results,
    ).toEqual([]);

    const pdf = await client.get(invoice.pdf_url);
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    expect(pdf.headers['content-type']).toMatch(/^application\/pdf/);
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="Invoice-${invoice.number}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const other = await buyer(t);
    expect((await other.client.get(invoice.pdf_url)).statusCode).toBe(404);
    expect((await other.client.get(`${base}/subscriptions/${id}/invoices`)).statusCode).toBe(404);
    expect((await new TestClient(t.app).get(invoice.pdf_url)).statusCode).toBe(401);
  });

  it('renews once per period even when two runs race, applies the new quantity, ships the gift, and ends a cancelled one', async () => {
    now = new Date('2026-01-31T09:00:00Z');
    const { user, client } = await buyer(t);
    const { id } = await buildSubscription(t, user.id, { now });
    const plan = (
      await t.db.select().from(subscriptionItems).where(eq(subscriptionItems.subscription_id, id))
    ).find((i) => i.kind === 'plan')!;
    await client.put(`${base}/subscription_items/${plan.id}`, { quantity: 2 });

    const at = new Date('2026-02-28T03:00:00Z');
    await Promise.all([
      t.db.transaction((tx) => renewDueSubscriptions(tx, at)),
      t.db.transaction((tx) => renewDueSubscriptions(tx, at)),
    ]);
    await renewDueSubscriptions(t.db, at);
    const invoices = await invoicesOf(id);
    expect(invoices.map((i) => [i.period_start, i.period_end, i.amount])).toEqual([
      ['2026-01-31', '2026-02-28', 990],
      ['2026-02-28', '2026-03-31', 1980],
    ]);
    expect(await rowOf(id)).toMatchObject({
      current_period_start: '2026-02-28',
      current_period_end: '2026-03-31',
    });
    const items = await t.db
      .select()
      .from(subscriptionItems)
      .where(eq(subscriptionItems.subscription_id, id));
    expect(items.find((i) => i.kind === 'plan')).toMatchObject({ quantity: 2, next_quantity: null });
    expect(items.find((i) => i.kind === 'gift')?.shipped_at).not.toBeNull();

    now = new Date('2026-03-10T09:00:00Z');
    expect((await client.delete(`${base}/subscriptions/${id}`)).json().ends_on).toBe('2026-04-30');
    await renewDueSubscriptions(t.db, new Date('2026-03-31T03:00:00Z'));
    expect((await rowOf(id)).current_period_end).toBe('2026-04-30');
    await renewDueSubscriptions(t.db, new Date('2026-04-30T03:00:00Z'));
    expect((await rowOf(id)).state).toBe('ended');
    expect(await invoicesOf(id)).toHaveLength(3);
  });

  it('retries a failed renewal after a backoff, counting the failures, and bills it once it succeeds', async () => {
    now = new Date('2026-01-31T09:00:00Z');
    const { user } = await buyer(t);
    const { id } = await buildSubscription(t, user.id, { now, gift: false });
    const at = new Date('2026-02-28T03:00:00Z');
    const errors: unknown[] = [];
    const log = { error: (details: unknown) => errors.push(details), warn: () => {} };
    const failing = await renewDueSubscriptions(t.db, at, {
      log,
      charge: async (subscription) => {
        if (subscription.id === id) throw new Error('provider down');
      },
    });
    expect(failing.failed).toBeGreaterThanOrEqual(1);
    expect(errors.length).toBeGreaterThanOrEqual(1);
    const failed = await rowOf(id);
    expect(failed).toMatchObject({ current_period_end: '2026-02-28', renewal_failures: 1 });
    expect(failed.renewal_retry_at!.getTime()).toBe(at.getTime() + 3_600_000);
    expect(await invoicesOf(id)).toHaveLength(1);

    await renewDueSubscriptions(t.db, new Date(at.getTime() + 60_000));
    expect((await rowOf(id)).current_period_end).toBe('2026-02-28');
    await renewDueSubscriptions(t.db, new Date(at.getTime() + 3_600_000));
    expect(await rowOf(id)).toMatchObject({
      current_period_end: '2026-03-31',
      renewal_failures: 0,
      renewal_retry_at: null,
    });
    expect(await invoicesOf(id)).toHaveLength(2);
  });

  it('renews through the housekeeping job, once across two instances running it at once', async () => {
    now = new Date('2026-01-31T09:00:00Z');
    const { user } = await buyer(t);
    const { id } = await buildSubscription(t, user.id, { now, gift: false });
    const jobs = housekeepingJobs({ storage: t.storage }).filter(
      (job) => job.name === 'subscription-renewals',
    );
    expect(jobs).toHaveLength(1);
    const log = { info: () => {}, warn: () => {}, error: () => {} };
    const at = () => new Date('2026-02-28T04:00:00Z');
    const instances = [1, 2].map(() =>
      createScheduler({ db: t.db, jobs, log, clock: at, tickMs: 3_600_000 }),
    );
    await Promise.all(instances.map((scheduler) => scheduler.runDue()));
    expect((await invoicesOf(id)).map((i) => i.period_start)).toEqual(['2026-01-31', '2026-02-28']);
    expect((await rowOf(id)).current_period_end).toBe('2026-03-31');
  });

  it('treats /billing-api/ as the API: CSRF on changes, JSON 404 for unknown paths, rate limits', async () => {
    now = new Date('2026-01-31T09:00:00Z');
    const { user, client } = await buyer(t);
    const { id } = await buildSubscription(t, user.id, { now });
    const forged = await client.delete(`${base}/subscriptions/${id}`, { withoutCsrf: true });
    expect(forged.statusCode).toBe(403);
    expect(codeOf(forged)?.code).toBe('csrf_invalid');
    const unknown = await client.get(`${base}/nothing/here`);
    expect(unknown.statusCode).toBe(404);
    expect(codeOf(unknown)?.code).toBe('not_found');
    const plan = (
      await t.db.select().from(subscriptionItems).where(eq(subscriptionItems.subscription_id, id))
    ).find((i) => i.kind === 'plan')!;
    const { max } = rateLimitTable.billingChanges;
    for (let i = 0; i < max; i += 1) {
      expect((await client.put(`${base}/subscription_items/${plan.id}`, { quantity: 2 })).statusCode).toBe(
        200,
      );
    }
    const limited = await client.put(`${base}/subscription_items/${plan.id}`, { quantity: 3 });
    expect(limited.statusCode).toBe(429);
    expect(codeOf(limited)?.code).toBe('rate_limited');
  });

  it('links a subscription without a member by its number and postcode, and only then', async () => {
    const { user } = await buyer(t);
    const { number } = await buildSubscription(t, null);
    expect(await linkSubscription(t.db, user.id, number, '99999')).toBe(false);
    expect(await linkSubscription(t.db, user.id, '1234567', '10115')).toBe(false);
    expect(await linkSubscription(t.db, user.id, number, ' 101 15 ')).toBe(true);
    const other = await buyer(t);
    expect(await linkSubscription(t.db, other.user.id, number, '10115')).toBe(false);
  });
});
