// The shop (issue 49): a member fills the cart from the demo page's shop teaser, changes a quantity and a
// variant, saves an invoice address (a wrong German postcode first), pays by invoice and gets the mail
// with the PDF invoice and the order page with the same total; a member pays by card through the Stripe
// fake, whose signed webhook (and nothing the browser says) makes the order paid; the administrator
// changes a price in the shop administration and the member's cart reports it once; axe on the shop, the
// cart, an order and the administration. Totals are recomputed here from the catalogue's prices. Phone
// width (390 px), German and English; every member uses a saved session and a cart of their own.
import { expect, type Page, test } from '@playwright/test';
import {
  acceptCookies,
  apiAs,
  expectAccessible,
  type Lang,
  type Member,
  members,
  stateOf,
} from '../fixtures/plaza';
import { fakeCheckoutHost, fakeCheckoutSession, mailsTo, signedCheckoutCompleted } from '../fixtures/shop';

const { admin, anna, shopInvoice, shopCard, shopPrice } = members;

const phone = { width: 390, height: 844 };

/** A product as `GET shop/products` answers it (the fields these tests read). */
interface Product {
  id: number;
  name: string;
  price: number;
  currency: string;
  tax_rate: number;
  options: { id: string; label: string }[];
}

const texts = {
  de_DE: {
    teaserAdd: (name: string) => `In den Warenkorb: ${name}`,
    added: (name: string) => `${name} liegt in Ihrem Warenkorb.`,
    variantOf: 'Ausführung',
    more: (name: string) => `Eins mehr: ${name}`,
    quantityOf: (name: string) => `Menge von ${name}`,
    cartTitle: 'Warenkorb',
    summary: 'Übersicht',
    zip: 'Postleitzahl',
    saveAddress: 'Adresse speichern',
    addressSaved: 'Die Adresse ist gespeichert.',
    invoice: /Rechnung/,
    card: /Karte/,
    usePayment: 'Diese Zahlungsart verwenden',
    paymentSaved: 'Die Zahlungsart ist gespeichert.',
    terms: /Geschäftsbedingungen/,
    buy: 'Zahlungspflichtig bestellen',
    paid: 'Bezahlt',
    placed: 'Aufgegeben',
    priceChanged: /Der Preis hat sich geändert/,
  },
  en_GB: {
    teaserAdd: (name: string) => `Add to cart: ${name}`,
    added: (name: string) => `${name} is in your cart.`,
    variantOf: 'Variant',
    more: (name: string) => `One more: ${name}`,
    quantityOf: (name: string) => `Quantity of ${name}`,
    cartTitle: 'Cart',
    summary: 'Summary',
    zip: 'Postcode',
    saveAddress: 'Save address',
    addressSaved: 'The address is saved.',
    invoice: /Invoice/,
    card: /Card/,
    usePayment: 'Use this payment method',
    paymentSaved: 'The payment method is saved.',
    terms: /terms and conditions/,
    buy: 'Buy now',
    paid: 'Paid',
    placed: 'Placed',
    priceChanged: /The price has changed since you added this item/,
  },
} as const;

/** The address fields' labels (profile.address.*). */
const addressLabels = {
  de_DE: {
    firstname: 'Vorname',
    lastname: 'Nachname',
    address: 'Straße',
    house_number: 'Hausnummer',
    city: 'Ort',
    country: 'Land',
  },
  en_GB: {
    firstname: 'First name',
    lastname: 'Last name',
    address: 'Street',
    house_number: 'House number',
    city: 'City',
    country: 'Country',
  },
} as const;

const htmlLang = (lang: Lang) => lang.replace('_', '-');

/** An amount as the page writes it ("45,70 €", "€45.70"). */
const money = (minor: number, lang: Lang, currency = 'EUR') =>
  new Intl.NumberFormat(htmlLang(lang), { style: 'currency', currency }).format(minor / 100);

/** Matches an amount whatever spaces the page puts inside it. */
const moneyText = (minor: number, lang: Lang) =>
  new RegExp(
    money(minor, lang)
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\s/g, '\\s'),
  );

/** The tax included in a gross line, as the contract defines it: round(gross × rate / (10000 + rate)). */
const taxOf = (gross: number, rate: number) => Math.round((gross * rate) / (10_000 + rate));

/** The active products in a language, as the member's API answers them. */
async function catalogue(member: Member, lang: Lang): Promise<Product[]> {
  const api = await apiAs(member);
  const response = await api.get('/api/v2/shop/products', { headers: { 'x-locale': lang } });
  expect(response.status()).toBe(200);
  const products = (await response.json()).results as Product[];
  await api.dispose();
  return products;
}

/** The member's cart emptied through the API, so a walk starts from nothing. */
async function emptyCart(member: Member): Promise<void> {
  const api = await apiAs(member);
  const cart = (await (await api.get('/api/v2/carts/mine')).json()) as { cart: { items: { id: number }[] } };
  for (const item of cart.cart.items) {
    expect(
      (await api.delete(`/api/v2/carts/mine/items/${item.id}`, { headers: await api.csrf() })).status(),
    ).toBe(200);
  }
  await api.dispose();
}

/** Fills and saves the invoice address: a wrong German postcode first, which the form names at its field. */
async function saveInvoiceAddress(page: Page, lang: Lang, member: Member): Promise<void> {
  const t = texts[lang];
  const labels = addressLabels[lang];
  const form = page.getByRole('form', { name: lang === 'de_DE' ? 'Rechnungsadresse' : 'Invoice address' });
  await form.getByRole('textbox', { name: labels.firstname }).fill(member.firstname);
  await form.getByRole('textbox', { name: labels.lastname }).fill(member.lastname);
  await form.getByRole('textbox', { name: labels.address }).fill('Hauptstraße');
  await form.getByRole('textbox', { name: labels.house_number }).fill('12a');
  await form.getByRole('textbox', { name: labels.city }).fill('Berlin');
  const country = form.getByRole('combobox', { name: labels.country });
  await country.click();
  await country.fill(lang === 'de_DE' ? 'Deutschl' : 'Germ');
  await page.getByRole('option', { name: lang === 'de_DE' ? 'Deutschland' : 'Germany' }).click();
  const zip = form.getByRole('textbox', { name: t.zip });
  await zip.fill('1011');
  await form.getByRole('button', { name: t.saveAddress }).click();
  await expect(zip).toHaveAttribute('aria-invalid', 'true');
  await zip.fill('10115');
  await form.getByRole('button', { name: t.saveAddress }).click();
  await expect(zip).not.toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText(t.addressSaved)).toBeVisible();
}

/** Chooses a payment method and saves it. */
async function choosePayment(page: Page, lang: Lang, method: RegExp): Promise<void> {
  const t = texts[lang];
  await page.getByRole('radio', { name: method }).check();
  await page.getByRole('button', { name: t.usePayment }).click();
  await expect(page.getByText(t.paymentSaved)).toBeVisible();
}

/** Ticks the terms and buys. */
async function buy(page: Page, lang: Lang): Promise<void> {
  const t = texts[lang];
  await page.getByRole('checkbox', { name: t.terms }).check();
  await page.getByRole('button', { name: t.buy }).click();
}

/** A member's order placed through the API (invoice): its id. */
async function orderThroughApi(member: Member, productId: number): Promise<number> {
  const api = await apiAs(member);
  const headers = await api.csrf();
  const post = async (url: string, data: unknown) => {
    const response = await api.post(url, { headers, data });
    expect(response.status(), `${url}: ${await response.text()}`).toBeLessThan(300);
    return response.json();
  };
  await post('/api/v2/carts/mine/items', { product_id: productId, option: null, quantity: 1 });
  await post('/api/v2/carts/mine/invoice_address', {
    firstname: member.firstname,
    lastname: member.lastname,
    address: 'Hauptstraße',
    house_number: '1',
    zip: '10115',
    city: 'Berlin',
    country: 'DE',
  });
  await post('/api/v2/carts/mine/payment', { method: 'invoice' });
  const bought = (await post('/api/v2/payments', { agb: true })) as { order_id: number };
  await api.dispose();
  return bought.order_id;
}

test.describe('a member buys', () => {
  test.beforeEach(async ({ context, page }) => {
    await acceptCookies(context);
    await page.setViewportSize(phone);
  });

  test.describe('by invoice', () => {
    test.use({ storageState: stateOf(shopInvoice) });

    test('fills the cart from the demo page’s shop teaser, pays by invoice and gets the mail with the PDF (de_DE)', async ({
      page,
    }) => {
      const lang: Lang = 'de_DE';
      const t = texts[lang];
      await emptyCart(shopInvoice);
      const products = await catalogue(shopInvoice, lang);
      const mug = products.find((product) => product.options.length === 0)!;
      const variants = products.find((product) => product.options.length > 1)!;
      expect(mug && variants).toBeTruthy();
      const mailsBefore = mailsTo(shopInvoice.email).length;

      // The teaser on the demo page adds a product, and one with its variant.
      await page.goto(`/${lang}/dummy`);
      await page.getByRole('button', { name: t.teaserAdd(mug.name) }).click();
      await expect(page.getByText(t.added(mug.name)).first()).toBeVisible();
      await page.getByRole('button', { name: t.teaserAdd(variants.name) }).click();
      await expect(page.getByText(t.added(variants.name)).first()).toBeVisible();

      // The cart: one more mug, and the other product in its second variant.
      await page.goto(`/${lang}/cart`);
      await expect(page.getByRole('heading', { level: 1, name: t.cartTitle })).toBeVisible();
      await page.getByRole('button', { name: t.more(mug.name) }).click();
      await expect(page.getByRole('textbox', { name: t.quantityOf(mug.name) })).toHaveValue('2');
      const variantsLine = page.getByRole('listitem').filter({ hasText: variants.name });
      await variantsLine.getByRole('combobox', { name: t.variantOf }).click();
      await page.getByRole('option', { name: variants.options[1]!.label, exact: true }).click();
      await expect(variantsLine.getByRole('combobox', { name: t.variantOf })).toHaveText(
        variants.options[1]!.label,
      );

      // Totals by hand: gross prices, the tax included per line and summed per rate, no shipping.
      const lines = [
        { gross: mug.price * 2, rate: mug.tax_rate },
        { gross: variants.price, rate: variants.tax_rate },
      ];
      const total = lines.reduce((sum, line) => sum + line.gross, 0);
      const taxByRate = new Map<number, number>();
      for (const line of lines)
        taxByRate.set(line.rate, (taxByRate.get(line.rate) ?? 0) + taxOf(line.gross, line.rate));
      const summary = page.getByRole('region', { name: t.summary });
      await expect(summary).toContainText(moneyText(total, lang));
      for (const amount of taxByRate.values()) await expect(summary).toContainText(moneyText(amount, lang));

      await saveInvoiceAddress(page, lang, shopInvoice);
      await choosePayment(page, lang, t.invoice);
      await buy(page, lang);

      // The order page: the order, its total, placed (an invoice is due).
      await expect(page).toHaveURL(new RegExp(`/${lang}/shop/orders/\\d+`));
      const orderId = Number(new URL(page.url()).pathname.split('/').at(-1));
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toContainText(/\d{4}-\d{6}/);
      const number = /\d{4}-\d{6}/.exec((await heading.textContent()) ?? '')![0];
      await expect(page.getByText(moneyText(total, lang)).first()).toBeVisible();
      await expect(page.getByText(t.placed).first()).toBeVisible();

      // The mail with the order and the PDF invoice.
      await expect.poll(() => mailsTo(shopInvoice.email).length).toBeGreaterThan(mailsBefore);
      const mail = mailsTo(shopInvoice.email).find((candidate) => candidate.raw.includes(number));
      expect(mail, `a mail naming order ${number}`).toBeTruthy();
      expect(mail!.attachments.some((file) => file.isPdf && /\.pdf$/i.test(file.filename))).toBe(true);

      // The server's order holds the same total.
      const api = await apiAs(shopInvoice);
      const order = await (await api.get(`/api/v2/orders/${orderId}`)).json();
      await api.dispose();
      expect(order.cart.total).toBe(total);
      const orderTax = order.cart.tax as { rate: number; amount: number }[];
      expect(new Map(orderTax.map((line) => [line.rate, line.amount]))).toEqual(taxByRate);
      // The order page lists the same total and tax lines.
      for (const amount of taxByRate.values()) {
        await expect(page.getByText(moneyText(amount, lang)).first()).toBeVisible();
      }
      expect(order.state).toBe('placed');
    });
  });

  test.describe('by card', () => {
    test.use({ storageState: stateOf(shopCard) });

    test('pays through the Stripe fake; the signed webhook, not the browser, makes the order paid (en_GB)', async ({
      page,
      request,
    }) => {
      const lang: Lang = 'en_GB';
      const t = texts[lang];
      await emptyCart(shopCard);
      const products = await catalogue(shopCard, lang);
      const book = products.find((product) => product.tax_rate !== 1900)!;
      expect(book).toBeTruthy();

      await page.goto(`/${lang}/shop`);
      await page.getByRole('button', { name: t.teaserAdd(book.name) }).click();
      await expect(page.getByText(t.added(book.name)).first()).toBeVisible();
      await page.goto(`/${lang}/cart`);
      await expect(page.getByText(moneyText(book.price, lang)).first()).toBeVisible();
      await saveInvoiceAddress(page, lang, shopCard);
      await choosePayment(page, lang, t.card);

      // The purchase sends the browser to the provider's checkout (the fake's address, answered here).
      await page.route(`https://${fakeCheckoutHost}/**`, (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: '<!doctype html><title>Checkout</title><h1>Fake checkout</h1>',
        }),
      );
      await buy(page, lang);
      await expect(page).toHaveURL(new RegExp(`^https://${fakeCheckoutHost.replace(/\./g, '\\.')}/`));
      const sessionId = /cs_test_\w+/.exec(page.url())![0];
      const session = await fakeCheckoutSession(sessionId);
      const orderUrl = new URL(session.success_url);
      const orderId = Number(/\/shop\/orders\/(\d+)/.exec(orderUrl.pathname)![1]);

      // Coming back before the webhook: the order is not paid whatever the address says.
      const api = await apiAs(shopCard);
      expect((await (await api.get(`/api/v2/orders/${orderId}`)).json()).state).toBe('placed');

      // A wrongly signed event is refused and changes nothing.
      const forged = signedCheckoutCompleted(session, { secret: 'whsec_wrong' });
      const refused = await request.post('/api/v2/payments/stripe/webhook', {
        headers: { 'stripe-signature': forged.signature, 'content-type': 'application/json' },
        data: forged.body,
      });
      expect(refused.status()).toBeGreaterThanOrEqual(400);
      expect((await (await api.get(`/api/v2/orders/${orderId}`)).json()).state).toBe('placed');

      // Stripe's signed checkout.session.completed marks it paid; the same event again changes nothing.
      const event = signedCheckoutCompleted(session);
      for (let i = 0; i < 2; i++) {
        const response = await request.post('/api/v2/payments/stripe/webhook', {
          headers: { 'stripe-signature': event.signature, 'content-type': 'application/json' },
          data: event.body,
        });
        expect(response.status(), await response.text()).toBe(200);
      }
      const order = await (await api.get(`/api/v2/orders/${orderId}`)).json();
      await api.dispose();
      expect(order.state).toBe('paid');
      expect(order.cart.total).toBe(book.price);
      expect(order.cart.tax).toEqual([{ rate: book.tax_rate, amount: taxOf(book.price, book.tax_rate) }]);

      await page.goto(`${orderUrl.pathname}${orderUrl.search}`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(order.number);
      await expect(page.getByText(t.paid, { exact: true }).first()).toBeVisible();
      await expect(page.getByText(moneyText(book.price, lang)).first()).toBeVisible();
    });
  });
});

test('the server refuses what the pages never offer: another member’s order, a purchase without the terms, the administration', async () => {
  const products = await catalogue(shopPrice, 'en_GB');
  const mug = products.find((product) => product.options.length === 0)!;
  await emptyCart(shopPrice);
  const theirs = await orderThroughApi(shopPrice, mug.id);
  const other = await apiAs(shopCard);
  expect((await other.get(`/api/v2/orders/${theirs}`)).status()).toBe(404);
  expect((await other.get(`/api/v2/orders/${theirs}/invoice.pdf`)).status()).toBe(404);
  expect((await other.get('/api/v2/admin/orders')).status()).toBe(403);
  const headers = await other.csrf();
  const denied = await other.post(`/api/v2/admin/orders/${theirs}/state`, {
    headers,
    data: { state: 'cancelled' },
  });
  expect(denied.status()).toBe(403);
  await other.dispose();

  const member = await apiAs(shopPrice);
  const memberHeaders = await member.csrf();
  expect(await (await member.get(`/api/v2/orders/${theirs}`)).json()).toMatchObject({ state: 'placed' });
  await member.post('/api/v2/carts/mine/items', {
    headers: memberHeaders,
    data: { product_id: mug.id, option: null, quantity: 1 },
  });
  const noTerms = await member.post('/api/v2/payments', { headers: memberHeaders, data: { agb: false } });
  expect(noTerms.status()).toBeGreaterThanOrEqual(400);
  expect(noTerms.status()).toBeLessThan(500);
  const cart = await (await member.get('/api/v2/carts/mine')).json();
  expect(cart.cart.item_count).toBe(1);
  await member.dispose();
  await emptyCart(shopPrice);
});

test.describe('the administrator', () => {
  test.use({ storageState: stateOf(admin) });
  test.beforeEach(async ({ context }) => acceptCookies(context));

  test('lists the demo products, changes a price, and the member’s cart reports it once (en_GB)', async ({
    page,
    browser,
  }) => {
    const lang: Lang = 'en_GB';
    await emptyCart(shopPrice);
    const products = await catalogue(shopPrice, lang);
    const mug = products.find((product) => product.options.length === 0)!;
    const member = await apiAs(shopPrice);
    const added = await member.post('/api/v2/carts/mine/items', {
      headers: await member.csrf(),
      data: { product_id: mug.id, option: null, quantity: 1 },
    });
    expect(added.status()).toBe(200);
    await member.dispose();
    const newPrice = mug.price + 60;

    try {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`/${lang}`);
      await page.getByRole('navigation', { name: 'Administration' }).getByRole('link').click();
      await page
        .getByRole('navigation', { name: 'Administration sections' })
        .getByRole('link', { name: 'Shop' })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: 'Shop administration' })).toBeVisible();
      const list = page.getByRole('list', { name: 'Products' });
      for (const product of products)
        await expect(list.getByRole('link', { name: product.name })).toBeVisible();

      await list.getByRole('link', { name: mug.name }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Edit product' })).toBeVisible();
      const price = page.getByRole('textbox', { name: 'Price' });
      await expect(price).toHaveValue((mug.price / 100).toFixed(2));
      await price.fill('12,999');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(price).toHaveAttribute('aria-invalid', 'true');
      await price.fill(`${Math.trunc(newPrice / 100)},${String(newPrice % 100).padStart(2, '0')}`);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('The product has been saved.')).toBeVisible();

      // The member's cart shows the new price with the note once, then without it.
      const context = await browser.newContext({ storageState: stateOf(shopPrice), viewport: phone });
      await acceptCookies(context);
      const cartPage = await context.newPage();
      await cartPage.goto(`/${lang}/cart`);
      await expect(cartPage.getByText(texts[lang].priceChanged)).toBeVisible();
      await expect(cartPage.getByText(moneyText(newPrice, lang)).first()).toBeVisible();
      await cartPage.reload();
      await expect(cartPage.getByText(moneyText(newPrice, lang)).first()).toBeVisible();
      await expect(cartPage.getByText(texts[lang].priceChanged)).toHaveCount(0);
      await context.close();
    } finally {
      // The catalogue's price as it was, for the other walks.
      const api = await apiAs(admin);
      const stored = await (await api.get(`/api/v2/admin/products/${mug.id}`)).json();
      const { id: _id, image: _image, created_at: _created, updated_at: _updated, ...fields } = stored;
      const restored = await api.put(`/api/v2/admin/products/${mug.id}`, {
        headers: await api.csrf(),
        data: { ...fields, price: mug.price },
      });
      expect(restored.status()).toBe(200);
      await api.dispose();
    }
  });
});

test.describe('accessibility', () => {
  test.beforeEach(async ({ context }) => acceptCookies(context));

  test.describe('member pages', () => {
    test.use({ storageState: stateOf(anna), viewport: phone });

    test('the shop has no axe violations', async ({ page }) => {
      await page.goto('/de_DE/shop');
      await expect(page.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible();
      await expect(page.getByRole('article').first()).toBeVisible();
      await expectAccessible(page);
    });

    test('the cart has no axe violations', async ({ page }) => {
      await emptyCart(anna);
      const [product] = await catalogue(anna, 'en_GB');
      const api = await apiAs(anna);
      await api.post('/api/v2/carts/mine/items', {
        headers: await api.csrf(),
        data: { product_id: product!.id, option: product!.options[0]?.id ?? null, quantity: 1 },
      });
      await api.dispose();
      await page.goto('/en_GB/cart');
      await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();
      await expect(page.getByText(product!.name).first()).toBeVisible();
      await expectAccessible(page);
    });

    test('an order has no axe violations', async ({ page }) => {
      await emptyCart(anna);
      const products = await catalogue(anna, 'de_DE');
      const mug = products.find((product) => product.options.length === 0)!;
      const orderId = await orderThroughApi(anna, mug.id);
      await page.goto(`/de_DE/shop/orders/${orderId}`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(/\d{4}-\d{6}/);
      await expectAccessible(page);
    });
  });

  test.describe('administration', () => {
    test.use({ storageState: stateOf(admin) });

    test('the shop administration has no axe violations', async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto('/de_DE/manage_shop');
      await expect(page.getByRole('list', { name: 'Produkte' })).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('tab', { name: 'Bestellungen' }).click();
      await expect(page.getByRole('list', { name: 'Bestellungen' })).toBeVisible();
      await page.setViewportSize(phone);
      await expectAccessible(page);
      await page.getByRole('list', { name: 'Bestellungen' }).getByRole('link').first().click();
      await expect(page.getByRole('group', { name: 'Aktionen der Bestellung' })).toBeVisible();
      await expectAccessible(page);
    });
  });
});
