import type Stripe from 'stripe';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../platform/errors';
import { returnStock } from '../shop';
import type { PaymentDeps } from './deps';
import { mailOrder } from './mails';
import { webhookToleranceSeconds } from './providers/stripe';
import { ordersRepo } from './repo';

/** A listener of verified, first-delivered Stripe events (billing records subscription invoices). */
export type StripeEventListener = (tx: Db, event: Stripe.Event, now: Date) => Promise<void>;
const stripeEventListeners = new Set<StripeEventListener>();

/** A higher module hears every verified Stripe event once, inside the event's transaction. */
export function onStripeEvent(listener: StripeEventListener): void {
  stripeEventListeners.add(listener);
}

const signatureInvalid = (message: string) => new AppError(400, 'signature_invalid', message);

/** The events that say a Checkout session's money arrived. */
const paidEvents = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

/** A Checkout session that ended unpaid: its placed order is cancelled and its stock given back. */
async function cancelExpired(tx: Db, event: Stripe.Event, now: Date): Promise<void> {
  const session = event.data.object as Stripe.Checkout.Session;
  const orderId = await ordersRepo.cancelBySession(tx, session.id, now);
  if (orderId === undefined) return;
  await returnStock(tx, await ordersRepo.stockLines(tx, orderId));
  await ordersRepo.setEventOrder(tx, 'stripe', event.id, orderId);
}

/**
 * A Stripe event: its signature checked on the raw body (and its age, `webhookToleranceSeconds`), then
 * recorded by id so that a replay or a repeated delivery changes nothing; a paid Checkout session marks
 * its placed order paid (the state a return page shows) and mails the member; an expired one cancels
 * its placed order (the stock goes back).
 */
export async function receiveStripeEvent(
  deps: PaymentDeps,
  body: unknown,
  signature: string | string[] | undefined,
): Promise<{ received: true }> {
  const stripe = deps.providers.stripe;
  if (!stripe) throw notFound('Stripe payments');
  if (typeof signature !== 'string' || !signature)
    throw signatureInvalid('The Stripe-Signature header is missing.');
  if (!Buffer.isBuffer(body)) throw signatureInvalid('The event has no body to verify.');
  let event: Stripe.Event;
  try {
    event = stripe.client.webhooks.constructEvent(
      body,
      signature,
      stripe.webhookSecret,
      webhookToleranceSeconds,
    );
  } catch (error) {
    deps.log.info({ err: error }, 'stripe webhook refused');
    throw signatureInvalid('The signature does not match or the event is too old.');
  }
  const paidOrder = await deps.db.transaction(async (tx) => {
    const fresh = await ordersRepo.recordEvent(tx, {
      provider: 'stripe',
      event_id: event.id,
      type: event.type,
      order_id: null,
    });
    if (!fresh) return undefined;
    for (const listener of stripeEventListeners) await listener(tx, event, deps.now());
    if (event.type === 'checkout.session.expired') {
      await cancelExpired(tx, event, deps.now());
      return undefined;
    }
    if (!paidEvents.has(event.type)) return undefined;
    const session = event.data.object as Stripe.Checkout.Session;
    if (session.payment_status !== 'paid') return undefined;
    const orderId = await ordersRepo.markPaidBySession(tx, session.id, deps.now());
    if (orderId !== undefined) await ordersRepo.setEventOrder(tx, 'stripe', event.id, orderId);
    return orderId;
  });
  if (paidOrder !== undefined) {
    const order = await ordersRepo.byId(deps.db, paidOrder).catch((error: unknown) => {
      deps.log.error({ err: error, orderId: paidOrder }, 'the paid order could not be read for its mail');
      return undefined;
    });
    if (order) void mailOrder(deps, order, 'paid');
  }
  return { received: true };
}
