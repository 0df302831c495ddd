import { type AdminOrder, type AdminProduct, endpoints, type UserPermission } from '@plaza/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, answerError, stubFetch } from '../../test/fetch-stub';
import { renderInApp } from '../../test/render-in-app';
import { sessionUser } from '../../test/session-user';
import { ProductEditorPage } from './product-editor-page';
import { ShopAdminPage } from './shop-admin-page';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const product: AdminProduct = {
  id: 7,
  name_de: 'Kapuzenpullover',
  name_en: 'Hoodie',
  description_de: '',
  description_en: '',
  price: 3990,
  currency: 'EUR',
  tax_rate: 1900,
  options: [
    { id: 's', label_de: 'S', label_en: 'S' },
    { id: 'm', label_de: 'M', label_en: 'M' },
  ],
  stock: null,
  active: true,
  image: null,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
};

const address = {
  gender: null,
  title: null,
  firstname: 'Anna',
  lastname: 'Schneider',
  address: 'Hauptstraße',
  house_number: '5',
  address_2: null,
  address_details: null,
  zip: '10115',
  city: 'Berlin',
  country: 'DE',
  email: null,
  separate_delivery_address: false,
};

const order = (state: AdminOrder['state']): AdminOrder => ({
  id: 12,
  number: '2026-000012',
  state,
  payment: { method: 'invoice', sepa: null, mandate_reference: null },
  cart: {
    currency: 'EUR',
    items: [
      {
        product_id: 7,
        name: 'Hoodie',
        option: 'M',
        quantity: 2,
        unit_price: 3990,
        line_total: 7980,
        tax_rate: 1900,
      },
    ],
    subtotal: 7980,
    shipping: 0,
    tax: [{ rate: 1900, amount: 1274 }],
    total: 7980,
  },
  invoice_address: address,
  delivery_address: null,
  created_at: '2026-12-01T10:00:00.000Z',
  paid_at: state === 'paid' || state === 'refunded' ? '2026-12-01T11:00:00.000Z' : null,
  cancelled_at: state === 'cancelled' ? '2026-12-01T11:00:00.000Z' : null,
  refunded_at: state === 'refunded' ? '2026-12-01T12:00:00.000Z' : null,
  invoice_url: '/api/v2/orders/12/invoice.pdf',
  user: { id: 3, name: 'Anna Schneider' },
});

const pageAs = (permissions: UserPermission[], path = '/en_GB/admin/shop') =>
  renderInApp(<ShopAdminPage />, {
    path,
    routePath: '/:lang/admin/shop',
    user: sessionUser(9, { permissions }),
  });

const editProduct = () =>
  renderInApp(<ProductEditorPage />, {
    path: '/en_GB/admin/shop/7',
    routePath: '/:lang/admin/shop/:id',
    user: sessionUser(9, { permissions: ['shop'] }),
  });

describe('the shop administration', () => {
  it('sends members without the shop permission to the 403 page, asking nothing', () => {
    const calls = stubFetch([]);
    const { router } = pageAs(['jobs', 'users']);
    expect(router.state.location.pathname).toBe('/en_GB/403');
    expect(calls).toHaveLength(0);
  });

  it('lists the products with state and price for the shop permission', async () => {
    stubFetch([
      answer(endpoints.shop.adminProducts, {
        results: [product, { ...product, id: 6, name_en: 'Mug', active: false, price: 1290, stock: 3 }],
        next_before: 6,
      }),
    ]);
    pageAs(['shop']);
    const list = await screen.findByRole('list', { name: 'Products' });
    expect(within(list).getByRole('link', { name: 'Hoodie' }).getAttribute('href')).toBe(
      '/en_GB/admin/shop/7',
    );
    expect(within(list).getByText('Inactive')).toBeTruthy();
    expect(within(list).getByText(/€12\.90 · incl\. 19% tax · 3 in stock/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Load more' })).toBeTruthy();
  });

  it('sends the price in minor units and the tax rate in basis points', async () => {
    const calls = stubFetch([
      answer(endpoints.shop.adminProduct, product, { params: { id: 7 } }),
      answer(
        endpoints.shop.adminSaveProduct,
        { ...product, price: 1290, tax_rate: 700 },
        { params: { id: 7 } },
      ),
    ]);
    editProduct();
    const user = userEvent.setup();
    const price = await screen.findByRole('textbox', { name: 'Price' });
    expect((price as HTMLInputElement).value).toBe('39.90');
    await user.clear(price);
    await user.type(price, '12,90');
    const tax = screen.getByRole('textbox', { name: 'Tax rate (%)' });
    expect((tax as HTMLInputElement).value).toBe('19');
    await user.clear(tax);
    await user.type(tax, '7');
    await user.click(screen.getByRole('button', { name: 'Move option 2 up' }));
    await user.click(screen.getByRole('switch', { name: 'Unlimited stock' }));
    await user.type(screen.getByRole('textbox', { name: 'Stock' }), '25');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The product has been saved.')).toBeTruthy();
    const save = calls.find((call) => call.method === 'PUT');
    expect(save?.body).toEqual({
      name_de: 'Kapuzenpullover',
      name_en: 'Hoodie',
      description_de: '',
      description_en: '',
      price: 1290,
      currency: 'EUR',
      tax_rate: 700,
      options: [
        { id: 'm', label_de: 'M', label_en: 'M' },
        { id: 's', label_de: 'S', label_en: 'S' },
      ],
      stock: 25,
      active: true,
    });
  });

  it('refuses an amount it cannot read without a call, and shows the server’s refusals at their fields', async () => {
    const calls = stubFetch([
      answer(endpoints.shop.adminProduct, product, { params: { id: 7 } }),
      answerError(
        endpoints.shop.adminSaveProduct,
        400,
        {
          errors: [
            {
              code: 'validation_failed',
              message: 'options.1.id: option ids are unique',
              field: 'options.1.id',
            },
            { code: 'validation_failed', message: 'name_en: too long', field: 'name_en' },
          ],
        },
        { params: { id: 7 } },
      ),
    ]);
    editProduct();
    const user = userEvent.setup();
    const price = await screen.findByRole('textbox', { name: 'Price' });
    await user.clear(price);
    await user.type(price, '12,999');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Please enter an amount with at most two decimals, e.g. 12.90.')).toBeTruthy();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);

    await user.clear(price);
    await user.type(price, '12.90');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('option ids are unique')).toBeTruthy();
    const key = screen.getByRole('textbox', { name: 'Key of option 2' });
    expect(key.getAttribute('aria-invalid')).toBe('true');
    expect(key.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(key.getAttribute('aria-describedby')!)?.textContent).toBe(
      'option ids are unique',
    );
    expect(screen.getByRole('textbox', { name: 'Name (English)' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('too long')).toBeTruthy();
    expect(screen.getByText('Please check the marked fields.')).toBeTruthy();
  });

  it('offers only the moves the order’s state allows, and asks before cancelling', async () => {
    const calls = stubFetch([
      answer(endpoints.shop.adminOrder, order('placed'), { params: { id: 12 } }),
      answer(endpoints.shop.adminSetOrderState, order('cancelled'), { params: { id: 12 } }),
    ]);
    pageAs(['superadmin'], '/en_GB/admin/shop?tab=orders&order=12');
    const actions = await screen.findByRole('group', { name: 'Actions of the order' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Mark as paid', 'Cancel order']);
    expect(screen.getByRole('link', { name: 'Anna Schneider' }).getAttribute('href')).toBe(
      '/en_GB/who_is_who/3',
    );
    expect(screen.getAllByText('€79.80')).toHaveLength(3);
    expect(screen.getByText('incl. 19% tax')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(within(actions).getByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order?' });
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('The order has been cancelled.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ state: 'cancelled' });
    expect(screen.queryByRole('group', { name: 'Actions of the order' })).toBeNull();
  });

  it('offers a refund for a paid order and no move for a refunded one', async () => {
    stubFetch([answer(endpoints.shop.adminOrder, order('paid'), { params: { id: 12 } })]);
    const first = pageAs(['shop'], '/en_GB/admin/shop?tab=orders&order=12');
    const actions = await screen.findByRole('group', { name: 'Actions of the order' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Refund']);
    first.unmount();

    stubFetch([answer(endpoints.shop.adminOrder, order('refunded'), { params: { id: 12 } })]);
    pageAs(['shop'], '/en_GB/admin/shop?tab=orders&order=12');
    expect(await screen.findByRole('heading', { name: 'Order 2026-000012' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Actions of the order' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
  });

  it('lists orders of the chosen state', async () => {
    const calls = stubFetch([
      answer(
        endpoints.shop.adminOrders,
        {
          results: [
            {
              id: 12,
              number: '2026-000012',
              state: 'paid',
              currency: 'EUR',
              total: 7980,
              item_count: 2,
              created_at: '2026-12-01T10:00:00.000Z',
              customer: 'Anna Schneider',
              payment_method: 'stripe',
            },
          ],
          next_before: null,
        },
        { query: { state: 'paid' } },
      ),
    ]);
    pageAs(['shop'], '/en_GB/admin/shop?tab=orders&state=paid');
    const list = await screen.findByRole('list', { name: 'Orders' });
    expect(within(list).getByRole('link', { name: 'Order 2026-000012' }).getAttribute('href')).toBe(
      '/en_GB/admin/shop?tab=orders&state=paid&order=12',
    );
    expect(within(list).getByText(/Anna Schneider · .* · 2 items · Card \(Stripe\)/)).toBeTruthy();
    expect(calls[0]?.url).toContain('state=paid');
  });
});
