import type { Locale } from '@plaza/contract';
import type Stripe from 'stripe';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/errors';
import { findUserById } from '../users';
import { activateSubscription, invoiceNumber } from './activation';
import { nextPeriodEnd } from './dates';
import type { BillingDeps } from './deps';
import { planAmount } from './presenter';
import { billingRepo, type SubscriptionRow, type SubscriptionWithItems } from './repo';

const providerFailed = () =>
  new AppError(
    502,
    'payment_provider_failed',
    'The payment provider could not be reached. Nothing was charged.',
  );

/** Stripe's recurring interval of a period. */
const intervals = {
  month: { interval: 'month', interval_count: 1 },
  quarter: { interval: 'month', interval_count: 3 },
  year: { interval: 'year', interval_count: 1 },
} as const;

/** The billing page a card checkout returns to. */
export const billingPage = (locale: Locale) => `/${locale}/billing`;

function stripeOf(deps: BillingDeps): Stripe {
  const stripe = deps.providers.stripe;
  if (!stripe) throw new AppError(422, 'payment_required', 'Card payments are not offered.', 'payment');
  return stripe.client;
}

/**
 * A Stripe Checkout session in `subscription` mode for a pending card subscription (the plan as a
 * recurring price); its id is kept, its page answered. A failure undoes the caller's transaction (502).
 */
export async function startCardCheckout(
  deps: BillingDeps,
  tx: Db,
  userId: number,
  subscription: SubscriptionWithItems,
  locale: Locale,
): Promise<string> {
  const client = stripeOf(deps);
  const member = await findUserById(tx, userId);
  const page = `${deps.publicUrl}${billingPage(locale)}`;
  const plans = subscription.items.filter((item) => item.kind === 'plan');
  try {
    const session = await client.checkout.sessions.create(
      {
        mode: 'subscription',
        line_items: plans.map((plan) => ({
          quantity: plan.quantity,
          price_data: {
            currency: subscription.currency.toLowerCase(),
            unit_amount: plan.unit_price,
            recurring: intervals[subscription.period],
            product_data: { name: plan.name },
          },
        })),
        ...(member?.email ? { customer_email: member.email } : {}),
        client_reference_id: `subscription-${subscription.id}`,
        metadata: { subscription_id: String(subscription.id), subscription_number: subscription.number },
        subscription_data: { metadata: { subscription_id: String(subscription.id) } },
        locale: locale === 'de_DE' ? 'de' : 'en-GB',
        success_url: `${page}?checkout=return`,
        cancel_url: `${page}?checkout=cancel`,
      },
      { idempotencyKey: `plaza-subscription-${subscription.id}-${subscription.number}` },
    );
    if (!session.url) throw new Error('The checkout session has no page.');
    await billingRepo.update(tx, subscription.id, { provider_session_id: session.id });
    return session.url;
  } catch (error) {
    deps.log.warn(
      { err: error, subscriptionId: subscription.id },
      'stripe: starting the subscription checkout failed',
    );
    throw providerFailed();
  }
}

/** Tells Stripe to end a card subscription on `endsOn` (502 when it cannot be reached: nothing changes). */
export async function cancelAtProvider(
  deps: BillingDeps,
  row: SubscriptionRow,
  endsOn: string,
): Promise<void> {
  if (row.payment_method !== 'stripe' || !row.provider_subscription_id) return;
  const client = stripeOf(deps);
  try {
    await client.subscriptions.update(
      row.provider_subscription_id,
      { cancel_at: Math.floor(Date.parse(`${endsOn}T00:00:00Z`) / 1000) },
      { idempotencyKey: `plaza-cancel-${row.id}-${endsOn}` },
    );
  } catch (error) {
    deps.log.warn({ err: error, subscriptionId: row.id }, 'stripe: cancelling the subscription failed');
    throw providerFailed();
  }
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** The subscription an invoice event is about (older API versions: `subscription`; newer: `parent`). */
function invoiceSubscription(invoice: Stripe.Invoice): string | null {
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  return idOf(legacy) ?? idOf(invoice.parent?.subscription_details?.subscription);
}

/**
 * Billing's part of the Stripe webhook: a completed subscription checkout activates its subscription
 * (the first period paid); a paid renewal invoice records the next period's invoice, once, and advances
 * the period. Runs inside the event's transaction, once per event.
 */
export async function receiveBillingEvent(tx: Db, event: Stripe.Event, now: Date): Promise<number[]> {
  if (event.type === 'checkout.session.completed') {
    const session = event.data.object as Stripe.Checkout.Session;
    if (session.mode !== 'subscription') return [];
    const row = await billingRepo.byProviderSession(tx, session.id);
    if (row?.state !== 'pending') return [];
    const subscription = await billingRepo.byId(tx, row.id);
    if (!subscription) return [];
    const invoice = await activateSubscription(
      tx,
      subscription,
      now,
      { ref: session.id },
      { provider_subscription_id: idOf(session.subscription) },
    );
    return invoice ? [invoice.id] : [];
  }
  if (event.type === 'invoice.paid') {
    const paid = event.data.object as Stripe.Invoice;
    if (paid.billing_reason === 'subscription_create') return [];
    const providerId = invoiceSubscription(paid);
    const subscription = providerId ? await billingRepo.byProviderSubscription(tx, providerId) : undefined;
    if (!subscription?.started_on || !subscription.current_period_end) return [];
    if (subscription.state !== 'active' && subscription.state !== 'cancelled') return [];
    const start = subscription.current_period_end;
    const end = nextPeriodEnd(subscription.started_on, subscription.period, start);
    await billingRepo.rollItems(tx, subscription.id, now);
    const fresh = await billingRepo.byId(tx, subscription.id);
    const invoice = await billingRepo.insertInvoice(tx, {
      number: invoiceNumber(subscription.number, start),
      subscription_id: subscription.id,
      period_start: start,
      period_end: end,
      amount: paid.amount_paid || planAmount(fresh?.items ?? subscription.items),
      tax_rate: subscription.tax_rate,
      currency: subscription.currency,
      state: 'paid',
      paid_at: now,
      provider_ref: paid.id ?? null,
    });
    if (!invoice) return [];
    await billingRepo.update(tx, subscription.id, {
      current_period_start: start,
      current_period_end: end,
      renewal_retry_at: null,
      renewal_failures: 0,
    });
    return [invoice.id];
  }
  return [];
}
