import type { Subscription, SubscriptionInvoice, SubscriptionItem } from '@plaza/contract';
import { AppError, notFound } from '../../platform/errors';
import type { SessionUser } from '../../platform/request-context';
import { invoiceFileName } from '../payments';
import { cancelAtProvider } from './card';
import { dayOf } from './dates';
import type { BillingDeps } from './deps';
import { invoiceDocument, subscriptionInvoicePdf } from './invoice-document';
import { earliestEnd, presentInvoice, presentItem, presentSubscription } from './presenter';
import { billingRepo } from './repo';

/** The most subscriptions `mine` answers (a member has one or two). */
const mineLimit = 50;
/** Invoices per page. */
export const invoicePageSize = 24;

const conflict = (message: string) => new AppError(409, 'conflict', message);
// Another member's subscription, item or invoice answers as missing: nothing is revealed.
const missingSubscription = () => notFound('The subscription');
const missingItem = () => notFound('The subscription item');

/** The member's subscriptions, running before ended, newest first. */
export async function mySubscriptions(
  deps: BillingDeps,
  user: SessionUser,
): Promise<{ results: Subscription[] }> {
  const today = dayOf(deps.now());
  const rows = await billingRepo.ofUser(deps.db, user.id, mineLimit);
  return { results: rows.map((row) => presentSubscription(row, today)) };
}

/**
 * Gives notice on a running subscription (409 otherwise): it ends on the contract's day (`earliestEnd`);
 * a card subscription is told to the provider too, in the same transaction (its failure changes nothing).
 */
export async function cancelSubscription(
  deps: BillingDeps,
  user: SessionUser,
  id: number,
): Promise<Subscription> {
  const now = deps.now();
  const today = dayOf(now);
  return deps.db.transaction(async (tx) => {
    const row = await billingRepo.ofUserById(tx, user.id, id, true);
    if (!row) throw missingSubscription();
    const endsOn = earliestEnd(row, today);
    if (!endsOn) throw conflict('This subscription is not running, or notice was given already.');
    await billingRepo.update(tx, id, { state: 'cancelled', cancelled_on: today, ends_on: endsOn });
    await cancelAtProvider(deps, row, endsOn);
    return presentSubscription({ ...row, state: 'cancelled', cancelled_on: today, ends_on: endsOn }, today);
  });
}

/** A subscription's invoices, newest first, `invoicePageSize` at a time. */
export async function subscriptionInvoices(
  deps: BillingDeps,
  user: SessionUser,
  id: number,
  before: number | undefined,
): Promise<{ results: SubscriptionInvoice[]; next_before: number | null }> {
  const row = await billingRepo.ofUserById(deps.db, user.id, id);
  if (!row) throw missingSubscription();
  const rows = await billingRepo.invoices(deps.db, id, before, invoicePageSize + 1);
  const page = rows.slice(0, invoicePageSize);
  return {
    results: page.map(presentInvoice),
    next_before: rows.length > invoicePageSize ? (page.at(-1)?.id ?? null) : null,
  };
}

/** An invoice of one of the member's subscriptions as PDF. */
export async function invoicePdfOf(
  deps: BillingDeps,
  user: SessionUser,
  id: number,
): Promise<{ pdf: Buffer; fileName: string }> {
  const found = await billingRepo.invoiceOfUser(deps.db, user.id, id);
  if (!found) throw notFound('The invoice');
  const pdf = await subscriptionInvoicePdf(deps, found.invoice, found.subscription);
  return { pdf, fileName: invoiceFileName(invoiceDocument(found.invoice, found.subscription)) };
}

export async function readItem(deps: BillingDeps, user: SessionUser, id: number): Promise<SubscriptionItem> {
  const item = await billingRepo.itemOfUser(deps.db, user.id, id);
  if (!item) throw missingItem();
  return presentItem(item, item.state);
}

/** Changes the plan's quantity from the next period (the same as now clears a change). */
export async function updateItem(
  deps: BillingDeps,
  user: SessionUser,
  id: number,
  quantity: number,
): Promise<SubscriptionItem> {
  return deps.db.transaction(async (tx) => {
    const item = await billingRepo.itemOfUser(tx, user.id, id);
    if (!item) throw missingItem();
    if (item.kind !== 'plan') throw conflict('A gift has no quantity to change.');
    if (item.state === 'ended') throw conflict('This subscription has ended.');
    const updated = await billingRepo.setNextQuantity(tx, id, quantity === item.quantity ? null : quantity);
    if (!updated) throw missingItem();
    return presentItem(updated, item.state);
  });
}

/** Declines a gift not shipped yet; the plan cannot be removed (cancel instead). */
export async function removeItem(
  deps: BillingDeps,
  user: SessionUser,
  id: number,
): Promise<{ success: true }> {
  return deps.db.transaction(async (tx) => {
    const item = await billingRepo.itemOfUser(tx, user.id, id);
    if (!item) throw missingItem();
    if (item.kind === 'plan') throw conflict('The plan cannot be removed: cancel the subscription instead.');
    if (item.state === 'ended') throw conflict('This subscription has ended.');
    if (!(await billingRepo.removeUnshippedGift(tx, id)))
      throw conflict('The gift has been shipped already.');
    return { success: true as const };
  });
}
