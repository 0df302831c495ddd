import type { Address } from '@plaza/contract/profile';
import type { CartItem, CartResponse, Order, ShopItem } from '@plaza/contract/shop';

/** A product as `GET shop/products` lists it. */
export const product = (patch: Partial<ShopItem> = {}): ShopItem => ({
  id: 1,
  name: 'Plaza mug',
  description: 'Stoneware, 300 ml',
  image: null,
  price: 1290,
  currency: 'EUR',
  tax_rate: 1900,
  options: [],
  available: true,
  stock_left: null,
  ...patch,
});

/** A cart line. */
export const cartItem = (patch: Partial<CartItem> = {}): CartItem => ({
  id: 11,
  product_id: 1,
  name: 'Plaza mug',
  image: null,
  option: null,
  options: [],
  quantity: 2,
  unit_price: 1290,
  line_total: 2580,
  tax_rate: 1900,
  ...patch,
});

export const address: Address = {
  gender: null,
  title: null,
  firstname: 'Ada',
  lastname: 'Lovelace',
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

/** A cart answer (every cart call's), with totals as the server would send them. */
export const cartResponse = (patch: Partial<CartResponse> = {}, items = [cartItem()]): CartResponse => ({
  cart: {
    currency: items.length ? 'EUR' : null,
    subtotal: 2580,
    shipping: 490,
    tax: [{ rate: 1900, amount: 412 }],
    total: 3070,
    items,
    item_count: items.reduce((sum, item) => sum + item.quantity, 0),
    payment: null,
    ready: false,
  },
  delivery_address: null,
  invoice_address: null,
  form_options: {
    delivery_address_country_options: [
      { value: '', label: '—' },
      { value: 'DE', label: 'Germany' },
      { value: 'AT', label: 'Austria' },
    ],
    gender_options: [{ value: 'female', label: 'Ms' }],
    invoice_address_country_options: [
      { value: '', label: '—' },
      { value: 'DE', label: 'Germany' },
      { value: 'AT', label: 'Austria' },
    ],
  },
  errors: [],
  ...patch,
});

/** An order as `GET orders/:id` answers it. */
export const order = (patch: Partial<Order> = {}): Order => ({
  id: 5,
  number: '2026-000005',
  state: 'placed',
  payment: { method: 'invoice', sepa: null, mandate_reference: null },
  cart: {
    currency: 'EUR',
    subtotal: 2580,
    shipping: 490,
    tax: [{ rate: 1900, amount: 412 }],
    total: 3070,
    items: [
      {
        product_id: 1,
        name: 'Plaza mug',
        option: null,
        quantity: 2,
        unit_price: 1290,
        line_total: 2580,
        tax_rate: 1900,
      },
    ],
  },
  invoice_address: address,
  delivery_address: null,
  created_at: '2026-12-01T10:00:00.000Z',
  paid_at: null,
  cancelled_at: null,
  refunded_at: null,
  invoice_url: '/api/v2/orders/5/invoice.pdf',
  ...patch,
});
