import type { Locale } from '@plaza/contract';
import { t } from '../../platform/i18n';
import { addressRow, type InvoiceDocument, invoicePdf, presentAddress } from '../payments';
import type { BillingDeps } from './deps';
import type { InvoiceRow, SubscriptionWithItems } from './repo';

/** The tax included in a gross amount at a rate in basis points. */
const taxIncluded = (gross: number, rate: number) => Math.round(gross - gross / (1 + rate / 10_000));

/** A period's invoice in the shape the payments module's PDF writer draws: one line, the plan for the period. */
export function invoiceDocument(invoice: InvoiceRow, subscription: SubscriptionWithItems): InvoiceDocument {
  const locale = subscription.locale as Locale;
  const plan = subscription.items.find((item) => item.kind === 'plan');
  const unit = plan?.unit_price ?? invoice.amount;
  const quantity = unit > 0 && invoice.amount % unit === 0 ? invoice.amount / unit : 1;
  return {
    number: invoice.number,
    locale,
    currency: invoice.currency,
    invoice_address: addressRow(presentAddress(subscription.invoice_address)),
    delivery_address: subscription.delivery_address,
    created_at: invoice.created_at,
    payment_method: subscription.payment_method,
    subtotal: invoice.amount,
    shipping: 0,
    total: invoice.amount,
    tax:
      invoice.tax_rate > 0
        ? [{ rate: invoice.tax_rate, amount: taxIncluded(invoice.amount, invoice.tax_rate) }]
        : [],
    items: [
      {
        name: subscription.name,
        option_label: t(locale, 'mail.billing.period', {
          start: invoice.period_start,
          end: invoice.period_end,
        }),
        quantity,
        unit_price: quantity === 1 ? invoice.amount : unit,
        line_total: invoice.amount,
      },
    ],
  };
}

/** The PDF of a period's invoice. */
export async function subscriptionInvoicePdf(
  deps: Pick<BillingDeps, 'seller' | 'db'>,
  invoice: InvoiceRow,
  subscription: SubscriptionWithItems,
): Promise<Buffer> {
  return invoicePdf(invoiceDocument(invoice, subscription), await deps.seller(deps.db));
}
