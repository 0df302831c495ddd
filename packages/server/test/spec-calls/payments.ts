import { call, type SpecCall } from './call';

/**
 * Spec 7 "Cart, payments": the payment choice, the configured services, the purchase (the walk's cart
 * is empty: 409 `cart_empty`, the spec's failure answer) and an order (none of the member's: 404).
 */
export const paymentCalls: SpecCall[] = [
  call('POST carts/mine/payment', 'POST', 'carts/mine/payment', {
    as: 'member',
    body: () => ({ method: 'invoice' }),
  }),
  call('GET payments (services)', 'GET', 'payments', { as: 'member' }),
  call('POST payments {agb}', 'POST', 'payments', { as: 'member', body: () => ({ agb: true }) }),
  call('GET orders/{id}', 'GET', 'orders/1', { as: 'member' }),
];
