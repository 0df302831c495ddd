import type { Subscription, SubscriptionInvoice, SubscriptionItem } from '@plaza/contract';
import { cancellationEnd } from './dates';
import type { InvoiceRow, ItemRow, SubscriptionRow, SubscriptionWithItems } from './repo';

/** The invoice PDF's address. */
export const subscriptionInvoicePath = (id: number) => `/billing-api/v1/invoices/${id}.pdf`;

const running = (state: SubscriptionRow['state']) => state !== 'ended';

/** The plan's gross price of one period as billed now. */
export const planAmount = (items: ItemRow[]) =>
  items
    .filter((item) => item.kind === 'plan')
    .reduce((sum, item) => sum + item.quantity * item.unit_price, 0);

export function presentItem(item: ItemRow, state: SubscriptionRow['state']): SubscriptionItem {
  return {
    id: item.id,
    kind: item.kind,
    name: item.name,
    quantity: item.quantity,
    unit_price: item.unit_price,
    next_quantity: item.next_quantity,
    editable: item.kind === 'plan' && running(state),
    removable: item.kind === 'gift' && item.shipped_at === null && running(state),
  };
}

/** The day a cancellation on `today` would end it; null unless it runs uncancelled. */
export function earliestEnd(row: SubscriptionRow, today: string): string | null {
  if (row.state !== 'active' || !row.started_on || !row.current_period_end || !row.minimum_term_end)
    return null;
  return cancellationEnd(
    {
      period: row.period,
      started_on: row.started_on,
      current_period_end: row.current_period_end,
      minimum_term_end: row.minimum_term_end,
      notice_days: row.notice_days,
    },
    today,
  );
}

export function presentSubscription(row: SubscriptionWithItems, today: string): Subscription {
  return {
    id: row.id,
    number: row.number,
    state: row.state,
    name: row.name,
    period: row.period,
    currency: row.currency,
    price: planAmount(row.items),
    items: row.items.map((item) => presentItem(item, row.state)),
    payment: {
      method: row.payment_method,
      sepa:
        row.payment_method === 'sepa' && row.sepa_account_holder
          ? {
              account_holder: row.sepa_account_holder,
              iban_last4: row.sepa_iban_last4 ?? '',
              bic: row.sepa_bic,
            }
          : null,
      mandate_reference: row.sepa_mandate_reference,
    },
    started_on: row.started_on,
    current_period_start: row.current_period_start,
    current_period_end: row.current_period_end,
    minimum_term_end: row.minimum_term_end,
    cancelled_on: row.cancelled_on,
    ends_on: row.ends_on,
    earliest_end: earliestEnd(row, today),
  };
}

export function presentInvoice(row: InvoiceRow): SubscriptionInvoice {
  return {
    id: row.id,
    number: row.number,
    state: row.state,
    period_start: row.period_start,
    period_end: row.period_end,
    amount: row.amount,
    currency: row.currency,
    created_at: row.created_at.toISOString(),
    paid_at: row.paid_at ? row.paid_at.toISOString() : null,
    pdf_url: subscriptionInvoicePath(row.id),
  };
}
