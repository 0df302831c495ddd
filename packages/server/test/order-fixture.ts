import type { Order, ProductData } from '@plaza/contract';
import { expect } from 'vitest';
import { createProductAs } from '../src/modules/shop';
import type { TestApp } from './app';
import { TestClient } from './client';
import { buildUser, testPassword } from './factories';

/** A valid German invoice address. */
export const testAddress = {
  firstname: 'Erika',
  lastname: 'Mustermann',
  address: 'Hauptstraße',
  house_number: '5',
  zip: '10115',
  city: 'Berlin',
  country: 'DE',
};

/** A valid German IBAN and BIC (the classic examples). */
export const testAccount = {
  account_holder: 'Erika Mustermann',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'COBADEFFXXX',
};

/** A creditor id that passes its check. */
export const testCreditorId = 'DE98ZZZ09999999999';

/** An active product (EUR, 19 %), unlimited unless `stock` is given; its id. */
export function buildProduct(t: TestApp, input: Partial<ProductData> = {}): Promise<number> {
  return createProductAs(t.db, {
    name_de: 'Tasse',
    name_en: 'Mug',
    description_de: '',
    description_en: '',
    price: 1299,
    currency: 'EUR',
    tax_rate: 1900,
    options: [],
    stock: null,
    active: true,
    ...input,
  });
}

/** A new member, signed in, speaking English. */
export async function buyer(t: TestApp, permissions: string[] = []) {
  const user = await buildUser(t.db, { permissions: permissions as never });
  const client = new TestClient(t.app);
  await client.login(user.username, testPassword);
  return { user, client };
}

const english = { headers: { 'x-locale': 'en_GB' } };

/** Puts products in the member's cart (expects success). */
export async function fillCart(client: TestClient, lines: { product_id: number; quantity?: number }[]) {
  for (const line of lines) {
    const response = await client.post('/api/v2/carts/mine/items', line, english);
    expect(response.statusCode, response.body).toBe(200);
  }
}

/** Saves the invoice address and a payment, so the cart is ready to buy. */
export async function readyCart(
  client: TestClient,
  payment: { method: string; sepa?: typeof testAccount | null } = { method: 'invoice' },
) {
  const address = await client.post('/api/v2/carts/mine/invoice_address', testAddress, english);
  expect(address.statusCode, address.body).toBe(200);
  const chosen = await client.post('/api/v2/carts/mine/payment', payment, english);
  expect(chosen.statusCode, chosen.body).toBe(200);
}

/** Buys the cart with the terms accepted (expects success); the answer. */
export async function buy(client: TestClient): Promise<{ result: 'ok'; redirect: string; order_id: number }> {
  const response = await client.post('/api/v2/payments', { agb: true }, english);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** One of the member's orders. */
export async function orderOf(client: TestClient, id: number): Promise<Order> {
  const response = await client.get(`/api/v2/orders/${id}`, english);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
