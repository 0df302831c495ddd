import type { Locale } from '@plaza/contract';
import { t } from '../../platform/i18n';
import { day, invoiceFileName, money, sepaCollectionDays } from '../payments';
import { getSettings } from '../settings';
import { findUserById } from '../users';
import type { BillingDeps } from './deps';
import { invoiceDocument, subscriptionInvoicePdf } from './invoice-document';
import { billingRepo } from './repo';

/**
 * The mail of a period's invoice to the subscriber, in the subscription's language: by invoice with the
 * PDF attached, by debit with the pre-notification, by card as a receipt. Runs after the commit; never
 * throws (a failure is logged, the invoice stands).
 */
export async function mailSubscriptionInvoice(deps: BillingDeps, invoiceId: number): Promise<void> {
  try {
    const invoice = await billingRepo.invoiceById(deps.db, invoiceId);
    const subscription = invoice ? await billingRepo.byId(deps.db, invoice.subscription_id) : undefined;
    if (!invoice || !subscription || subscription.user_id === null) return;
    const member = await findUserById(deps.db, subscription.user_id);
    if (!member?.email) return;
    const locale = subscription.locale as Locale;
    const text = (key: string, vars?: Record<string, string | number>) =>
      t(locale, `mail.billing.${key}`, vars);
    const total = money(locale, invoice.currency, invoice.amount);
    const vars = {
      number: invoice.number,
      subscription: subscription.number,
      name: subscription.name,
      start: invoice.period_start,
      end: invoice.period_end,
      total,
    };
    const method = subscription.payment_method;
    const payment =
      method === 'sepa'
        ? text('payment.sepa', {
            ...vars,
            date: day(locale, new Date(invoice.created_at.getTime() + sepaCollectionDays * 86_400_000)),
            holder: subscription.sepa_account_holder ?? '',
            last4: subscription.sepa_iban_last4 ?? '',
            creditor: deps.sepaCreditorId ?? '',
            mandate: subscription.sepa_mandate_reference ?? '',
          })
        : text(`payment.${method}`, vars);
    const settings = await getSettings(deps.db);
    const document = invoiceDocument(invoice, subscription);
    await deps.mailer.send({
      to: member.email,
      subject: text('invoice.subject', vars),
      text: [
        t(locale, 'mail.greeting', { name: member.firstname || member.username }),
        '',
        text('invoice.text', vars),
        '',
        payment,
        '',
        t(locale, 'mail.signature', { company: settings.company.name }),
      ].join('\n'),
      ...(method === 'invoice'
        ? {
            attachments: [
              {
                filename: invoiceFileName(document),
                content: await subscriptionInvoicePdf(deps, invoice, subscription),
                contentType: 'application/pdf',
              },
            ],
          }
        : {}),
    });
  } catch (error) {
    deps.log.error({ err: error, invoiceId }, 'the subscription invoice mail could not be sent');
  }
}
