import type { Locale, PaymentMethod, ShopCurrency } from '@plaza/contract';

/** The bank account of a debit as the cart keeps it (checked when chosen). */
export interface SepaAccount {
  account_holder: string;
  iban: string;
  bic: string | null;
}

/** An order just written in the purchase's transaction, as a provider needs it to start the payment. */
export interface PlacedOrder {
  id: number;
  number: string;
  locale: Locale;
  currency: ShopCurrency;
  total: number;
  shipping: number;
  email: string;
  lines: { name: string; option_label: string | null; quantity: number; unit_price: number }[];
}

/** Where the browser goes after the purchase, and the provider's own id of the payment (if any). */
export interface StartedPayment {
  redirect: string;
  sessionId: string | null;
}

/**
 * A way to pay. `start` runs inside the purchase's transaction, after the order is written: a failure
 * (an error, or an empty redirect) undoes the order and gives the stock back. `refund` runs when the
 * administration refunds a paid order, before the refund is stored.
 */
export interface PaymentProvider {
  readonly id: PaymentMethod;
  start(order: PlacedOrder): Promise<StartedPayment>;
  refund(order: { id: number; provider_session_id: string | null }): Promise<void>;
}

/** The order page a purchase leads to: `/{lang}/shop/orders/{id}`. */
export const orderPage = (locale: Locale, id: number) => `/${locale}/shop/orders/${id}`;
