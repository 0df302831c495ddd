import type { CartResponse, Locale, paymentInputSchema } from '@plaza/contract';
import type { z } from 'zod';
import { AppError, badRequest, unauthenticated } from '../../platform/errors';
import { t } from '../../platform/i18n';
import type { SessionUser } from '../../platform/request-context';
import { cartAnswer, checkoutCart, emptyCart, saveCartPayment, takeStock } from '../shop';
import type { PaymentDeps } from './deps';
import { mailOrder } from './mails';
import { orderPolicy } from './policy';
import { addressRow } from './presenter';
import type { PlacedOrder } from './providers';
import { checkBankAccount, mandateReference, maskedAccount } from './providers/sepa';
import { ordersRepo } from './repo';

/** The configured payment providers, named in the caller's language (`GET payments`). */
export function paymentServices(deps: Pick<PaymentDeps, 'providers'>, locale: Locale) {
  return {
    services: deps.providers.offered.map((provider) => ({
      id: provider.id,
      name: t(locale, `mail.shop.methods.${provider.id}`),
    })),
  };
}

/**
 * Chooses the cart's payment: a method this server offers; a debit with an account that passes its
 * checks (IBAN checksum and format, SEPA country, BIC), any other method without one.
 */
export async function choosePayment(
  deps: PaymentDeps,
  user: SessionUser,
  input: z.output<typeof paymentInputSchema>,
  locale: Locale,
): Promise<CartResponse> {
  if (!orderPolicy.can(user, 'buy')) throw unauthenticated();
  const method = input.method;
  if (!deps.providers.get(method)) throw badRequest('This payment method is not offered.', 'method');
  const sepa = input.sepa ?? null;
  if (method === 'sepa' && !sepa) throw badRequest('A direct debit needs the bank account.', 'sepa');
  if (method !== 'sepa' && sepa) throw badRequest('Only a direct debit takes a bank account.', 'sepa');
  await saveCartPayment(deps.db, user.id, { method, sepa: sepa ? checkBankAccount(sepa) : null });
  return cartAnswer(deps.db, user, locale);
}

const refuse = (
  status: number,
  code: ConstructorParameters<typeof AppError>[1],
  message: string,
  field?: string,
) => new AppError(status, code, message, field);

/** The order number: the year and the id, `2026-000042` (six digits at least). */
export const orderNumber = (year: number, id: number) => `${year}-${String(id).padStart(6, '0')}`;

/**
 * Buys the member's cart in one transaction: the cart is locked and checked (lines, problems, addresses,
 * payment), the stock taken (two purchases racing for the last pieces: one gets them, the other 409
 * `out_of_stock`), the order written with the cart as it is now, the cart emptied, and the provider's
 * payment started. Any failure, the provider's too, undoes all of it. The order mail goes after the commit.
 */
export async function purchase(
  deps: PaymentDeps,
  user: SessionUser,
  input: { agb: boolean },
  locale: Locale,
): Promise<{ result: 'ok'; redirect: string; order_id: number }> {
  if (!orderPolicy.can(user, 'buy')) throw unauthenticated();
  if (!input.agb) throw refuse(422, 'agb_not_accepted', 'Please accept the terms of sale.', 'agb');
  const placed = await deps.db.transaction(async (tx) => {
    const cart = await checkoutCart(tx, user.id, locale);
    if (cart.lines.length === 0) throw refuse(409, 'cart_empty', 'The cart is empty.');
    if (cart.problems.length > 0) {
      throw refuse(409, 'cart_changed', 'The cart has changed since it was shown. Please check it again.');
    }
    const invoiceAddress = cart.invoiceAddress;
    if (!invoiceAddress)
      throw refuse(422, 'address_required', 'An invoice address is needed.', 'invoice_address');
    const deliveryAddress = invoiceAddress.separate_delivery_address ? cart.deliveryAddress : null;
    if (invoiceAddress.separate_delivery_address && !deliveryAddress) {
      throw refuse(422, 'address_required', 'The separate delivery address is missing.', 'delivery_address');
    }
    const payment = cart.payment;
    const provider = payment ? deps.providers.get(payment.method) : undefined;
    if (!payment || !provider || (payment.method === 'sepa' && !payment.sepa)) {
      throw refuse(422, 'payment_required', 'Please choose a payment method.', 'payment');
    }
    const currency = cart.totals.currency;
    if (!currency) throw refuse(409, 'cart_empty', 'The cart is empty.');

    const short = await takeStock(
      tx,
      cart.lines.map((line) => ({ product_id: line.product_id, quantity: line.quantity })),
    );
    if (short !== null) throw refuse(409, 'out_of_stock', 'A product has run out meanwhile.');

    const now = deps.now();
    const id = await ordersRepo.nextId(tx);
    const number = orderNumber(now.getUTCFullYear(), id);
    const sepa = payment.method === 'sepa' && payment.sepa ? payment.sepa : null;
    await ordersRepo.insert(
      tx,
      {
        id,
        number,
        user_id: user.id,
        locale,
        payment_method: payment.method,
        ...(sepa ? { ...maskedAccount(sepa), sepa_mandate_reference: mandateReference(number) } : {}),
        currency,
        subtotal: cart.totals.subtotal,
        shipping: cart.totals.shipping,
        total: cart.totals.total,
        tax: cart.totals.tax,
        invoice_address: addressRow(invoiceAddress),
        delivery_address: deliveryAddress ? addressRow(deliveryAddress) : null,
        created_at: now,
      },
      cart.lines.map((line, position) => ({
        position,
        product_id: line.product_id,
        name: line.name,
        option_label: line.option_label,
        quantity: line.quantity,
        unit_price: line.unit_price,
        tax_rate: line.tax_rate,
        line_total: line.line_total,
      })),
    );
    await emptyCart(tx, user.id);

    const order: PlacedOrder = {
      id,
      number,
      locale,
      currency,
      total: cart.totals.total,
      shipping: cart.totals.shipping,
      email: user.email,
      lines: cart.lines,
    };
    const started = await provider.start(order);
    if (!started.redirect) {
      deps.log.warn({ orderId: id, method: provider.id }, 'payment provider answered no redirect');
      throw refuse(
        502,
        'payment_provider_failed',
        'The payment provider gave no page to pay on. Nothing was charged.',
      );
    }
    if (started.sessionId) await ordersRepo.setProviderSession(tx, id, started.sessionId);
    return { id, redirect: started.redirect, method: provider.id };
  });

  // A card payment is confirmed by the provider's webhook, which mails then.
  if (placed.method !== 'stripe') void mailPlacedOrder(deps, placed.id);
  return { result: 'ok', redirect: placed.redirect, order_id: placed.id };
}

async function mailPlacedOrder(deps: PaymentDeps, id: number): Promise<void> {
  try {
    const order = await ordersRepo.byId(deps.db, id);
    if (order) await mailOrder(deps, order, 'placed');
  } catch (error) {
    deps.log.error({ err: error, orderId: id }, 'the order mail could not be sent');
  }
}
