import { endpoints, type PageModuleOf } from '@plaza/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, answerError, stubFetch } from '../../test/fetch-stub';
import { renderInApp, testSettings } from '../../test/render-in-app';
import { sessionUser } from '../../test/session-user';
import { ShopTeaserModule } from '../pages/modules/community-modules';
import { confirmPolling } from './api';
import { OrderPage } from './order-page';
import { OrdersPage } from './orders-page';
import { cartResponse, order, product } from './shop-fixtures';
import { ShopPage } from './shop-page';

const member = sessionUser(1, { firstname: 'Ada', lastname: 'Lovelace' });

describe('the shop', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('lists the products with price in their currency, tax note, options and stock notes', async () => {
    stubFetch([
      answer(endpoints.shop.products, {
        results: [
          product(),
          product({
            id: 2,
            name: 'Hoodie',
            price: 4990,
            currency: 'CHF',
            tax_rate: 810,
            options: [
              { id: 's', label: 'S' },
              { id: 'm', label: 'M' },
            ],
            stock_left: 3,
          }),
          product({ id: 3, name: 'Poster', available: false }),
        ],
      }),
      answer(endpoints.shop.cart, cartResponse({}, [])),
    ]);
    renderInApp(<ShopPage />, { path: '/en_GB/shop', user: member });
    expect(await screen.findByRole('heading', { level: 1, name: 'Shop' })).toBeTruthy();
    const mug = await screen.findByRole('article', { name: 'Plaza mug' });
    expect(within(mug).getByText('€12.90')).toBeTruthy();
    expect(within(mug).getByText('incl. 19% VAT')).toBeTruthy();
    const hoodie = screen.getByRole('article', { name: 'Hoodie' });
    expect(within(hoodie).getByText('CHF 49.90')).toBeTruthy();
    expect(within(hoodie).getByText('incl. 8.1% VAT')).toBeTruthy();
    expect(within(hoodie).getByText('Only 3 left')).toBeTruthy();
    expect(within(hoodie).getByRole('combobox', { name: 'Variant' })).toBeTruthy();
    const poster = screen.getByRole('article', { name: 'Poster' });
    expect(within(poster).getByText('Sold out')).toBeTruthy();
    expect(
      (within(poster).getByRole('button', { name: 'Add to cart: Poster' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(screen.getByRole('link', { name: 'Cart' }).getAttribute('href')).toBe('/en_GB/cart');
  });

  it('adds the chosen option and shows the success snackbar when system notifications are on', async () => {
    const calls = stubFetch([
      answer(endpoints.shop.products, {
        results: [
          product({
            options: [
              { id: 's', label: 'S' },
              { id: 'm', label: 'M' },
            ],
          }),
        ],
      }),
      answer(endpoints.shop.cart, cartResponse({}, [])),
      answer(endpoints.shop.addItem, cartResponse()),
    ]);
    renderInApp(<ShopPage />, {
      path: '/en_GB/shop',
      user: member,
      settings: testSettings({ show_system_notification_message: true }),
    });
    const variant = await screen.findByRole('combobox', { name: 'Variant' });
    fireEvent.change(variant, {
      target: { value: within(variant).getByRole('option', { name: 'M' }).getAttribute('value') },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart: Plaza mug' }));
    const notice = await screen.findByText('Plaza mug is in your cart.');
    expect(notice.closest('.MuiSnackbar-root')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      product_id: 1,
      option: 'm',
      quantity: 1,
    });
    // The cart button counts the pieces of the cart's answer.
    expect(await screen.findByRole('link', { name: 'Cart, 2 items' })).toBeTruthy();
  });

  it('says it in place without system notifications, and shows a currency refusal at the product', async () => {
    stubFetch([
      answer(endpoints.shop.products, {
        results: [product(), product({ id: 2, name: 'Franc mug', currency: 'CHF' })],
      }),
      answer(endpoints.shop.cart, cartResponse({}, [])),
      answer(endpoints.shop.addItem, cartResponse()),
    ]);
    renderInApp(<ShopPage />, { path: '/en_GB/shop', user: member });
    fireEvent.click(await screen.findByRole('button', { name: 'Add to cart: Plaza mug' }));
    const mug = screen.getByRole('article', { name: 'Plaza mug' });
    expect((await within(mug).findByRole('status')).textContent).toBe('Plaza mug is in your cart.');
    expect(document.querySelector('.MuiSnackbar-root')).toBeNull();

    stubFetch([
      answer(endpoints.shop.products, {
        results: [product(), product({ id: 2, name: 'Franc mug', currency: 'CHF' })],
      }),
      answerError(endpoints.shop.addItem, 409, {
        errors: [{ code: 'currency_mismatch', message: 'The cart holds EUR' }],
      }),
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart: Franc mug' }));
    const franc = screen.getByRole('article', { name: 'Franc mug' });
    expect((await within(franc).findByRole('alert')).textContent).toMatch(/another currency/);
  });

  it('says so when the shop has no active products', async () => {
    stubFetch([
      answer(endpoints.shop.products, { results: [] }),
      answer(endpoints.shop.cart, cartResponse({}, [])),
    ]);
    renderInApp(<ShopPage />, { path: '/en_GB/shop', user: member });
    expect(await screen.findByText('There are no products in the shop at the moment.')).toBeTruthy();
  });
});

describe('the shop teaser', () => {
  afterEach(() => vi.unstubAllGlobals());
  const teaser: PageModuleOf<'shop_teaser'> = {
    id: 's',
    type: 'shop_teaser',
    data: { title: 'Our shop' },
    cross_references: { items: [] },
  };

  it('shows the first products with add to cart and a link to the shop', async () => {
    const results = [1, 2, 3, 4, 5].map((id) => product({ id, name: `Item ${id}` }));
    stubFetch([answer(endpoints.shop.products, { results }), answer(endpoints.shop.addItem, cartResponse())]);
    renderInApp(<ShopTeaserModule module={teaser} />, { path: '/en_GB/dummy', user: member });
    expect(await screen.findByRole('heading', { level: 3, name: 'Item 1' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(4);
    expect(screen.getByRole('link', { name: 'Show all products' }).getAttribute('href')).toBe('/en_GB/shop');
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart: Item 2' }));
    expect(await screen.findByText('Item 2 is in your cart.')).toBeTruthy();
  });

  it('shows its empty state only when there is no active product, and visitors are told it is for members', async () => {
    stubFetch([answer(endpoints.shop.products, { results: [] })]);
    const { unmount } = renderInApp(<ShopTeaserModule module={teaser} />, {
      path: '/en_GB/dummy',
      user: member,
    });
    expect(await screen.findByText('There are no products in the shop at the moment.')).toBeTruthy();
    unmount();
    const calls = stubFetch([]);
    renderInApp(<ShopTeaserModule module={teaser} />, { path: '/en_GB/dummy' });
    expect(screen.getByText('The shop is open to signed-in members.')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});

describe('the orders', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('lists the orders and loads older ones with before', async () => {
    const row = (id: number) => ({
      id,
      number: `2026-00000${id}`,
      state: 'paid' as const,
      currency: 'EUR' as const,
      total: 3070,
      item_count: 2,
      created_at: '2026-12-01T10:00:00.000Z',
    });
    const calls = stubFetch([
      answer(endpoints.shop.orders, { results: [row(9), row(8)], next_before: 8 }),
      answer(endpoints.shop.orders, { results: [row(3)], next_before: null }, { query: { before: 8 } }),
      answer(endpoints.shop.cart, cartResponse({}, [])),
    ]);
    renderInApp(<OrdersPage />, { path: '/en_GB/shop/orders', user: member });
    expect((await screen.findByRole('link', { name: 'Order 2026-000009' })).getAttribute('href')).toBe(
      '/en_GB/shop/orders/9',
    );
    expect(screen.getAllByText('Paid')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Show older orders' }));
    expect(await screen.findByRole('link', { name: 'Order 2026-000003' })).toBeTruthy();
    expect(calls.some((call) => call.url.endsWith('/api/v2/orders?before=8'))).toBe(true);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Show older orders' })).toBeNull());
  });

  it('shows an order with its lines, totals, addresses, mandate reference and invoice link', async () => {
    stubFetch([
      answer(
        endpoints.shop.order,
        order({
          state: 'paid',
          paid_at: '2026-12-02T09:00:00.000Z',
          payment: {
            method: 'sepa',
            sepa: { account_holder: 'Ada Lovelace', iban_last4: '3000', bic: null },
            mandate_reference: 'PLZ-2026-000005',
          },
        }),
        { params: { id: 5 } },
      ),
      answer(endpoints.shop.cart, cartResponse({}, [])),
    ]);
    renderInApp(<OrderPage />, {
      path: '/en_GB/shop/orders/5',
      routePath: '/:lang/shop/orders/:id',
      user: member,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order 2026-000005' })).toBeTruthy();
    expect(screen.getByText('Paid', { selector: '.MuiChip-label' })).toBeTruthy();
    // The line's total and the subtotal.
    expect(screen.getAllByText('€25.80')).toHaveLength(2);
    expect(screen.getByText('€30.70')).toBeTruthy();
    expect(screen.getByText('€4.12')).toBeTruthy();
    expect(screen.getByText('Mandate reference: PLZ-2026-000005')).toBeTruthy();
    expect(screen.getByText('10115 Berlin')).toBeTruthy();
    expect(screen.getByText('Goods go to the invoice address.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download the invoice (PDF)' }).getAttribute('href')).toBe(
      '/api/v2/orders/5/invoice.pdf',
    );
  });

  it('back from the card checkout, polls the order while it is placed and shows the state the server sets', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const stripe = { method: 'stripe' as const, sepa: null, mandate_reference: null };
    const answers = [
      answer(endpoints.shop.order, order({ payment: stripe }), { params: { id: 5 } }),
      answer(endpoints.shop.cart, cartResponse({}, [])),
    ];
    const calls = stubFetch(answers);
    renderInApp(<OrderPage />, {
      path: '/en_GB/shop/orders/5?checkout=return',
      routePath: '/:lang/shop/orders/:id',
      user: member,
    });
    expect(await screen.findByText(/Your payment is being confirmed/)).toBeTruthy();
    expect(screen.getByText('Placed', { selector: '.MuiChip-label' })).toBeTruthy();
    answers.push(
      answer(
        endpoints.shop.order,
        order({ payment: stripe, state: 'paid', paid_at: '2026-12-02T09:00:00.000Z' }),
        {
          params: { id: 5 },
        },
      ),
    );
    await act(() => vi.advanceTimersByTimeAsync(confirmPolling.intervalMs + 100));
    expect(await screen.findByText('Paid', { selector: '.MuiChip-label' })).toBeTruthy();
    expect(screen.queryByText(/Your payment is being confirmed/)).toBeNull();
    const reads = calls.filter((call) => call.url === '/api/v2/orders/5').length;
    await act(() => vi.advanceTimersByTimeAsync(confirmPolling.intervalMs * 3));
    expect(calls.filter((call) => call.url === '/api/v2/orders/5').length).toBe(reads);
  });

  it('stops polling after about a minute and says the confirmation takes longer; the address never sets the state', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const stripe = { method: 'stripe' as const, sepa: null, mandate_reference: null };
    const calls = stubFetch([
      answer(endpoints.shop.order, order({ payment: stripe }), { params: { id: 5 } }),
      answer(endpoints.shop.cart, cartResponse({}, [])),
    ]);
    renderInApp(<OrderPage />, {
      path: '/en_GB/shop/orders/5?checkout=return&state=paid',
      routePath: '/:lang/shop/orders/:id',
      user: member,
    });
    expect(await screen.findByText(/Your payment is being confirmed/)).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(confirmPolling.forMs + confirmPolling.intervalMs));
    expect(await screen.findByText(/taking longer than usual/)).toBeTruthy();
    expect(screen.getByText('Placed', { selector: '.MuiChip-label' })).toBeTruthy();
    const reads = calls.filter((call) => call.url === '/api/v2/orders/5').length;
    expect(reads).toBeGreaterThan(2);
    expect(reads).toBeLessThanOrEqual(confirmPolling.forMs / confirmPolling.intervalMs + 2);
    await act(() => vi.advanceTimersByTimeAsync(confirmPolling.intervalMs * 3));
    expect(calls.filter((call) => call.url === '/api/v2/orders/5').length).toBe(reads);
  });
});
