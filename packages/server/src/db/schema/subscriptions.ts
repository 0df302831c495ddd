import {
  invoiceStates,
  paymentMethods,
  shopCurrencies,
  subscriptionItemKinds,
  subscriptionPeriods,
  subscriptionStates,
} from '@plaza/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
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
import type { OrderAddressRow } from './shop';
import { images } from './uploads';
import { users } from './users';

/** A subscription a visitor may take at registration; running subscriptions keep a copy of its terms. */
export const subscriptionOptions = pgTable(
  'subscription_options',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name_de: text('name_de').notNull(),
    name_en: text('name_en').notNull(),
    description_de: text('description_de').notNull().default(''),
    description_en: text('description_en').notNull().default(''),
    /** Gross, minor units, per period. */
    price: integer('price').notNull(),
    currency: text('currency', { enum: shopCurrencies }).notNull(),
    tax_rate: integer('tax_rate').notNull(),
    period: text('period', { enum: subscriptionPeriods }).notNull(),
    minimum_term: integer('minimum_term').notNull().default(1),
    notice_days: integer('notice_days').notNull().default(0),
    active: boolean('active').notNull().default(false),
    image_id: integer('image_id').references(() => images.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subscription_options_image_idx').on(t.image_id),
    check('subscription_options_currency_check', oneOf(t.currency, shopCurrencies)),
    check('subscription_options_period_check', oneOf(t.period, subscriptionPeriods)),
    check('subscription_options_price_check', sql`${t.price} >= 0`),
  ],
);

/** A gift that comes with some subscription options; `stock` null is unlimited. */
export const gifts = pgTable(
  'gifts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name_de: text('name_de').notNull(),
    name_en: text('name_en').notNull(),
    description_de: text('description_de').notNull().default(''),
    description_en: text('description_en').notNull().default(''),
    stock: integer('stock'),
    active: boolean('active').notNull().default(false),
    image_id: integer('image_id').references(() => images.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('gifts_image_idx').on(t.image_id),
    check('gifts_stock_check', sql`${t.stock} is null or ${t.stock} >= 0`),
  ],
);

/** Which subscription options a gift comes with. */
export const giftSubscriptionOptions = pgTable(
  'gift_subscription_options',
  {
    gift_id: integer('gift_id')
      .notNull()
      .references(() => gifts.id, { onDelete: 'cascade' }),
    subscription_option_id: integer('subscription_option_id')
      .notNull()
      .references(() => subscriptionOptions.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.gift_id, t.subscription_option_id] }),
    index('gift_subscription_options_option_idx').on(t.subscription_option_id),
  ],
);

/** Topics of interest a new member may choose at registration. */
export const registrationTopics = pgTable('registration_topics', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  label_de: text('label_de').notNull(),
  label_en: text('label_en').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The registration topics a member chose. */
export const userRegistrationTopics = pgTable(
  'user_registration_topics',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topic_id: integer('topic_id')
      .notNull()
      .references(() => registrationTopics.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.topic_id] }),
    index('user_registration_topics_topic_idx').on(t.topic_id),
  ],
);

/** Single-use address confirmation links of registrations; only the SHA-256 of the mailed token is kept. */
export const emailConfirmations = pgTable(
  'email_confirmations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_confirmations_token_idx').on(t.token_hash),
    index('email_confirmations_user_idx').on(t.user_id),
    index('email_confirmations_expires_idx').on(t.expires_at),
  ],
);

/**
 * A subscription: its terms copied from the option at the start, its payment, its addresses, and where
 * it stands. `user_id` is null for a subscription not linked to a member yet (linked by `number` and
 * the invoice postcode `invoice_zip`). Renewals walk `subscriptions_renewal_idx`.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    number: text('number').notNull(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    option_id: integer('option_id').references(() => subscriptionOptions.id, { onDelete: 'set null' }),
    state: text('state', { enum: subscriptionStates }).notNull().default('pending'),
    name: text('name').notNull(),
    period: text('period', { enum: subscriptionPeriods }).notNull(),
    currency: text('currency', { enum: shopCurrencies }).notNull(),
    tax_rate: integer('tax_rate').notNull(),
    minimum_term: integer('minimum_term').notNull(),
    notice_days: integer('notice_days').notNull(),
    /** The language of its mails and invoices. */
    locale: text('locale').notNull().default('de_DE'),
    payment_method: text('payment_method', { enum: paymentMethods }).notNull(),
    sepa_account_holder: text('sepa_account_holder'),
    sepa_iban: text('sepa_iban'),
    sepa_iban_last4: text('sepa_iban_last4'),
    sepa_bic: text('sepa_bic'),
    sepa_mandate_reference: text('sepa_mandate_reference'),
    /** The card provider's subscription and customer, when it renews there. */
    provider_subscription_id: text('provider_subscription_id'),
    provider_session_id: text('provider_session_id'),
    invoice_zip: text('invoice_zip').notNull(),
    invoice_address: jsonb('invoice_address').$type<OrderAddressRow>().notNull(),
    delivery_address: jsonb('delivery_address').$type<OrderAddressRow>(),
    started_on: date('started_on', { mode: 'string' }),
    current_period_start: date('current_period_start', { mode: 'string' }),
    current_period_end: date('current_period_end', { mode: 'string' }),
    minimum_term_end: date('minimum_term_end', { mode: 'string' }),
    cancelled_on: date('cancelled_on', { mode: 'string' }),
    ends_on: date('ends_on', { mode: 'string' }),
    /** A failed renewal is tried again from this moment. */
    renewal_retry_at: timestamp('renewal_retry_at', { withTimezone: true }),
    renewal_failures: integer('renewal_failures').notNull().default(0),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_number_idx').on(t.number),
    uniqueIndex('subscriptions_provider_session_idx').on(t.provider_session_id),
    uniqueIndex('subscriptions_provider_subscription_idx').on(t.provider_subscription_id),
    index('subscriptions_user_idx').on(t.user_id, t.id.desc()),
    index('subscriptions_option_idx').on(t.option_id),
    // Running subscriptions by the end of their period: the renewal run reads those due.
    index('subscriptions_renewal_idx')
      .on(t.current_period_end, t.id)
      .where(sql`${t.state} in ('active', 'cancelled')`),
    check('subscriptions_state_check', oneOf(t.state, subscriptionStates)),
    check('subscriptions_period_check', oneOf(t.period, subscriptionPeriods)),
    check('subscriptions_currency_check', oneOf(t.currency, shopCurrencies)),
    check('subscriptions_payment_method_check', oneOf(t.payment_method, paymentMethods)),
  ],
);

/** The items of a subscription: its plan and the gift that came with it. */
export const subscriptionItems = pgTable(
  'subscription_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subscription_id: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: subscriptionItemKinds }).notNull(),
    name: text('name').notNull(),
    gift_id: integer('gift_id').references(() => gifts.id, { onDelete: 'set null' }),
    quantity: integer('quantity').notNull().default(1),
    /** The plan's quantity from the next period, when the member changed it. */
    next_quantity: integer('next_quantity'),
    unit_price: integer('unit_price').notNull(),
    shipped_at: timestamp('shipped_at', { withTimezone: true }),
  },
  (t) => [
    index('subscription_items_subscription_idx').on(t.subscription_id),
    index('subscription_items_gift_idx').on(t.gift_id),
    check('subscription_items_kind_check', oneOf(t.kind, subscriptionItemKinds)),
    check('subscription_items_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/**
 * An invoice of a subscription's period: one per subscription and period start (the unique index is
 * what keeps a renewal run twice, or on two instances, from billing twice).
 */
export const subscriptionInvoices = pgTable(
  'subscription_invoices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    number: text('number').notNull(),
    subscription_id: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    period_start: date('period_start', { mode: 'string' }).notNull(),
    period_end: date('period_end', { mode: 'string' }).notNull(),
    amount: integer('amount').notNull(),
    tax_rate: integer('tax_rate').notNull(),
    currency: text('currency', { enum: shopCurrencies }).notNull(),
    state: text('state', { enum: invoiceStates }).notNull().default('open'),
    /** The provider's reference of the charge (a card invoice's id). */
    provider_ref: text('provider_ref'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paid_at: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('subscription_invoices_number_idx').on(t.number),
    uniqueIndex('subscription_invoices_period_idx').on(t.subscription_id, t.period_start),
    index('subscription_invoices_subscription_idx').on(t.subscription_id, t.id.desc()),
    check('subscription_invoices_state_check', oneOf(t.state, invoiceStates)),
    check('subscription_invoices_currency_check', oneOf(t.currency, shopCurrencies)),
  ],
);
