import { locales, orderStates, paymentMethods, shopCurrencies } from '@plaza/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { oneOf } from './checks';
import { images } from './uploads';
import { users } from './users';

/** An option of a product (size, edition) with its labels. */
export interface ProductOptionRow {
  id: string;
  label_de: string;
  label_en: string;
}

/** An address as an order keeps it (the contract's `Address`). */
export type OrderAddressRow = Record<string, string | boolean | null>;

/**
 * A product of the shop catalogue. Prices are gross, in minor units of `currency`; `tax_rate` in basis
 * points; `stock` null is unlimited. Members see `active` ones, newest first (`products_active_idx`).
 */
export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name_de: text('name_de').notNull(),
    name_en: text('name_en').notNull(),
    description_de: text('description_de').notNull().default(''),
    description_en: text('description_en').notNull().default(''),
    price: integer('price').notNull(),
    currency: text('currency', { enum: shopCurrencies }).notNull(),
    tax_rate: integer('tax_rate').notNull(),
    options: jsonb('options').$type<ProductOptionRow[]>().notNull().default(sql`'[]'::jsonb`),
    stock: integer('stock'),
    active: boolean('active').notNull().default(false),
    image_id: integer('image_id').references(() => images.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_active_idx').on(t.id.desc()).where(sql`${t.active}`),
    index('products_image_idx').on(t.image_id),
    check('products_currency_check', oneOf(t.currency, shopCurrencies)),
    check('products_price_check', sql`${t.price} >= 0`),
    check('products_stock_check', sql`${t.stock} is null or ${t.stock} >= 0`),
    check('products_tax_rate_check', sql`${t.tax_rate} between 0 and 10000`),
  ],
);

/**
 * A member's cart: the chosen payment (a debit's account as typed; an order keeps only what its mandate
 * needs). The lines are `cart_items`; the addresses are the member's `user_addresses`.
 */
export const carts = pgTable(
  'carts',
  {
    user_id: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    payment_method: text('payment_method', { enum: paymentMethods }),
    sepa_account_holder: text('sepa_account_holder'),
    sepa_iban: text('sepa_iban'),
    sepa_bic: text('sepa_bic'),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('carts_payment_method_check', oneOf(t.payment_method, paymentMethods))],
);

/**
 * A line of a member's cart: one product with one option (`option_key` null when it has none).
 * `seen_price` is the unit price the member was last shown (the cart reports a change once).
 */
export const cartItems = pgTable(
  'cart_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    product_id: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    option_key: text('option_key'),
    quantity: integer('quantity').notNull(),
    seen_price: integer('seen_price').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One line per product and option in a member's cart; the lines of a cart in the order added.
    uniqueIndex('cart_items_line_idx').on(t.user_id, t.product_id, sql`coalesce(${t.option_key}, '')`),
    index('cart_items_user_idx').on(t.user_id, t.id),
    index('cart_items_product_idx').on(t.product_id),
    check('cart_items_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/**
 * A placed order: the cart frozen at purchase (lines in `order_items`, addresses as copies), its payment
 * and its state's dates. `user_id` becomes null when the member's account is deleted; the order stays
 * for the books.
 */
export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    number: text('number').notNull(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    state: text('state', { enum: orderStates }).notNull().default('placed'),
    /** The language of the member at purchase: the mails and the invoice are written in it. */
    locale: text('locale', { enum: locales }).notNull(),
    payment_method: text('payment_method', { enum: paymentMethods }).notNull(),
    sepa_account_holder: text('sepa_account_holder'),
    sepa_iban_last4: text('sepa_iban_last4'),
    sepa_bic: text('sepa_bic'),
    sepa_mandate_reference: text('sepa_mandate_reference'),
    /** The Stripe Checkout session of a card payment. */
    provider_session_id: text('provider_session_id'),
    currency: text('currency', { enum: shopCurrencies }).notNull(),
    subtotal: integer('subtotal').notNull(),
    shipping: integer('shipping').notNull().default(0),
    total: integer('total').notNull(),
    /** The tax included, per rate: `[{ rate, amount }]`. */
    tax: jsonb('tax').$type<{ rate: number; amount: number }[]>().notNull(),
    invoice_address: jsonb('invoice_address').$type<OrderAddressRow>().notNull(),
    delivery_address: jsonb('delivery_address').$type<OrderAddressRow>(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paid_at: timestamp('paid_at', { withTimezone: true }),
    cancelled_at: timestamp('cancelled_at', { withTimezone: true }),
    refunded_at: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('orders_number_idx').on(t.number),
    uniqueIndex('orders_provider_session_idx').on(t.provider_session_id),
    // A member's orders newest first; the administration's list of one state newest first.
    index('orders_user_idx').on(t.user_id, t.id.desc()),
    index('orders_state_idx').on(t.state, t.id.desc()),
    check('orders_state_check', oneOf(t.state, orderStates)),
    check('orders_locale_check', oneOf(t.locale, locales)),
    check('orders_payment_method_check', oneOf(t.payment_method, paymentMethods)),
    check('orders_currency_check', oneOf(t.currency, shopCurrencies)),
  ],
);

/** A line of an order as it was bought: the product's name and option in the order's language. */
export const orderItems = pgTable(
  'order_items',
  {
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    product_id: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    option_label: text('option_label'),
    quantity: integer('quantity').notNull(),
    unit_price: integer('unit_price').notNull(),
    tax_rate: integer('tax_rate').notNull(),
    line_total: integer('line_total').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.order_id, t.position] }),
    index('order_items_product_idx').on(t.product_id),
  ],
);

/**
 * A payment provider's event, kept by its id so a replayed or repeated delivery changes nothing twice.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider', { enum: paymentMethods }).notNull(),
    event_id: text('event_id').notNull(),
    type: text('type').notNull(),
    order_id: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    received_at: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.event_id] }),
    index('payment_events_order_idx').on(t.order_id),
  ],
);
