import type { Address, CartError, Locale, PaymentMethod, Totals } from '@plaza/contract';
import type { Db } from '../../db/client';
import { memberAddresses } from '../users';
import { cartErrors, priceLines } from './pricing';
import { shopRepo } from './repo';

/** A line of the cart as a purchase takes it (the lines on sale only; the others are in `problems`). */
export interface CheckoutLine {
  item_id: number;
  product_id: number;
  name: string;
  option_label: string | null;
  quantity: number;
  unit_price: number;
  tax_rate: number;
  line_total: number;
}

/** The chosen payment with a debit's whole account (the purchase needs it for the mandate). */
export interface CheckoutPayment {
  method: PaymentMethod;
  sepa: { account_holder: string; iban: string; bic: string | null } | null;
}

/** The member's cart read for a purchase. */
export interface CheckoutCart {
  lines: CheckoutLine[];
  totals: Totals;
  /** Every problem of the cart, `price_changed` included for a line not yet shown at its price (not acknowledged here). */
  problems: CartError[];
  invoiceAddress: Address | null;
  /** Only when the invoice address says `separate_delivery_address`. */
  deliveryAddress: Address | null;
  payment: CheckoutPayment | null;
}

/**
 * In a transaction: locks the member's cart row (creating it if missing), so a second purchase of the
 * same cart waits, and reads the cart for purchase with names in `locale`.
 */
export async function checkoutCart(tx: Db, userId: number, locale: Locale): Promise<CheckoutCart> {
  const cart = await shopRepo.lockCart(tx, userId);
  const rows = await shopRepo.cartLines(tx, userId);
  const addresses = await memberAddresses(tx, userId);
  const { lines, currency, totals } = priceLines(rows, locale);
  const invoice = addresses.invoice_address;
  return {
    lines: lines
      .filter((line) => line.counted)
      .map((line) => ({
        item_id: line.id,
        product_id: line.product_id!,
        name: line.name,
        option_label: line.option?.label ?? null,
        quantity: line.quantity,
        unit_price: line.unit_price,
        tax_rate: line.tax_rate,
        line_total: line.line_total,
      })),
    totals,
    problems: cartErrors(lines, rows, currency),
    invoiceAddress: invoice,
    deliveryAddress: invoice?.separate_delivery_address ? addresses.delivery_address : null,
    payment: cart.payment_method
      ? {
          method: cart.payment_method,
          sepa:
            cart.payment_method === 'sepa' && cart.sepa_iban
              ? {
                  account_holder: cart.sepa_account_holder ?? '',
                  iban: cart.sepa_iban,
                  bic: cart.sepa_bic,
                }
              : null,
        }
      : null,
  };
}

/**
 * Takes stock for the lines atomically (`stock = stock - q where stock >= q`, one statement): answers
 * the first product short of stock (or deleted), or null when all were taken. Unlimited stock (null) is
 * not touched. When it answers a product, some others may have been taken: roll the transaction back.
 */
export function takeStock(tx: Db, lines: { product_id: number; quantity: number }[]): Promise<number | null> {
  return shopRepo.takeStock(tx, lines);
}

/** Gives the pieces back (a cancelled order); lines of deleted products and unlimited products are skipped. */
export async function returnStock(
  tx: Db,
  lines: { product_id: number | null; quantity: number }[],
): Promise<void> {
  const kept = lines.filter(
    (line): line is { product_id: number; quantity: number } => line.product_id !== null,
  );
  await shopRepo.returnStock(tx, kept);
}

/** Deletes the cart's lines after a purchase; the addresses and the payment choice stay. */
export async function emptyCart(tx: Db, userId: number): Promise<void> {
  await shopRepo.removeLines(tx, userId);
}

/** Stores the member's payment choice (checked by the caller: a debit's IBAN and BIC, a configured method). */
export async function saveCartPayment(db: Db, userId: number, payment: CheckoutPayment): Promise<void> {
  await shopRepo.savePayment(db, userId, {
    payment_method: payment.method,
    sepa_account_holder: payment.sepa?.account_holder ?? null,
    sepa_iban: payment.sepa?.iban ?? null,
    sepa_bic: payment.sepa?.bic ?? null,
  });
}
