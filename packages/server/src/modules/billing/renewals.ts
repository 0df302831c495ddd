import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { invoiceNumber } from './activation';
import { dayOf, nextPeriodEnd } from './dates';
import { maybeBillingDeps } from './deps';
import { mailSubscriptionInvoice } from './mails';
import { planAmount } from './presenter';
import { billingRepo, type InvoiceRow, type SubscriptionWithItems } from './repo';

/** Subscriptions read per batch, and batches per run (the rest waits for the next run). */
export const renewalBatch = 100;
export const renewalBatches = 10;

/** The wait before a failed renewal is tried again: doubling from an hour, at most two days. */
export const renewalBackoffMs = (failures: number) =>
  Math.min(2 ** Math.max(failures - 1, 0), 48) * 3_600_000;

/** Charges a period's invoice by its method (invoice and debit: the mail after commit is the charge). */
export type Charge = (subscription: SubscriptionWithItems, invoice: InvoiceRow) => Promise<void>;

const noCharge: Charge = async () => {};

export interface RenewalOutcome {
  renewed: number;
  ended: number;
  failed: number;
  /** Sends the new invoices' mails: call once the run's transaction has committed. */
  afterCommit: () => Promise<void>;
}

async function renewOne(
  tx: Db,
  subscription: SubscriptionWithItems,
  now: Date,
  today: string,
  charge: Charge,
) {
  const start = subscription.current_period_end;
  if (!start || !subscription.started_on) return { ended: false as const };
  if (!(await billingRepo.lockDue(tx, subscription.id, start))) return { ended: false as const };
  if (subscription.state === 'cancelled' && subscription.ends_on && subscription.ends_on <= today) {
    await billingRepo.update(tx, subscription.id, { state: 'ended', renewal_retry_at: null });
    return { ended: true as const };
  }
  const end = nextPeriodEnd(subscription.started_on, subscription.period, start);
  await billingRepo.rollItems(tx, subscription.id, now);
  const rolled = (await billingRepo.byId(tx, subscription.id)) ?? subscription;
  const invoice = await billingRepo.insertInvoice(tx, {
    number: invoiceNumber(subscription.number, start),
    subscription_id: subscription.id,
    period_start: start,
    period_end: end,
    amount: planAmount(rolled.items),
    tax_rate: subscription.tax_rate,
    currency: subscription.currency,
  });
  if (invoice) await charge(rolled, invoice);
  await billingRepo.update(tx, subscription.id, {
    current_period_start: start,
    current_period_end: end,
    renewal_retry_at: null,
    renewal_failures: 0,
  });
  return { ended: false as const, invoice };
}

/**
 * Renews the due subscriptions in bounded batches: a cancelled one at its end ends; any other gets the
 * next period's invoice (one per period, the unique index refusing a second), its changed quantity and,
 * with the first renewal, its gift shipped; then the period advances. Each runs in a savepoint: a failure
 * is logged, counted and retried after a backoff, and the others go on. Rows another run holds are
 * skipped, so two runs at once bill each period once.
 */
export async function renewDueSubscriptions(
  db: Db,
  now: Date,
  options: { charge?: Charge; log?: Pick<FastifyBaseLogger, 'error' | 'warn'> } = {},
): Promise<RenewalOutcome> {
  const today = dayOf(now);
  const charge = options.charge ?? noCharge;
  const log = options.log ?? maybeBillingDeps()?.log;
  const invoices: number[] = [];
  let ended = 0;
  let failed = 0;
  for (let batch = 0; batch < renewalBatches; batch += 1) {
    const due = await billingRepo.due(db, today, now, renewalBatch);
    for (const subscription of due) {
      try {
        const done = await db.transaction((tx) => renewOne(tx, subscription, now, today, charge));
        if (done.ended) ended += 1;
        else if (done.invoice) invoices.push(done.invoice.id);
      } catch (error) {
        failed += 1;
        const failures = subscription.renewal_failures + 1;
        log?.error({ err: error, subscriptionId: subscription.id, failures }, 'subscription renewal failed');
        await billingRepo.update(db, subscription.id, {
          renewal_failures: failures,
          renewal_retry_at: new Date(now.getTime() + renewalBackoffMs(failures)),
        });
      }
    }
    if (due.length < renewalBatch) break;
  }
  return {
    renewed: invoices.length,
    ended,
    failed,
    async afterCommit() {
      const deps = maybeBillingDeps();
      if (!deps) return;
      for (const id of invoices) await mailSubscriptionInvoice(deps, id);
    },
  };
}
