import type { Db } from '../../db/client';
import { dayOf, periodBoundary } from './dates';
import { planAmount } from './presenter';
import { billingRepo, type InvoiceRow, type SubscriptionWithItems } from './repo';

/** A period's invoice number: the subscriber number and the period's first day. */
export const invoiceNumber = (subscriptionNumber: string, periodStart: string) =>
  `${subscriptionNumber}-${periodStart.replaceAll('-', '')}`;

/**
 * Starts a pending subscription from `today`: active, the first period and the minimum term dated, the
 * first period's invoice written (`paid` with a provider reference for a card). Answers the invoice, or
 * undefined when that period was billed already.
 */
export async function activateSubscription(
  tx: Db,
  subscription: SubscriptionWithItems,
  now: Date,
  paid: { ref: string | null } | null,
  set: { provider_subscription_id?: string | null } = {},
): Promise<InvoiceRow | undefined> {
  const today = dayOf(now);
  const end = periodBoundary(today, subscription.period, 1);
  await billingRepo.update(tx, subscription.id, {
    ...set,
    state: 'active',
    started_on: today,
    current_period_start: today,
    current_period_end: end,
    minimum_term_end: periodBoundary(today, subscription.period, subscription.minimum_term),
  });
  return billingRepo.insertInvoice(tx, {
    number: invoiceNumber(subscription.number, today),
    subscription_id: subscription.id,
    period_start: today,
    period_end: end,
    amount: planAmount(subscription.items),
    tax_rate: subscription.tax_rate,
    currency: subscription.currency,
    state: paid ? 'paid' : 'open',
    paid_at: paid ? now : null,
    provider_ref: paid?.ref ?? null,
  });
}
