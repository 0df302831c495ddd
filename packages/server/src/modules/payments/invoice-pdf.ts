import type { Address, Locale } from '@plaza/contract';
import PDFDocument from 'pdfkit';
import { t } from '../../platform/i18n';
import { day, money, percent } from './format';
import { presentAddress } from './presenter';
import type { OrderItemRow, OrderWithItems } from './repo';

/** What an invoice shows: an order, or another invoice in its shape (a subscription's period). */
export type InvoiceDocument = Pick<
  OrderWithItems,
  | 'number'
  | 'locale'
  | 'currency'
  | 'invoice_address'
  | 'delivery_address'
  | 'created_at'
  | 'payment_method'
  | 'subtotal'
  | 'shipping'
  | 'total'
  | 'tax'
> & { items: Pick<OrderItemRow, 'name' | 'option_label' | 'quantity' | 'unit_price' | 'line_total'>[] };

/** Who sells: heads the invoice. */
export interface Seller {
  name: string;
  address: string[];
  vatId: string | null;
}

function addressLines(address: Address): string[] {
  return [
    [address.title, address.firstname, address.lastname].filter(Boolean).join(' '),
    `${address.address} ${address.house_number}`.trim(),
    address.address_2,
    address.address_details,
    `${address.zip} ${address.city}`.trim(),
    address.country,
  ].filter((line): line is string => Boolean(line));
}

/** The invoice file's name: `Invoice-2026-000042.pdf`. */
export function invoiceFileName(order: Pick<OrderWithItems, 'number' | 'locale'>): string {
  return t(order.locale, 'mail.shop.invoice.filename', { number: order.number });
}

/**
 * An order's invoice as a PDF, in the order's language: seller, addresses, the lines as bought, totals
 * with the tax included per rate, and how it is paid. Uncompressed (a few KB), so the number is readable
 * in the file and its title.
 */
export function invoicePdf(order: InvoiceDocument, seller: Seller): Promise<Buffer> {
  const locale: Locale = order.locale;
  const text = (key: string, vars?: Record<string, string | number>) => t(locale, `mail.shop.${key}`, vars);
  const amount = (minor: number) => money(locale, order.currency, minor);
  const title = `${text('invoice.title')} ${order.number}`;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    compress: false,
    info: { Title: title, Author: seller.name, Subject: title },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(14).text(seller.name);
  doc.font('Helvetica').fontSize(9);
  for (const line of seller.address) doc.text(line);
  if (seller.vatId) doc.text(`${text('invoice.vat_id')}: ${seller.vatId}`);
  doc.moveDown(2);

  doc.fontSize(10).font('Helvetica-Bold').text(text('invoice.customer'));
  doc.font('Helvetica');
  for (const line of addressLines(presentAddress(order.invoice_address))) doc.text(line);
  if (order.delivery_address) {
    doc.moveDown(0.5).font('Helvetica-Bold').text(text('invoice.delivery')).font('Helvetica');
    for (const line of addressLines(presentAddress(order.delivery_address))) doc.text(line);
  }
  doc.moveDown(2);

  doc.font('Helvetica-Bold').fontSize(16).text(title);
  doc.font('Helvetica').fontSize(10);
  doc.text(`${text('invoice.number')}: ${order.number}`);
  doc.text(`${text('invoice.date')}: ${day(locale, order.created_at)}`);
  doc.text(`${text('invoice.method')}: ${text(`methods.${order.payment_method}`)}`);
  doc.moveDown();

  const columns = { item: 50, quantity: 330, unit: 390, total: 470 };
  const row = (cells: [string, string, string, string], bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    doc.text(cells[0], columns.item, y, { width: 270 });
    const after = doc.y;
    doc.text(cells[1], columns.quantity, y, { width: 50, align: 'right' });
    doc.text(cells[2], columns.unit, y, { width: 70, align: 'right' });
    doc.text(cells[3], columns.total, y, { width: 75, align: 'right' });
    doc.x = columns.item;
    doc.y = Math.max(after, doc.y) + 4;
  };
  row(
    [text('invoice.item'), text('invoice.quantity'), text('invoice.unit_price'), text('invoice.line_total')],
    true,
  );
  for (const item of order.items) {
    const name = item.option_label ? `${item.name} (${item.option_label})` : item.name;
    row([name, String(item.quantity), amount(item.unit_price), amount(item.line_total)]);
  }
  doc.moveDown();
  const sum = (line: string, bold = false) =>
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .text(line, columns.item, doc.y, { width: 495, align: 'right' });
  sum(text('subtotal', { amount: amount(order.subtotal) }));
  if (order.shipping > 0) sum(text('shipping', { amount: amount(order.shipping) }));
  sum(text('total', { amount: amount(order.total) }), true);
  for (const tax of order.tax)
    sum(text('tax', { rate: percent(locale, tax.rate), amount: amount(tax.amount) }));
  doc.end();
  return done;
}
