import type { CartResponse, ProductInput } from '@plaza/contract';
import { shopLimits } from '@plaza/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildAdmin, buildUser, testPassword } from '../../../test/factories';
import { cartItems, products } from '../../db/schema';
import { saveCartPayment } from './index';

/** The member's cart: prices from the catalogue, refusals, what changed since the cart was shown. */
describe('the cart', () => {
  let t: TestApp;
  let visitor: TestClient;
  let admin: TestClient;
  let member: TestClient;
  let memberId: number;
  let other: TestClient;
  let mug: number;
  let shirt: number;
  let book: number;

  async function signedIn(user: { username: string }) {
    const client = new TestClient(t.app);
    await client.login(user.username, testPassword);
    return client;
  }

  const product = (input: Partial<ProductInput> = {}): ProductInput => ({
    name_de: 'Tasse',
    name_en: 'Mug',
    description_de: 'Eine Tasse.',
    description_en: 'A mug.',
    price: 1299,
    currency: 'EUR',
    tax_rate: 1900,
    options: [],
    stock: null,
    active: true,
    ...input,
  });

  async function create(input: Partial<ProductInput> = {}): Promise<number> {
    const response = await admin.post('/api/v2/admin/products', product(input));
    expect(response.statusCode, response.body).toBe(200);
    return response.json().id;
  }

  async function cart(client = member, locale = 'en_GB'): Promise<CartResponse> {
    const response = await client.get('/api/v2/carts/mine', { headers: { 'x-locale': locale } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  async function add(body: Record<string, unknown>, client = member) {
    return client.post('/api/v2/carts/mine/items', body, { headers: { 'x-locale': 'en_GB' } });
  }

  async function added(body: Record<string, unknown>, client = member): Promise<CartResponse> {
    const response = await add(body, client);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  const tax = (gross: number, rate: number) => Math.round((gross * rate) / (10000 + rate));

  beforeAll(async () => {
    t = await createTestApp();
    visitor = new TestClient(t.app);
    admin = await signedIn(await buildAdmin(t.db));
    const user = await buildUser(t.db);
    memberId = user.id;
    member = await signedIn(user);
    other = await signedIn(await buildUser(t.db));
    mug = await create();
    shirt = await create({
      name_de: 'T-Shirt',
      name_en: 'T-shirt',
      price: 1990,
      options: [
        { id: 's', label_de: 'S', label_en: 'S' },
        { id: 'm', label_de: 'M', label_en: 'M' },
        { id: 'xl', label_de: 'XL', label_en: 'XL' },
      ],
      stock: 10,
    });
    book = await create({ name_de: 'Buch', name_en: 'Book', price: 2490, tax_rate: 700 });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.delete(cartItems);
  });

  const validAddress = {
    firstname: 'Erika',
    lastname: 'Mustermann',
    address: 'Hauptstraße',
    house_number: '5',
    zip: '10115',
    city: 'Berlin',
    country: 'DE',
  };

  it('refuses visitors (401) on every cart call', async () => {
    const calls = [
      () => visitor.get('/api/v2/shop/products'),
      () => visitor.get('/api/v2/carts/mine'),
      () => visitor.get('/api/v2/carts/mine/countries'),
      () => visitor.post('/api/v2/carts/mine/items', { product_id: mug }),
      () => visitor.put('/api/v2/carts/mine/items/1', { quantity: 1 }),
      () => visitor.patch('/api/v2/carts/mine/items/1', { quantity: 1 }),
      () => visitor.delete('/api/v2/carts/mine/items/1'),
      () => visitor.post('/api/v2/carts/mine/invoice_address', validAddress),
      () => visitor.post('/api/v2/carts/mine/delivery_address', validAddress),
    ];
    for (const call of calls) expect((await call()).statusCode).toBe(401);
  });

  it('starts empty, with the form options in the caller language', async () => {
    const empty = await cart(member, 'de_DE');
    expect(empty.cart).toMatchObject({
      items: [],
      item_count: 0,
      currency: null,
      subtotal: 0,
      total: 0,
      tax: [],
      ready: false,
      payment: null,
    });
    expect(empty.errors).toEqual([]);
    const countries = empty.form_options.invoice_address_country_options;
    expect(countries.find((c) => c.value === 'DE')?.label).toBe('Deutschland');
    expect(countries.every((c) => c.value !== '' && c.label !== '')).toBe(true);
    expect(empty.form_options.delivery_address_country_options).toEqual(countries);
    expect(empty.form_options.gender_options.length).toBeGreaterThan(0);
    const english = (
      await member.get('/api/v2/carts/mine/countries', { headers: { 'x-locale': 'en_GB' } })
    ).json();
    expect(english.results.find((c: { value: string }) => c.value === 'DE')?.label).toBe('Germany');
    expect(english.results.every((c: { value: string }) => /^[A-Z]{2}$/.test(c.value))).toBe(true);
  });

  it('prices lines from the catalogue and totals them with the tax per rate', async () => {
    await added({ product_id: mug, quantity: 2 });
    await added({ product_id: shirt, option: 'm' });
    const answer = await added({ product_id: book });
    const items = answer.cart.items;
    expect(
      items.map((item) => [
        item.name,
        item.option?.label ?? null,
        item.quantity,
        item.unit_price,
        item.line_total,
      ]),
    ).toEqual([
      ['Mug', null, 2, 1299, 2598],
      ['T-shirt', 'M', 1, 1990, 1990],
      ['Book', null, 1, 2490, 2490],
    ]);
    expect(items[1]!.options.map((option) => option.id)).toEqual(['s', 'm', 'xl']);
    // By hand: 19 % lines 2598 + 1990 = 4588, 7 % line 2490.
    expect(answer.cart).toMatchObject({
      currency: 'EUR',
      subtotal: 7078,
      shipping: 0,
      total: 7078,
      item_count: 4,
      tax: [
        { rate: 700, amount: tax(2490, 700) },
        { rate: 1900, amount: tax(4588, 1900) },
      ],
    });
    expect(tax(2490, 700)).toBe(163);
    expect(tax(4588, 1900)).toBe(733);
    // The same product and option again: the line gains the quantity.
    const more = await added({ product_id: mug, quantity: 3 });
    expect(more.cart.items[0]).toMatchObject({ quantity: 5, line_total: 6495 });
    expect(more.cart.items).toHaveLength(3);
  });

  it('never takes a price from the client', async () => {
    for (const body of [
      { product_id: mug, price: 1 },
      { product_id: mug, unit_price: 1 },
      { product_id: mug, quantity: 1, line_total: 0 },
    ]) {
      const response = await add(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].code).toBe('validation_failed');
    }
    const answer = await added({ product_id: mug });
    const line = answer.cart.items[0]!;
    const patched = await member.patch(`/api/v2/carts/mine/items/${line.id}`, { quantity: 2, unit_price: 1 });
    expect(patched.statusCode).toBe(400);
    expect((await cart()).cart).toMatchObject({ subtotal: 1299, total: 1299 });
  });

  it('refuses quantities out of bounds and options the product does not have', async () => {
    for (const quantity of [0, 100, -1, 1.5, '2', null]) {
      const response = await add({ product_id: mug, quantity });
      expect(response.statusCode, String(quantity)).toBe(400);
      expect(response.json().errors[0].field).toBe('quantity');
    }
    const none = await add({ product_id: shirt });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0]).toMatchObject({ code: 'bad_request', field: 'option' });
    const unknown = await add({ product_id: shirt, option: 'xxl' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].field).toBe('option');
    const extra = await add({ product_id: mug, option: 'm' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().errors[0].field).toBe('option');
    expect((await add({ product_id: shirt, option: 'M!' })).statusCode).toBe(400);
    const line = (await added({ product_id: shirt, option: 's' })).cart.items[0]!;
    for (const body of [
      { quantity: 0 },
      { quantity: 100 },
      { quantity: -1 },
      { quantity: 2.5 },
      { option: 'xxl' },
    ]) {
      const response = await member.patch(`/api/v2/carts/mine/items/${line.id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    // PUT replaces both: leaving the option out means none, which a product with sizes refuses.
    expect((await member.put(`/api/v2/carts/mine/items/${line.id}`, { quantity: 2 })).statusCode).toBe(400);
    expect((await cart()).cart.items[0]).toMatchObject({ quantity: 1, option: { id: 's' } });
  });

  it('answers 404 for a missing or withdrawn product and 409 past stock, line and currency bounds', async () => {
    expect((await add({ product_id: 999_999 })).statusCode).toBe(404);
    const draft = await create({ active: false });
    expect((await add({ product_id: draft })).statusCode).toBe(404);

    const stock = await add({ product_id: shirt, option: 'm', quantity: 11 });
    expect(stock.statusCode).toBe(409);
    expect(stock.json().errors[0].code).toBe('out_of_stock');

    await added({ product_id: mug, quantity: 90 });
    const past = await add({ product_id: mug, quantity: 10 });
    expect(past.statusCode).toBe(409);
    expect(past.json().errors[0]).toMatchObject({ code: 'conflict', field: 'quantity' });

    const franc = await create({ currency: 'CHF' });
    const mismatch = await add({ product_id: franc });
    expect(mismatch.statusCode).toBe(409);
    expect(mismatch.json().errors[0].code).toBe('currency_mismatch');

    await t.db.delete(cartItems);
    const many = await t.db
      .insert(products)
      .values(
        Array.from({ length: shopLimits.maxCartLines + 1 }, (_, i) => ({
          name_de: `Artikel ${i}`,
          name_en: `Item ${i}`,
          price: 100,
          currency: 'EUR' as const,
          tax_rate: 1900,
          active: true,
        })),
      )
      .returning({ id: products.id });
    await t.db
      .insert(cartItems)
      .values(
        many
          .slice(0, shopLimits.maxCartLines)
          .map((p) => ({ user_id: memberId, product_id: p.id, quantity: 1, seen_price: 100 })),
      );
    const full = await add({ product_id: many[shopLimits.maxCartLines]!.id });
    expect(full.statusCode).toBe(409);
    expect((await cart()).cart.items).toHaveLength(shopLimits.maxCartLines);
    await t.db.delete(cartItems);
    await t.db.update(products).set({ active: false }).where(eq(products.name_en, 'Item 0'));
  });

  it("changes and removes only the member's own lines; another member's answers 404", async () => {
    const mine = (await added({ product_id: shirt, option: 's' })).cart.items[0]!;
    const theirs = (await added({ product_id: mug }, other)).cart.items[0]!;
    for (const response of [
      await member.patch(`/api/v2/carts/mine/items/${theirs.id}`, { quantity: 2 }),
      await member.put(`/api/v2/carts/mine/items/${theirs.id}`, { quantity: 2 }),
      await member.delete(`/api/v2/carts/mine/items/${theirs.id}`),
      await member.delete('/api/v2/carts/mine/items/999999'),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    expect((await cart(other)).cart.items).toMatchObject([{ id: theirs.id, quantity: 1 }]);

    const patched = (await member.patch(`/api/v2/carts/mine/items/${mine.id}`, { quantity: 3 })).json();
    expect(patched.cart.items[0]).toMatchObject({ quantity: 3, option: { id: 's' }, line_total: 5970 });
    const put = (
      await member.put(`/api/v2/carts/mine/items/${mine.id}`, { option: 'xl', quantity: 2 })
    ).json();
    expect(put.cart.items[0]).toMatchObject({ quantity: 2, option: { id: 'xl', label: 'XL' } });
    // Switching to the option of another line merges the two.
    await added({ product_id: shirt, option: 'm' });
    const merged = (await member.patch(`/api/v2/carts/mine/items/${mine.id}`, { option: 'm' })).json();
    expect(merged.cart.items).toMatchObject([{ option: { id: 'm' }, quantity: 3 }]);
    const removed = (await member.delete(`/api/v2/carts/mine/items/${merged.cart.items[0].id}`)).json();
    expect(removed.cart.items).toEqual([]);
  });

  it('reports a changed price once, then the new price is the one shown', async () => {
    const price = await create({ name_en: 'Poster', price: 500 });
    await added({ product_id: price, quantity: 2 });
    await admin.put(`/api/v2/admin/products/${price}`, product({ name_en: 'Poster', price: 650 }));
    const first = await cart();
    expect(first.errors).toMatchObject([{ code: 'price_changed', item_id: first.cart.items[0]!.id }]);
    expect(first.errors[0]!.message).toContain('6.50');
    expect(first.cart).toMatchObject({ subtotal: 1300, total: 1300 });
    const second = await cart();
    expect(second.errors).toEqual([]);
    expect(second.cart.items[0]).toMatchObject({ unit_price: 650, line_total: 1300 });
  });

  it('reports a withdrawn product, a removed option and lowered stock until the member fixes the line', async () => {
    const lamp = await create({ name_en: 'Lamp', price: 4000, stock: 5 });
    const cap = await create({
      name_en: 'Cap',
      price: 1500,
      options: [
        { id: 'red', label_de: 'Rot', label_en: 'Red' },
        { id: 'blue', label_de: 'Blau', label_en: 'Blue' },
      ],
    });
    await added({ product_id: mug });
    await added({ product_id: lamp, quantity: 4 });
    const capLine = (await added({ product_id: cap, option: 'red' })).cart.items[2]!;

    await admin.put(`/api/v2/admin/products/${mug}`, product({ active: false }));
    await t.db.update(products).set({ stock: 2 }).where(eq(products.id, lamp));
    await admin.put(
      `/api/v2/admin/products/${cap}`,
      product({ name_en: 'Cap', price: 1500, options: [{ id: 'blue', label_de: 'Blau', label_en: 'Blue' }] }),
    );
    for (let shown = 0; shown < 2; shown += 1) {
      const answer = await cart();
      expect(answer.errors.map((error) => error.code)).toEqual([
        'unavailable',
        'out_of_stock',
        'option_unavailable',
      ]);
      // The withdrawn line is shown but not counted: the 4 lamps and the cap are.
      expect(answer.cart).toMatchObject({ subtotal: 4 * 4000 + 1500, ready: false });
    }
    const lampLine = (await cart()).cart.items[1]!;
    const tooMany = await member.patch(`/api/v2/carts/mine/items/${lampLine.id}`, { quantity: 3 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().errors[0].code).toBe('out_of_stock');
    await member.patch(`/api/v2/carts/mine/items/${lampLine.id}`, { quantity: 2 });
    await member.patch(`/api/v2/carts/mine/items/${capLine.id}`, { option: 'blue' });
    const mugLine = (await cart()).cart.items[0]!;
    expect((await member.patch(`/api/v2/carts/mine/items/${mugLine.id}`, { quantity: 2 })).statusCode).toBe(
      409,
    );
    const fixed = (await member.delete(`/api/v2/carts/mine/items/${mugLine.id}`)).json() as CartResponse;
    expect(fixed.errors).toEqual([]);
    expect(fixed.cart.subtotal).toBe(2 * 4000 + 1500);

    // A deleted product's line stays, unavailable, until removed.
    await admin.delete(`/api/v2/admin/products/${cap}`);
    const gone = await cart();
    expect(gone.errors).toMatchObject([{ code: 'unavailable', item_id: capLine.id }]);
    expect(gone.cart.subtotal).toBe(8000);
    await admin.put(`/api/v2/admin/products/${mug}`, product());
  });

  it('saves the addresses with postal codes checked per country, and is ready with a payment', async () => {
    const address = {
      gender: 'female',
      firstname: 'Erika',
      lastname: 'Mustermann',
      address: 'Hauptstraße',
      house_number: '5',
      zip: '10115',
      city: 'Berlin',
      country: 'DE',
      separate_delivery_address: true,
    };
    for (const [country, zip] of [
      ['DE', '1011'],
      ['DE', '101155'],
      ['DE', 'AB123'],
      ['GB', '10115'],
      ['GB', 'SW1A-1AA'],
    ]) {
      const response = await member.post('/api/v2/carts/mine/invoice_address', { ...address, country, zip });
      expect(response.statusCode, `${country} ${zip}`).toBe(400);
      expect(response.json().errors.map((e: { field: string }) => e.field)).toContain('zip');
    }
    const missing = await member.post('/api/v2/carts/mine/invoice_address', { ...address, city: undefined });
    expect(missing.statusCode).toBe(400);
    expect(
      (await member.post('/api/v2/carts/mine/invoice_address', { ...address, country: 'XX' })).statusCode,
    ).toBe(400);

    await added({ product_id: mug });
    const invoice = (await member.post('/api/v2/carts/mine/invoice_address', address)).json() as CartResponse;
    expect(invoice.invoice_address).toMatchObject({
      zip: '10115',
      country: 'DE',
      separate_delivery_address: true,
    });
    expect(invoice.cart.ready).toBe(false);
    const delivery = await member.post('/api/v2/carts/mine/delivery_address', {
      ...address,
      zip: 'SW1A 1AA',
      city: 'London',
      country: 'GB',
    });
    expect(delivery.statusCode, delivery.body).toBe(200);
    expect(delivery.json().delivery_address).toMatchObject({
      zip: 'SW1A 1AA',
      separate_delivery_address: false,
    });
    expect(delivery.json().cart.ready).toBe(false);

    await saveCartPayment(t.db, memberId, {
      method: 'sepa',
      sepa: { account_holder: 'Erika Mustermann', iban: 'DE89370400440532013000', bic: null },
    });
    const ready = await cart();
    expect(ready.cart.ready).toBe(true);
    expect(ready.cart.payment).toEqual({
      method: 'sepa',
      sepa: { account_holder: 'Erika Mustermann', iban_last4: '3000', bic: null },
    });
    expect(JSON.stringify(ready)).not.toContain('DE8937');
    // The cart's addresses are the member's own.
    const own = (await member.get(`/api/v2/users/${memberId}/invoice_address`)).json();
    expect(own.address).toMatchObject({ zip: '10115' });
  });
});
