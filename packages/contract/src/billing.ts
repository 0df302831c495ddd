import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { idParamsSchema, idSchema } from './entities';
import { subscriptionPeriodSchema } from './registration';
import { chosenPaymentSchema, shopCurrencySchema } from './shop';

/**
 * Billing (spec 1 "a billing view of the user's own subscription", 7: under `/billing-api/v1/`). Every
 * call is limited to the signed-in member's own subscriptions; another's answers 404.
 *
 * States: `pending` (registered, awaiting the address confirmation or the card payment) -> `active` ->
 * `cancelled` (notice given: it runs until `ends_at`) -> `ended`. A cancellation ends the subscription at
 * the end of the first period that ends at least `notice_days` after the day of notice and not before
 * the minimum term (`earliest_end` says when a cancellation today would end it).
 *
 * Items: the plan (`plan`: its quantity, e.g. copies, may change from the next period; it cannot be
 * removed: cancel instead) and the gift (`gift`: free, delivered once; may be declined, i.e. removed,
 * until it is shipped with the first renewal).
 *
 * Renewals: the housekeeping scheduler bills each running subscription once per period (an invoice per
 * subscription and period start, unique, so a second run or a second instance charges nothing twice;
 * a failed charge is retried later). Card subscriptions are renewed by the provider and recorded from
 * its webhook.
 */

export const subscriptionStates = ['pending', 'active', 'cancelled', 'ended'] as const;
export const subscriptionStateSchema = z.enum(subscriptionStates);
export type SubscriptionState = z.infer<typeof subscriptionStateSchema>;

export const subscriptionItemKinds = ['plan', 'gift'] as const;

export const invoiceStates = ['open', 'paid', 'failed'] as const;
export const invoiceStateSchema = z.enum(invoiceStates);

export const subscriptionItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(subscriptionItemKinds),
  name: z.string(),
  quantity: z.number().int().min(1),
  /** Gross price per period and piece in minor units (0 for a gift). */
  unit_price: z.number().int().min(0),
  /** The quantity billed from the next period, when it was changed. */
  next_quantity: z.number().int().nullable(),
  /** Whether PUT may change its quantity, whether DELETE may remove it. */
  editable: z.boolean(),
  removable: z.boolean(),
});
export type SubscriptionItem = z.infer<typeof subscriptionItemSchema>;

export const subscriptionSchema = z.object({
  id: z.number().int(),
  /** The 8-digit subscriber number. */
  number: z.string(),
  state: subscriptionStateSchema,
  name: z.string(),
  period: subscriptionPeriodSchema,
  currency: shopCurrencySchema,
  /** Gross price of one period as billed now (the plan's quantity times its price). */
  price: z.number().int().min(0),
  items: z.array(subscriptionItemSchema),
  payment: chosenPaymentSchema.extend({ mandate_reference: z.string().nullable() }),
  /** YYYY-MM-DD dates; null where they do not apply yet. */
  started_on: z.string().nullable(),
  current_period_start: z.string().nullable(),
  current_period_end: z.string().nullable(),
  minimum_term_end: z.string().nullable(),
  cancelled_on: z.string().nullable(),
  ends_on: z.string().nullable(),
  /** The day a cancellation today would end it; null when it cannot be cancelled (any more). */
  earliest_end: z.string().nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const subscriptionInvoiceSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  state: invoiceStateSchema,
  period_start: z.string(),
  period_end: z.string(),
  amount: z.number().int().min(0),
  currency: shopCurrencySchema,
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** The invoice PDF's address. */
  pdf_url: z.string(),
});
export type SubscriptionInvoice = z.infer<typeof subscriptionInvoiceSchema>;

const itemParams = z.object({ id: idSchema });
const tags = ['billing'];

export const billingEndpoints = {
  mine: defineEndpoint({
    method: 'GET',
    path: '/billing-api/v1/subscriptions/mine',
    summary: "The signed-in member's subscriptions, newest first (running ones before ended ones)",
    tags,
    access: 'user',
    response: z.object({ results: z.array(subscriptionSchema) }),
  }),
  cancel: defineEndpoint({
    method: 'DELETE',
    path: '/billing-api/v1/subscriptions/:id',
    summary: 'Give notice: the subscription runs until `ends_on` (409 when it is not running)',
    tags,
    access: { allow: ['owner'], object: 'subscription' },
    params: idParamsSchema,
    response: subscriptionSchema,
  }),
  invoices: defineEndpoint({
    method: 'GET',
    path: '/billing-api/v1/subscriptions/:id/invoices',
    summary: "A subscription's invoices, newest first; `before` is the last id of the previous call",
    tags,
    access: { allow: ['owner'], object: 'subscription' },
    params: idParamsSchema,
    query: z.object({ before: idSchema.optional() }),
    response: z.object({
      results: z.array(subscriptionInvoiceSchema),
      next_before: z.number().int().nullable(),
    }),
  }),
  invoicePdf: defineEndpoint({
    method: 'GET',
    path: '/billing-api/v1/invoices/:id.pdf',
    summary: "An invoice of one of the member's subscriptions as PDF",
    tags,
    access: { allow: ['owner'], object: 'subscriptionInvoice' },
    params: idParamsSchema,
    response: z.unknown(),
  }),
  item: defineEndpoint({
    method: 'GET',
    path: '/billing-api/v1/subscription_items/:id',
    summary: "An item of one of the member's subscriptions",
    tags,
    access: { allow: ['owner'], object: 'subscriptionItem' },
    params: itemParams,
    response: subscriptionItemSchema,
  }),
  updateItem: defineEndpoint({
    method: 'PUT',
    path: '/billing-api/v1/subscription_items/:id',
    summary: "Change the plan's quantity from the next period (409 for a gift or an ended subscription)",
    tags,
    access: { allow: ['owner'], object: 'subscriptionItem' },
    params: itemParams,
    body: z.strictObject({ quantity: z.number().int().min(1).max(10) }),
    response: subscriptionItemSchema,
  }),
  removeItem: defineEndpoint({
    method: 'DELETE',
    path: '/billing-api/v1/subscription_items/:id',
    summary: 'Decline a gift not shipped yet (409 for the plan: cancel the subscription instead)',
    tags,
    access: { allow: ['owner'], object: 'subscriptionItem' },
    params: itemParams,
    response: z.object({ success: z.literal(true) }),
  }),
};
