import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildUser, testPassword } from '../../../test/factories';
import { cartItems, products } from '../../db/schema';
import { checkoutCart, emptyCart, returnStock, saveCartPayment, takeStock } from './index';

/** What the shop's entry gives a purchase: the cart read for purchase, stock taken and returned. */
describe('the cart at checkout', () => {
  let t: TestApp;
  let member: TestClient;
  let memberId: number;
  let mug: number;
  let shirt: number;
  let notebook: number;

  const insert = async (values: Partial<typeof products.$inferInsert>) => {
    const [row] = await t.db
      .insert(products)
      .values({
        name_de: 'Tasse',
        name_en: 'Mug',
        price: 1299,
        currency: 'EUR',
        tax_rate: 1900,
        active: true,
        ...values,
      })
      .returning({ id: products.id });
    return row!.id;
  };
  const stockOf = async (id: number) =>
    (await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]?.stock;

  beforeAll(async () => {
    t = await createTestApp();
    const user = await buildUser(t.db);
    memberId = user.id;
    member = new TestClient(t.app);
    await member.login(user.username, testPassword);
    mug = await insert({ stock: 5 });
    shirt = await insert({
      name_de: 'T-Shirt',
      name_en: 'T-shirt',
      price: 1990,
      options: [{ id: 'l', label_de: 'L', label_en: 'Large' }],
    });
    notebook = await insert({
      name_de: 'Notizbuch',
      name_en: 'Notebook',
      price: 890,
      tax_rate: 700,
      stock: 1,
    });
  });
  afterAll(() => t.close());

  it('reads the lines, totals, addresses and payment, reporting an unseen price without acknowledging it', async () => {
    const empty = await t.db.transaction((tx) => checkoutCart(tx, memberId, 'en_GB'));
    expect(empty).toMatchObject({
      lines: [],
      problems: [],
      invoiceAddress: null,
      deliveryAddress: null,
      payment: null,
    });

    await member.post('/api/v2/carts/mine/items', { product_id: mug, quantity: 2 });
    await member.post('/api/v2/carts/mine/items', { product_id: shirt, option: 'l' });
    await member.post('/api/v2/carts/mine/items', { product_id: notebook });
    const address = {
      firstname: 'Ada',
      lastname: 'Lovelace',
      address: 'Baker Street',
      house_number: '221b',
      zip: 'NW1 6XE',
      city: 'London',
      country: 'GB',
    };
    await member.post('/api/v2/carts/mine/invoice_address', { ...address, separate_delivery_address: false });
    await member.post('/api/v2/carts/mine/delivery_address', { ...address, city: 'Oxford', zip: 'OX1 2JD' });
    await saveCartPayment(t.db, memberId, {
      method: 'sepa',
      sepa: { account_holder: 'Ada Lovelace', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
    });
    await t.db.update(products).set({ price: 1499 }).where(eq(products.id, mug));

    for (let read = 0; read < 2; read += 1) {
      const cart = await t.db.transaction((tx) => checkoutCart(tx, memberId, 'de_DE'));
      expect(
        cart.lines.map((l) => [l.name, l.option_label, l.quantity, l.unit_price, l.line_total, l.tax_rate]),
      ).toEqual([
        ['Tasse', null, 2, 1499, 2998, 1900],
        ['T-Shirt', 'L', 1, 1990, 1990, 1900],
        ['Notizbuch', null, 1, 890, 890, 700],
      ]);
      // By hand: 19 % on 4988, 7 % on 890.
      expect(cart.totals).toEqual({
        currency: 'EUR',
        subtotal: 5878,
        shipping: 0,
        total: 5878,
        tax: [
          { rate: 700, amount: Math.round((890 * 700) / 10700) },
          { rate: 1900, amount: Math.round((4988 * 1900) / 11900) },
        ],
      });
      expect(cart.problems).toMatchObject([{ code: 'price_changed', item_id: cart.lines[0]!.item_id }]);
      expect(cart.invoiceAddress).toMatchObject({ city: 'London' });
      // The delivery address counts only when the invoice address says so.
      expect(cart.deliveryAddress).toBeNull();
      expect(cart.payment).toEqual({
        method: 'sepa',
        sepa: { account_holder: 'Ada Lovelace', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
      });
    }
    // The member's next cart answer shows the price; the purchase then sees no problem.
    const saved = await member.post('/api/v2/carts/mine/invoice_address', {
      ...address,
      separate_delivery_address: true,
    });
    expect(saved.json().errors).toMatchObject([{ code: 'price_changed' }]);
    const shown = await t.db.transaction((tx) => checkoutCart(tx, memberId, 'en_GB'));
    expect(shown.problems).toEqual([]);
    expect(shown.deliveryAddress).toMatchObject({ city: 'Oxford' });
  });

  it('takes stock only when every limited product has enough, and gives it back', async () => {
    const short = await t.db.transaction((tx) =>
      takeStock(tx, [
        { product_id: shirt, quantity: 3 },
        { product_id: mug, quantity: 2 },
        { product_id: notebook, quantity: 2 },
      ]),
    );
    expect(short).toBe(notebook);
    // The caller rolls back on a short product; here the lines were taken up to it.
    await t.db.update(products).set({ stock: 5 }).where(eq(products.id, mug));

    const taken = await t.db.transaction((tx) =>
      takeStock(tx, [
        { product_id: mug, quantity: 2 },
        { product_id: shirt, quantity: 50 },
        { product_id: mug, quantity: 3 },
        { product_id: notebook, quantity: 1 },
      ]),
    );
    expect(taken).toBeNull();
    expect([await stockOf(mug), await stockOf(shirt), await stockOf(notebook)]).toEqual([0, null, 0]);
    expect(await t.db.transaction((tx) => takeStock(tx, [{ product_id: mug, quantity: 1 }]))).toBe(mug);
    expect(await t.db.transaction((tx) => takeStock(tx, [{ product_id: 999_999, quantity: 1 }]))).toBe(
      999_999,
    );

    await t.db.transaction((tx) =>
      returnStock(tx, [
        { product_id: mug, quantity: 4 },
        { product_id: null, quantity: 9 },
        { product_id: shirt, quantity: 1 },
        { product_id: mug, quantity: 1 },
      ]),
    );
    expect([await stockOf(mug), await stockOf(shirt)]).toEqual([5, null]);
  });

  it('empties the lines and keeps the addresses and the payment', async () => {
    await t.db.transaction((tx) => emptyCart(tx, memberId));
    expect(await t.db.select().from(cartItems).where(eq(cartItems.user_id, memberId))).toEqual([]);
    const cart = (await member.get('/api/v2/carts/mine')).json();
    expect(cart.cart.items).toEqual([]);
    expect(cart.invoice_address).not.toBeNull();
    expect(cart.cart.payment).toMatchObject({ method: 'sepa' });
    expect(cart.cart.ready).toBe(false);
  });
});
