import { errorResponseSchema } from '@plaza/contract';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import {
  buildProduct,
  buy,
  buyer,
  fillCart,
  orderOf,
  readyCart,
  testAccount,
  testAddress,
  testCreditorId,
} from '../../../test/order-fixture';
import { type SmtpCatcher, startSmtpCatcher } from '../../../test/smtp';
import { cartItems, orders, products } from '../../db/schema';

const codeOf = (response: LightMyRequestResponse) => errorResponseSchema.parse(response.json()).errors[0];
const english = { headers: { 'x-locale': 'en_GB' } };

/** The purchase by invoice and by debit, the member's orders and invoices, and every refusal. */
describe('purchase and orders', () => {
  let t: TestApp;
  let smtp: SmtpCatcher;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, SEPA_CREDITOR_ID: testCreditorId } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const stockOf = async (id: number) =>
    (await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;

  it('lists the configured payment services in the caller language', async () => {
    const { client } = await buyer(t);
    const en = await client.get('/api/v2/payments', english);
    expect(en.json()).toEqual({
      services: [
        { id: 'invoice', name: 'Invoice' },
        { id: 'sepa', name: 'SEPA direct debit' },
      ],
    });
    const de = await client.get('/api/v2/payments', { headers: { 'x-locale': 'de_DE' } });
    expect(de.json().services.map((s: { name: string }) => s.name)).toEqual(['Rechnung', 'SEPA-Lastschrift']);
  });

  it('refuses visitors (401) on every payment and order call but the list of providers', async () => {
    const visitor = new TestClient(t.app);
    // The providers are public: the registration offers them before there is an account.
    const services = await visitor.get('/api/v2/payments');
    expect(services.statusCode).toBe(200);
    expect(services.json().services.map((service: { id: string }) => service.id)).toContain('invoice');
    for (const response of [
      await visitor.post('/api/v2/payments', { agb: true }),
      await visitor.post('/api/v2/carts/mine/payment', { method: 'invoice' }),
      await visitor.get('/api/v2/orders'),
      await visitor.get('/api/v2/orders/1'),
      await visitor.get('/api/v2/orders/1/invoice.pdf'),
      await visitor.get('/api/v2/admin/orders'),
    ]) {
      expect(response.statusCode).toBe(401);
    }
  });

  it('buys by invoice: the order as bought, the cart emptied, the stock taken, the mail with the PDF', async () => {
    const { user, client } = await buyer(t);
    const mug = await buildProduct(t, { price: 1299, stock: 10 });
    const book = await buildProduct(t, { name_en: 'Book', name_de: 'Buch', price: 2500, tax_rate: 700 });
    await fillCart(client, [
      { product_id: mug, quantity: 2 },
      { product_id: book, quantity: 1 },
    ]);
    await readyCart(client);

    const bought = await buy(client);
    expect(bought).toEqual({
      result: 'ok',
      redirect: `/en_GB/shop/orders/${bought.order_id}`,
      order_id: bought.order_id,
    });
    const order = await orderOf(client, bought.order_id);
    expect(order.number).toMatch(new RegExp(`^${new Date().getUTCFullYear()}-\\d{6}$`));
    expect(order.state).toBe('placed');
    expect(order.payment).toEqual({ method: 'invoice', sepa: null, mandate_reference: null });
    expect(order.cart.items).toEqual([
      {
        product_id: mug,
        name: 'Mug',
        option: null,
        quantity: 2,
        unit_price: 1299,
        line_total: 2598,
        tax_rate: 1900,
      },
      {
        product_id: book,
        name: 'Book',
        option: null,
        quantity: 1,
        unit_price: 2500,
        line_total: 2500,
        tax_rate: 700,
      },
    ]);
    // Totals by hand: 25.98 + 25.00; the tax included per rate.
    expect(order.cart).toMatchObject({ currency: 'EUR', subtotal: 5098, shipping: 0, total: 5098 });
    expect(order.cart.tax).toEqual(
      expect.arrayContaining([
        { rate: 1900, amount: Math.round((2598 * 1900) / 11900) },
        { rate: 700, amount: Math.round((2500 * 700) / 10700) },
      ]),
    );
    expect(order.invoice_address).toMatchObject(testAddress);
    expect(order.delivery_address).toBeNull();
    expect(order.invoice_url).toBe(`/api/v2/orders/${order.id}/invoice.pdf`);
    expect(await stockOf(mug)).toBe(8);
    const cart = await client.get('/api/v2/carts/mine', english);
    expect(cart.json().cart.items).toEqual([]);

    const mail = await smtp.waitForMail(user.email);
    expect(mail.subject).toBe(`Your order ${order.number}`);
    expect(mail.text).toContain('2 × Mug: €25.98');
    expect(mail.text).toContain('1 × Book: €25.00');
    expect(mail.text).toContain('Total: €50.98');
    expect(mail.text).toContain(`http://plaza.test/en_GB/shop/orders/${order.id}`);
    expect(mail.attachments).toHaveLength(1);
    const [attached] = mail.attachments;
    expect(attached!.contentType).toBe('application/pdf');
    expect(attached!.filename).toBe(`Invoice-${order.number}.pdf`);
    expect(attached!.content.subarray(0, 4).toString()).toBe('%PDF');
    expect(attached!.content.toString('latin1')).toContain(order.number);

    const pdf = await client.get(order.invoice_url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="Invoice-${order.number}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    expect(pdf.rawPayload.toString('latin1')).toContain(`Invoice ${order.number}`);

    const list = await client.get('/api/v2/orders');
    expect(list.json()).toEqual({
      results: [
        {
          id: order.id,
          number: order.number,
          state: 'placed',
          currency: 'EUR',
          total: 5098,
          item_count: 3,
          created_at: order.created_at,
        },
      ],
      next_before: null,
    });

    // Someone else's order and invoice are like missing ones.
    const { client: other } = await buyer(t);
    expect((await other.get(`/api/v2/orders/${order.id}`)).statusCode).toBe(404);
    expect((await other.get(`/api/v2/orders/${order.id}/invoice.pdf`)).statusCode).toBe(404);
    expect((await other.get('/api/v2/orders')).json()).toEqual({ results: [], next_before: null });
  });

  it('pages the member’s orders by keyset', async () => {
    const { client } = await buyer(t);
    const pin = await buildProduct(t, { price: 100 });
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      await fillCart(client, [{ product_id: pin }]);
      if (i === 0) await readyCart(client);
      ids.push((await buy(client)).order_id);
    }
    const first = (await client.get('/api/v2/orders')).json();
    expect(first.results.map((o: { id: number }) => o.id)).toEqual([...ids].reverse());
    const after = (await client.get('/api/v2/orders', { query: { before: ids[1]! } })).json();
    expect(after).toMatchObject({ results: [{ id: ids[0] }], next_before: null });
  });

  it('refuses a purchase without the terms, of an empty cart, without an address or payment, or with extra fields', async () => {
    const { client } = await buyer(t);
    const noTerms = await client.post('/api/v2/payments', { agb: false });
    expect(noTerms.statusCode).toBe(422);
    expect(codeOf(noTerms)).toMatchObject({ code: 'agb_not_accepted', field: 'agb' });
    expect((await client.post('/api/v2/payments', {})).statusCode).toBe(400);

    const empty = await client.post('/api/v2/payments', { agb: true });
    expect(empty.statusCode).toBe(409);
    expect(codeOf(empty)?.code).toBe('cart_empty');

    const mug = await buildProduct(t, { stock: 5 });
    await fillCart(client, [{ product_id: mug }]);
    const noAddress = await client.post('/api/v2/payments', { agb: true });
    expect(noAddress.statusCode).toBe(422);
    expect(codeOf(noAddress)?.code).toBe('address_required');

    await client.post('/api/v2/carts/mine/invoice_address', testAddress);
    const noPayment = await client.post('/api/v2/payments', { agb: true });
    expect(noPayment.statusCode).toBe(422);
    expect(codeOf(noPayment)?.code).toBe('payment_required');

    await client.post('/api/v2/carts/mine/invoice_address', {
      ...testAddress,
      separate_delivery_address: true,
    });
    await client.post('/api/v2/carts/mine/payment', { method: 'invoice' });
    const noDelivery = await client.post('/api/v2/payments', { agb: true });
    expect(noDelivery.statusCode).toBe(422);
    expect(codeOf(noDelivery)).toMatchObject({ code: 'address_required', field: 'delivery_address' });
    await client.post('/api/v2/carts/mine/invoice_address', testAddress);

    for (const body of [
      { agb: true, total: 1 },
      { agb: true, items: [{ product_id: mug, unit_price: 1 }] },
      { agb: 'yes' },
    ]) {
      const manipulated = await client.post('/api/v2/payments', body);
      expect(manipulated.statusCode, JSON.stringify(body)).toBe(400);
      expect(codeOf(manipulated)?.code).toBe('validation_failed');
    }
    expect(
      await t.db
        .select()
        .from(orders)
        .where(eq(orders.currency, 'EUR'))
        .then((rows) => rows.length),
    ).toBe(
      await t.db
        .select()
        .from(orders)
        .then((rows) => rows.length),
    );
    expect(await stockOf(mug)).toBe(5);
    expect(await t.db.select().from(cartItems).where(eq(cartItems.product_id, mug))).toHaveLength(1);
  });

  it('refuses a payment method this server does not offer and a bank account with another method', async () => {
    const { client } = await buyer(t);
    const stripe = await client.post('/api/v2/carts/mine/payment', { method: 'stripe' });
    expect(stripe.statusCode).toBe(400);
    expect(codeOf(stripe)?.field).toBe('method');
    const extra = await client.post('/api/v2/carts/mine/payment', { method: 'invoice', sepa: testAccount });
    expect(extra.statusCode).toBe(400);
    const missing = await client.post('/api/v2/carts/mine/payment', { method: 'sepa' });
    expect(missing.statusCode).toBe(400);
    expect(codeOf(missing)?.field).toBe('sepa');
  });

  it('checks a debit’s IBAN and BIC, keeps only the last four characters on the order, and pre-notifies', async () => {
    const { user, client } = await buyer(t);
    for (const [sepa, field] of [
      [{ ...testAccount, iban: 'DE89 3704 0044 0532 0130 01' }, 'sepa.iban'],
      [{ ...testAccount, iban: 'not an iban' }, 'sepa.iban'],
      [{ ...testAccount, bic: 'NOTABIC' }, 'sepa.bic'],
    ] as const) {
      const response = await client.post('/api/v2/carts/mine/payment', { method: 'sepa', sepa });
      expect(response.statusCode, JSON.stringify(sepa)).toBe(422);
      expect(codeOf(response)).toMatchObject({ code: 'bank_account_invalid', field });
    }
    const mug = await buildProduct(t, { price: 1000 });
    await fillCart(client, [{ product_id: mug }]);
    await readyCart(client, { method: 'sepa', sepa: testAccount });
    const cart = (await client.get('/api/v2/carts/mine')).json();
    expect(cart.cart.payment).toEqual({
      method: 'sepa',
      sepa: { account_holder: 'Erika Mustermann', iban_last4: '3000', bic: 'COBADEFFXXX' },
    });

    const bought = await buy(client);
    const order = await orderOf(client, bought.order_id);
    expect(order.payment).toEqual({
      method: 'sepa',
      sepa: { account_holder: 'Erika Mustermann', iban_last4: '3000', bic: 'COBADEFFXXX' },
      mandate_reference: `PLAZA-${order.number}`,
    });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(JSON.stringify(row)).not.toContain('DE89370400440532013000');

    const mail = await smtp.waitForMail(user.email);
    expect(mail.text).toContain(`mandate reference: PLAZA-${order.number}`);
    expect(mail.text).toContain(`Creditor identifier: ${testCreditorId}`);
    expect(mail.text).toContain('IBAN ending in 3000');
    expect(mail.attachments).toEqual([]);
  });

  it('takes the last piece once when two purchases race for it', async () => {
    const last = await buildProduct(t, { stock: 1 });
    const first = await buyer(t);
    const second = await buyer(t);
    for (const { client } of [first, second]) {
      await fillCart(client, [{ product_id: last }]);
      await readyCart(client);
    }
    const answers = await Promise.all([
      first.client.post('/api/v2/payments', { agb: true }),
      second.client.post('/api/v2/payments', { agb: true }),
    ]);
    const statuses = answers.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    const refused = answers.find((response) => response.statusCode === 409)!;
    expect(['out_of_stock', 'cart_changed']).toContain(codeOf(refused)?.code);
    expect(await stockOf(last)).toBe(0);
    const placed = await t.db.select().from(orders).where(eq(orders.user_id, first.user.id));
    const placedToo = await t.db.select().from(orders).where(eq(orders.user_id, second.user.id));
    expect(placed.length + placedToo.length).toBe(1);
  });
});
