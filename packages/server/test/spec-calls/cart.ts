import { call, type SpecCall } from './call';

const address = {
  gender: 'female',
  title: null,
  firstname: 'Erika',
  lastname: 'Mustermann',
  address: 'Hauptstraße',
  house_number: '5',
  address_2: null,
  address_details: null,
  zip: '10115',
  city: 'Berlin',
  country: 'DE',
  email: 'erika@example.org',
};

/**
 * Spec 7 "Cart, payments" (the cart's calls; the walk has no product, so the lines' calls answer 404,
 * the answer of a missing object).
 */
export const cartCalls: SpecCall[] = [
  call('GET carts/mine', 'GET', 'carts/mine', { as: 'member' }),
  call('POST carts/mine/items {product_id}', 'POST', 'carts/mine/items', {
    as: 'member',
    body: () => ({ product_id: 1 }),
  }),
  call('PUT carts/mine/items/{id}', 'PUT', 'carts/mine/items/1', {
    as: 'member',
    body: () => ({ option: null, quantity: 2 }),
  }),
  call('PATCH carts/mine/items/{id}', 'PATCH', 'carts/mine/items/1', {
    as: 'member',
    body: () => ({ quantity: 1 }),
  }),
  call('DELETE carts/mine/items/{id}', 'DELETE', 'carts/mine/items/1', { as: 'member' }),
  call('POST carts/mine/delivery_address', 'POST', 'carts/mine/delivery_address', {
    as: 'member',
    body: () => address,
  }),
  call('POST carts/mine/invoice_address', 'POST', 'carts/mine/invoice_address', {
    as: 'member',
    body: () => ({ ...address, separate_delivery_address: true }),
  }),
  call('GET carts/mine/countries', 'GET', 'carts/mine/countries', { as: 'member' }),
];
