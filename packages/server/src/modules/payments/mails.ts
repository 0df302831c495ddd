import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { t } from '../../platform/i18n';
import type { Mailer } from '../../platform/mail';
import { getSettings } from '../settings';
import { findUserById } from '../users';
import { day, money, percent } from './format';
import { invoiceFileName, invoicePdf, type Seller } from './invoice-pdf';
import { orderPage } from './providers';
import type { OrderWithItems } from './repo';

/** Days between a purchase and the earliest collection of its debit (the pre-notification's date). */
export const sepaCollectionDays = 5;

export interface OrderMailDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  sepaCreditorId: string | null;
  seller: (db: Db) => Promise<Seller>;
  log: FastifyBaseLogger;
}

/**
 * The mail of an order to its member, in the order's language: `placed` (a purchase by invoice or debit:
 * the invoice PDF attached, or the debit's mandate and pre-notification) or `paid` (a card payment the
 * provider confirmed). Never throws: a failure is logged, the order stands.
 */
export async function mailOrder(
  deps: OrderMailDeps,
  order: OrderWithItems,
  kind: 'placed' | 'paid',
): Promise<void> {
  try {
    const member = order.user_id === null ? undefined : await findUserById(deps.db, order.user_id);
    if (!member?.email) return;
    const locale = order.locale;
    const text = (key: string, vars?: Record<string, string | number>) => t(locale, `mail.shop.${key}`, vars);
    const amount = (minor: number) => money(locale, order.currency, minor);
    const settings = await getSettings(deps.db);
    const total = amount(order.total);
    const vars = { number: order.number, date: day(locale, order.created_at), total };
    const payment =
      order.payment_method === 'sepa'
        ? text('payment.sepa', {
            total,
            date: day(locale, new Date(order.created_at.getTime() + sepaCollectionDays * 86_400_000)),
            holder: order.sepa_account_holder ?? '',
            last4: order.sepa_iban_last4 ?? '',
            creditor: deps.sepaCreditorId ?? '',
            mandate: order.sepa_mandate_reference ?? '',
          })
        : text(`payment.${order.payment_method}`, vars);
    const attachInvoice = kind === 'placed' && order.payment_method === 'invoice';
    await deps.mailer.send({
      to: member.email,
      subject: text(kind === 'paid' ? 'paid.subject' : 'confirmation.subject', vars),
      text: [
        t(locale, 'mail.greeting', { name: member.firstname || member.username }),
        '',
        text(kind === 'paid' ? 'paid.text' : 'confirmation.text', vars),
        '',
        ...order.items.map((item) =>
          text('line', {
            quantity: item.quantity,
            name: item.option_label ? `${item.name} (${item.option_label})` : item.name,
            total: amount(item.line_total),
          }),
        ),
        '',
        text('subtotal', { amount: amount(order.subtotal) }),
        ...(order.shipping > 0 ? [text('shipping', { amount: amount(order.shipping) })] : []),
        text('total', { amount: total }),
        ...order.tax.map((tax) =>
          text('tax', { rate: percent(locale, tax.rate), amount: amount(tax.amount) }),
        ),
        '',
        payment,
        '',
        text('confirmation.link'),
        `${deps.publicUrl}${orderPage(locale, order.id)}`,
        '',
        t(locale, 'mail.signature', { company: settings.company.name }),
      ].join('\n'),
      ...(attachInvoice
        ? {
            attachments: [
              {
                filename: invoiceFileName(order),
                content: await invoicePdf(order, await deps.seller(deps.db)),
                contentType: 'application/pdf',
              },
            ],
          }
        : {}),
    });
  } catch (error) {
    deps.log.error({ err: error, orderId: order.id }, 'the order mail could not be sent');
  }
}
