import { endpoints } from '@plaza/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, answerError, type RecordedCall, type StubAnswer, stubFetch } from '../../test/fetch-stub';
import { renderInApp } from '../../test/render-in-app';
import { sessionUser } from '../../test/session-user';
import { CartPage } from './cart-page';
import { followRedirect } from './checkout';
import { address, cartItem, cartResponse } from './shop-fixtures';

const member = sessionUser(1, { firstname: 'Ada', lastname: 'Lovelace' });
const services = answer(endpoints.shop.paymentServices, {
  services: [
    { id: 'invoice', name: 'Invoice' },
    { id: 'sepa', name: 'SEPA direct debit' },
  ],
});
const readyCart = cartResponse({
  invoice_address: address,
  cart: { ...cartResponse().cart, ready: true, payment: { method: 'invoice', sepa: null } },
});

function renderCart(answers: StubAnswer[]) {
  // The same array: answers pushed later override earlier ones.
  answers.unshift(services);
  const calls = stubFetch(answers);
  const view = renderInApp(<CartPage />, { path: '/en_GB/cart', user: member });
  return { calls, ...view };
}

const posts = (calls: RecordedCall[], url: string) =>
  calls.filter((call) => call.method === 'POST' && call.url === url);

describe('the cart', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the lines and the totals exactly as the server says, and each line problem at its line', async () => {
    const items = [
      cartItem(),
      cartItem({
        id: 12,
        product_id: 2,
        name: 'Hoodie',
        quantity: 1,
        unit_price: 4990,
        line_total: 4990,
        tax_rate: 700,
        option: { id: 'm', label: 'M' },
        options: [
          { id: 's', label: 'S' },
          { id: 'm', label: 'M' },
        ],
      }),
    ];
    renderCart([
      answer(
        endpoints.shop.cart,
        cartResponse(
          {
            cart: {
              ...cartResponse().cart,
              items,
              item_count: 3,
              subtotal: 7570,
              shipping: 0,
              tax: [
                { rate: 700, amount: 326 },
                { rate: 1900, amount: 412 },
              ],
              total: 7570,
            },
            errors: [{ code: 'price_changed', message: 'Price changed', item_id: 12 }],
          },
          items,
        ),
      ),
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Cart' })).toBeTruthy();
    const summary = await screen.findByRole('region', { name: 'Summary' });
    const value = (label: string) =>
      within(summary).getByText(label, { selector: 'dt' }).nextSibling?.textContent;
    expect(value('Subtotal')).toBe('€75.70');
    expect(value('Shipping')).toBe('Free');
    expect(value('Total')).toBe('€75.70');
    expect(value('incl. VAT 7%')).toBe('€3.26');
    expect(value('incl. VAT 19%')).toBe('€4.12');
    const hoodie = screen.getByRole('listitem', { name: 'Hoodie' });
    expect(within(hoodie).getByText(/The price has changed since you added this item/)).toBeTruthy();
    const mug = screen.getByRole('listitem', { name: 'Plaza mug' });
    expect(within(mug).queryByText(/The price has changed/)).toBeNull();
    expect(within(mug).getByText('€25.80')).toBeTruthy();
    expect(within(mug).getByText('€12.90 each')).toBeTruthy();
    expect(
      (within(mug).getByRole('textbox', { name: 'Quantity of Plaza mug' }) as HTMLInputElement).value,
    ).toBe('2');
  });

  it('changes quantity and removes a line, showing the cart the server answers', async () => {
    const { calls } = renderCart([
      answer(endpoints.shop.cart, cartResponse()),
      answer(
        endpoints.shop.updateItem,
        cartResponse({ cart: { ...cartResponse().cart, subtotal: 3870, total: 4360 } }, [
          cartItem({ quantity: 3, line_total: 3870 }),
        ]),
        { params: { id: 11 } },
      ),
      answer(endpoints.shop.removeItem, cartResponse({}, []), { params: { id: 11 } }),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'One more: Plaza mug' }));
    expect(await screen.findByText('€43.60')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ quantity: 3 });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Plaza mug' }));
    expect(await screen.findByText('Your cart is empty.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'To the shop' }).getAttribute('href')).toBe('/en_GB/shop');
  });

  it("shows the server's address errors at their fields, and offers countries without empty codes", async () => {
    const { calls } = renderCart([
      answer(endpoints.shop.cart, cartResponse({ invoice_address: address })),
      answerError(endpoints.shop.invoiceAddress, 400, {
        errors: [
          { code: 'validation_failed', message: 'a postal code as written in DE', field: 'zip' },
          { code: 'validation_failed', message: 'a city name', field: 'city' },
        ],
      }),
    ]);
    const form = await screen.findByRole('form', { name: 'Invoice address' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(posts(calls, '/api/v2/carts/mine/invoice_address')).toHaveLength(1));
    const zip = await within(form).findByRole('textbox', { name: /Postcode|Postal code|ZIP/i });
    await waitFor(() => expect(zip.getAttribute('aria-invalid')).toBe('true'));
    // The server's postcode check is the form's own rule: its text in the page language.
    expect(
      within(form).getByText(/Please enter the postcode as it is written in the chosen country/),
    ).toBeTruthy();
    expect(within(form).getByText('a city name')).toBeTruthy();
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: /Country/ }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['Germany', 'Austria']);
  });

  it('asks for the delivery address when a separate one is ticked', async () => {
    renderCart([answer(endpoints.shop.cart, cartResponse({ invoice_address: address }))]);
    const form = await screen.findByRole('form', { name: 'Invoice address' });
    expect(screen.queryByRole('form', { name: 'Delivery address' })).toBeNull();
    fireEvent.click(within(form).getByRole('checkbox'));
    expect(await screen.findByRole('form', { name: 'Delivery address' })).toBeTruthy();
  });

  it('shows the SEPA fields and the server refusing an IBAN at its field', async () => {
    const { calls } = renderCart([
      answer(endpoints.shop.cart, cartResponse({ invoice_address: address })),
      answerError(endpoints.shop.payment, 400, {
        errors: [{ code: 'bank_account_invalid', message: 'This IBAN fails its check', field: 'sepa.iban' }],
      }),
    ]);
    fireEvent.click(await screen.findByRole('radio', { name: 'SEPA direct debit' }, { timeout: 3000 }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Account holder' }), {
      target: { value: 'Ada Lovelace' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'IBAN' }), { target: { value: 'DE00 1234' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'BIC (optional)' }), {
      target: { value: 'COBADEFFXXX' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Use this payment method' }));
    expect(await screen.findByText('This IBAN fails its check')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'IBAN' }).getAttribute('aria-invalid')).toBe('true');
    expect(posts(calls, '/api/v2/carts/mine/payment')[0]?.body).toEqual({
      method: 'sepa',
      sepa: { account_holder: 'Ada Lovelace', iban: 'DE00 1234', bic: 'COBADEFFXXX' },
    });
  });

  it('requires the terms before buying, with the spec text, and sends nothing', async () => {
    const { calls } = renderCart([answer(endpoints.shop.cart, readyCart)]);
    fireEvent.click(await screen.findByRole('button', { name: 'Buy now' }));
    expect(
      (await screen.findByText('Please accept the terms of use to continue.')).getAttribute('role'),
    ).toBe('alert');
    expect(
      screen
        .getByRole('checkbox', { name: /I accept the terms and conditions/ })
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(posts(calls, '/api/v2/payments')).toEqual([]);
  });

  it('buys with agb and follows a redirect to our own order page through the router', async () => {
    const { calls, router } = renderCart([
      answer(endpoints.shop.cart, readyCart),
      answer(endpoints.shop.purchase, { result: 'ok', redirect: '/en_GB/shop/orders/5', order_id: 5 }),
    ]);
    fireEvent.click(await screen.findByRole('checkbox', { name: /I accept the terms and conditions/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Buy now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en_GB/shop/orders/5'));
    expect(posts(calls, '/api/v2/payments')[0]?.body).toEqual({ agb: true });
  });

  it('fails a purchase whose redirect is empty', async () => {
    const empty: StubAnswer = {
      method: 'POST',
      path: '/api/v2/payments',
      query: new URLSearchParams(),
      status: 200,
      json: JSON.stringify({ result: 'ok', redirect: '', order_id: 5 }),
    };
    const { router } = renderCart([answer(endpoints.shop.cart, readyCart), empty]);
    fireEvent.click(await screen.findByRole('checkbox', { name: /I accept the terms and conditions/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Buy now' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/empty redirect/);
    expect(router.state.location.pathname).toBe('/en_GB/cart');
  });

  it('reloads a cart that changed meanwhile (409 cart_changed) and shows why at the line', async () => {
    const answers: StubAnswer[] = [
      answer(endpoints.shop.cart, readyCart),
      answerError(endpoints.shop.purchase, 409, {
        errors: [{ code: 'cart_changed', message: 'The cart changed' }],
      }),
    ];
    const { calls } = renderCart(answers);
    fireEvent.click(await screen.findByRole('checkbox', { name: /I accept the terms and conditions/ }));
    answers.push(
      answer(
        endpoints.shop.cart,
        cartResponse({
          ...readyCart,
          errors: [{ code: 'out_of_stock', message: 'Out of stock', item_id: 11 }],
        }),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Buy now' }));
    expect(await screen.findByText(/Your cart has changed since you last saw it/)).toBeTruthy();
    const mug = screen.getByRole('listitem', { name: 'Plaza mug' });
    expect(await within(mug).findByText(/Not enough of this product is left/)).toBeTruthy();
    expect(calls.filter((call) => call.url === '/api/v2/carts/mine').length).toBeGreaterThanOrEqual(2);
  });
});

describe('following a purchase redirect', () => {
  const location = (assign = vi.fn()) => ({
    href: 'https://plaza.example/en_GB/cart',
    origin: 'https://plaza.example',
    assign,
  });

  it("loads a provider's checkout in the window and routes our own pages", () => {
    const navigate = vi.fn();
    const here = location();
    followRedirect('https://checkout.stripe.com/c/pay/cs_test_1', navigate, here);
    expect(here.assign).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_1');
    expect(navigate).not.toHaveBeenCalled();

    const own = location();
    followRedirect('https://plaza.example/de_DE/shop/orders/7?checkout=return', navigate, own);
    followRedirect('/de_DE/shop/orders/8', navigate, own);
    expect(own.assign).not.toHaveBeenCalled();
    expect(navigate.mock.calls).toEqual([['/de_DE/shop/orders/7?checkout=return'], ['/de_DE/shop/orders/8']]);
  });
});
