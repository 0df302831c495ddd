import { randomInt } from 'node:crypto';
import type { Address, Locale, PaymentMethod, ShopCurrency, SubscriptionPeriod } from '@plaza/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/errors';
import { addressRow, checkBankAccount, maskedAccount } from '../payments';
import { activateSubscription } from './activation';
import { startCardCheckout } from './card';
import { billingDeps } from './deps';
import { mailSubscriptionInvoice } from './mails';
import { billingRepo } from './repo';

/** What a registration hands over to create a subscription. */
export interface NewSubscription {
  userId: number | null;
  option: {
    id: number;
    name: string;
    price: number;
    currency: ShopCurrency;
    tax_rate: number;
    period: SubscriptionPeriod;
    minimum_term: number;
    notice_days: number;
  };
  gift: { id: number; name: string } | null;
  payment: {
    method: PaymentMethod;
    sepa: { account_holder: string; iban: string; bic: string | null } | null;
  };
  invoiceAddress: Address;
  deliveryAddress: Address | null;
  locale: Locale;
}

/** Draws of a subscriber number before giving up (8 digits: collisions stay rare far beyond 50,000). */
const numberDraws = 8;

/** The 8-digit subscriber number, never starting with 0. */
const drawNumber = () => String(randomInt(10_000_000, 100_000_000));

/** The mandate reference of a subscription's debit. */
export const subscriptionMandate = (number: string) => `PLAZA-S${number}`;

/** A postcode as compared when linking: no spaces, upper case. */
export const normaliseZip = (zip: string) => zip.replace(/\s+/g, '').toUpperCase();

/**
 * Creates a `pending` subscription with a unique random number, the option's terms copied, its plan
 * item (and the gift's), the payment (a debit's account checked; 422 `bank_account_invalid`).
 */
export async function createSubscription(
  tx: Db,
  input: NewSubscription,
): Promise<{ id: number; number: string }> {
  const { option, payment } = input;
  if (payment.method === 'sepa' && !payment.sepa) {
    throw new AppError(422, 'payment_required', 'A direct debit needs the bank account.', 'sepa');
  }
  const sepa = payment.method === 'sepa' && payment.sepa ? checkBankAccount(payment.sepa) : null;
  for (let draw = 0; draw < numberDraws; draw += 1) {
    const number = drawNumber();
    const id = await billingRepo.insert(tx, {
      number,
      user_id: input.userId,
      option_id: option.id,
      state: 'pending',
      name: option.name,
      period: option.period,
      currency: option.currency,
      tax_rate: option.tax_rate,
      minimum_term: option.minimum_term,
      notice_days: option.notice_days,
      locale: input.locale,
      payment_method: payment.method,
      ...(sepa
        ? {
            ...maskedAccount(sepa),
            sepa_iban: sepa.iban,
            sepa_mandate_reference: subscriptionMandate(number),
          }
        : {}),
      invoice_zip: normaliseZip(input.invoiceAddress.zip ?? ''),
      invoice_address: addressRow(input.invoiceAddress),
      delivery_address: input.deliveryAddress ? addressRow(input.deliveryAddress) : null,
    });
    if (id === undefined) continue;
    await billingRepo.insertItems(tx, [
      { subscription_id: id, kind: 'plan', name: option.name, quantity: 1, unit_price: option.price },
      ...(input.gift
        ? [
            {
              subscription_id: id,
              kind: 'gift' as const,
              name: input.gift.name,
              gift_id: input.gift.id,
              unit_price: 0,
            },
          ]
        : []),
    ]);
    return { id, number };
  }
  throw new Error('No free subscriber number was found.');
}

/**
 * At the member's confirmation: each pending subscription by invoice or debit becomes active from today
 * with its first invoice; a card subscription gets a Stripe Checkout session whose page is answered as
 * `redirect` (its webhook activates it). `afterCommit` sends the invoice mails: call it once the
 * transaction has committed.
 */
export async function startSubscriptions(
  tx: Db,
  userId: number,
  now: Date,
  locale: Locale,
): Promise<{ redirect: string | null; afterCommit: () => Promise<void> }> {
  const deps = billingDeps();
  const invoices: number[] = [];
  let redirect: string | null = null;
  for (const subscription of await billingRepo.pendingOf(tx, userId)) {
    if (subscription.payment_method === 'stripe') {
      redirect ??= await startCardCheckout(deps, tx, userId, subscription, locale);
      continue;
    }
    const invoice = await activateSubscription(tx, subscription, now, null);
    if (invoice) invoices.push(invoice.id);
  }
  return {
    redirect,
    async afterCommit() {
      for (const id of invoices) await mailSubscriptionInvoice(deps, id);
    },
  };
}

/** Links a subscription without a member to the member, when its number and invoice postcode match. */
export async function linkSubscription(
  tx: Db,
  userId: number,
  number: string,
  zip: string,
): Promise<boolean> {
  const trimmed = number.trim();
  if (!/^\d{8}$/.test(trimmed)) return false;
  return billingRepo.link(tx, userId, trimmed, normaliseZip(zip));
}

/** Ends the pending subscriptions of accounts about to be removed unconfirmed (never started, never billed). */
export function endPendingSubscriptions(tx: Db, userIds: readonly number[]): Promise<void> {
  return billingRepo.endPendingOf(tx, userIds);
}
