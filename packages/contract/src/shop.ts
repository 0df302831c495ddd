import { z } from 'zod';
import { shopLimits } from './constants';
import { defineEndpoint } from './endpoint';
import { idParamsSchema, idSchema, idValueSchema } from './entities';
import { addressInputSchema, addressSchema, optionSchema } from './profile';
import { optionalPlainTextField, plainTextField, text } from './text';

/**
 * The shop (spec 1, 2 "Registration and shop", 3 Cart, Delivery address, Invoice address, Order, Shop
 * item, 4 Cart and Purchase, 7 "Cart, payments, registration, billing").
 *
 * Money is always an integer in minor units (cents) with its ISO 4217 currency; prices are gross (tax
 * included, as consumers in the EU see them) and the tax included is given per rate, on the sum of that
 * rate's lines: `round(gross * rate / (10000 + rate))` with `tax_rate` in basis points (1900 = 19 %),
 * rounded once per rate, not per line; shipping is 0. Every price,
 * tax and total is computed by the server from the catalogue; the client sends product ids, option
 * keys and quantities only.
 *
 * A product has names and descriptions in both languages; the member's calls answer them in the
 * caller's language (the other one when that is empty). `stock` null means unlimited.
 *
 * The cart (one per member) keeps lines of (product, option, quantity) and the price each line was
 * last shown at. Every cart answer reports what changed since: `price_changed` once (the answer that
 * shows the new price; a purchase then pays it), and, until the member fixes the line, `unavailable`
 * (the product was withdrawn), `option_unavailable` and `out_of_stock` (fewer left than the quantity).
 * A purchase refuses (409 `cart_changed`, with the cart) while a line has a problem or a price the
 * member has not been shown.
 *
 * The cart's addresses are the member's saved invoice and delivery addresses (`users/:id/...`); an
 * order keeps a copy as they were. The delivery address is used only when the invoice address says
 * `separate_delivery_address`.
 *
 * Orders: `placed` (bought; an invoice or a debit is due, or a card payment is under way) -> `paid` ->
 * `refunded`; `placed` -> `cancelled` (the stock goes back). The order keeps its lines with names and
 * prices as they were at purchase. Numbers read `<year>-<6 digits>` and are unique.
 */

export const shopCurrencies = ['EUR', 'CHF', 'GBP', 'USD'] as const;
export const shopCurrencySchema = z.enum(shopCurrencies);
export type ShopCurrency = z.infer<typeof shopCurrencySchema>;

/** The payment providers Plaza has; `GET payments` lists those configured on this server. */
export const paymentMethods = ['invoice', 'sepa', 'stripe'] as const;
export const paymentMethodSchema = z.enum(paymentMethods);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const orderStates = ['placed', 'paid', 'cancelled', 'refunded'] as const;
export const orderStateSchema = z.enum(orderStates);
export type OrderState = z.infer<typeof orderStateSchema>;

/** The administration's moves of an order: to `paid` (an invoice settled), `cancelled`, `refunded`. */
export const orderTransitions: Readonly<Record<OrderState, readonly OrderState[]>> = {
  placed: ['paid', 'cancelled'],
  paid: ['refunded'],
  cancelled: [],
  refunded: [],
};

/** What the cart reports about a line (`cart.errors[].code`); the texts are `shop.cart.errors.*`. */
export const cartProblems = ['price_changed', 'unavailable', 'option_unavailable', 'out_of_stock'] as const;
export type CartProblem = (typeof cartProblems)[number];

const money = z.number().int().min(0);

/** A choice of a product's option (size, edition) in the caller's language. */
export const productOptionSchema = z.object({ id: z.string(), label: z.string() });
export type ProductOption = z.infer<typeof productOptionSchema>;

/** A shop item as members see it (spec 3 "Shop item": name, image, price). */
export const shopItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** The product image (square), or null. */
  image: z.string().nullable(),
  /** Gross price in minor units. */
  price: money,
  currency: shopCurrencySchema,
  /** Basis points: 1900 = 19 %. */
  tax_rate: z.number().int(),
  /** Options the member picks one of; empty when the product has none. */
  options: z.array(productOptionSchema),
  /** False when none is left. */
  available: z.boolean(),
  /** How many are left when few are (at most `shopLimits.lowStock`), else null. */
  stock_left: z.number().int().nullable(),
});
export type ShopItem = z.infer<typeof shopItemSchema>;

/** A line of the cart with its price as the catalogue says now. */
export const cartItemSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  name: z.string(),
  image: z.string().nullable(),
  /** The chosen option, null when the product has none. */
  option: productOptionSchema.nullable(),
  /** The options the line may switch to. */
  options: z.array(productOptionSchema),
  quantity: z.number().int().min(1),
  unit_price: money,
  line_total: money,
  tax_rate: z.number().int(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

/** The tax included in a total, per rate. */
export const taxLineSchema = z.object({ rate: z.number().int(), amount: money });
export type TaxLine = z.infer<typeof taxLineSchema>;

/** Totals of a cart or an order (gross; `tax` is the share included). */
export const totalsSchema = z.object({
  /** Null while the cart is empty. */
  currency: shopCurrencySchema.nullable(),
  subtotal: money,
  shipping: money,
  tax: z.array(taxLineSchema),
  total: money,
});
export type Totals = z.infer<typeof totalsSchema>;

/** The payment the member chose; a debit shows only the last four characters of its IBAN. */
export const chosenPaymentSchema = z.object({
  method: paymentMethodSchema,
  sepa: z
    .object({ account_holder: z.string(), iban_last4: z.string(), bic: z.string().nullable() })
    .nullable(),
});
export type ChosenPayment = z.infer<typeof chosenPaymentSchema>;

export const cartSchema = totalsSchema.extend({
  items: z.array(cartItemSchema),
  /** Pieces in all (the badge on the cart button). */
  item_count: z.number().int(),
  payment: chosenPaymentSchema.nullable(),
  /** True when a purchase may go ahead: items without problems, an invoice address, a payment. */
  ready: z.boolean(),
});
export type Cart = z.infer<typeof cartSchema>;

/** What the cart reports about one of its lines. */
export const cartErrorSchema = z.object({
  code: z.enum(cartProblems),
  message: z.string(),
  item_id: z.number().int(),
});
export type CartError = z.infer<typeof cartErrorSchema>;

/** Every cart call's answer (spec 3 "Cart"): the reloaded cart, its addresses and the form's options. */
export const cartResponseSchema = z.object({
  cart: cartSchema,
  delivery_address: addressSchema.nullable(),
  invoice_address: addressSchema.nullable(),
  form_options: z.object({
    delivery_address_country_options: z.array(optionSchema),
    gender_options: z.array(optionSchema),
    invoice_address_country_options: z.array(optionSchema),
  }),
  errors: z.array(cartErrorSchema),
});
export type CartResponse = z.infer<typeof cartResponseSchema>;

const optionKeySchema = text()
  .trim()
  .regex(/^[a-z0-9_-]{1,40}$/, 'an option key (a-z, 0-9, _ and -)');

export const addCartItemSchema = z.strictObject({
  product_id: idValueSchema,
  /** Required when the product has options. */
  option: optionKeySchema.nullable().default(null),
  quantity: z.number().int().min(1).max(shopLimits.maxQuantity).default(1),
});
export type AddCartItemInput = z.input<typeof addCartItemSchema>;

/** PUT replaces option and quantity; PATCH changes what it names. */
export const updateCartItemSchema = z.strictObject({
  option: optionKeySchema.nullable().optional(),
  quantity: z.number().int().min(1).max(shopLimits.maxQuantity).optional(),
});
export type UpdateCartItemInput = z.input<typeof updateCartItemSchema>;

/** IBAN as typed (spaces allowed); checked with its checksum by the server (ibantools). */
export const sepaInputSchema = z.strictObject({
  account_holder: plainTextField(shopLimits.accountHolderMax),
  iban: text()
    .trim()
    .max(42)
    .transform((value) => value.replace(/\s+/g, '').toUpperCase()),
  bic: optionalPlainTextField(11).default(null),
});

export const paymentInputSchema = z.strictObject({
  method: paymentMethodSchema,
  /** Required for `sepa`, refused for the others. */
  sepa: sepaInputSchema.nullable().default(null),
});
export type PaymentInput = z.input<typeof paymentInputSchema>;

/** A configured payment provider (`GET payments`: the "services" of spec 7). */
export const paymentServiceSchema = z.object({ id: paymentMethodSchema, name: z.string() });

/** POST payments: `agb` must be true (terms accepted). */
export const purchaseInputSchema = z.strictObject({ agb: z.boolean() });

/** A purchase: `redirect` is where the browser goes (the order page, or the provider's checkout). */
export const purchaseResultSchema = z.object({
  result: z.literal('ok'),
  redirect: z.string().min(1),
  order_id: z.number().int(),
});

export const orderItemSchema = z.object({
  product_id: z.number().int().nullable(),
  name: z.string(),
  option: z.string().nullable(),
  quantity: z.number().int(),
  unit_price: money,
  line_total: money,
  tax_rate: z.number().int(),
});

/** An order (spec 3 "Order": its cart, frozen at purchase). */
export const orderSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  state: orderStateSchema,
  payment: chosenPaymentSchema.extend({
    /** The SEPA mandate reference of a debit. */
    mandate_reference: z.string().nullable(),
  }),
  cart: totalsSchema.extend({ currency: shopCurrencySchema, items: z.array(orderItemSchema) }),
  invoice_address: addressSchema,
  /** Null when goods go to the invoice address. */
  delivery_address: addressSchema.nullable(),
  /** ISO 8601. */
  created_at: z.string(),
  paid_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
  /** The invoice PDF's address. */
  invoice_url: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderListItemSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  state: orderStateSchema,
  currency: shopCurrencySchema,
  total: money,
  item_count: z.number().int(),
  created_at: z.string(),
});
export type OrderListItem = z.infer<typeof orderListItemSchema>;

/** A keyset page of orders: `next_before` is the `before` of the next call, null at the end. */
const orderPage = <T extends z.ZodType>(item: T) =>
  z.object({ results: z.array(item), next_before: z.number().int().nullable() });

const productOptionInputSchema = z.strictObject({
  id: optionKeySchema,
  label_de: plainTextField(shopLimits.optionLabelMax),
  label_en: plainTextField(shopLimits.optionLabelMax),
});

/** What the administration writes of a product (all but its image). */
export const productInputSchema = z
  .strictObject({
    name_de: plainTextField(shopLimits.nameMax),
    name_en: plainTextField(shopLimits.nameMax),
    description_de: text().trim().max(shopLimits.descriptionMax).default(''),
    description_en: text().trim().max(shopLimits.descriptionMax).default(''),
    price: money.max(shopLimits.maxPrice),
    currency: shopCurrencySchema,
    tax_rate: z.number().int().min(0).max(shopLimits.maxTaxRate),
    options: z.array(productOptionInputSchema).max(shopLimits.maxOptions).default([]),
    /** Null: unlimited. */
    stock: z.number().int().min(0).max(shopLimits.maxStock).nullable(),
    active: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.options.forEach((option, index) => {
      if (seen.has(option.id)) {
        ctx.addIssue({ code: 'custom', message: 'option ids are unique', path: ['options', index, 'id'] });
      }
      seen.add(option.id);
    });
  });
export type ProductInput = z.input<typeof productInputSchema>;
export type ProductData = z.output<typeof productInputSchema>;

/** A product as the administration edits it. */
export const adminProductSchema = z.object({
  id: z.number().int(),
  name_de: z.string(),
  name_en: z.string(),
  description_de: z.string(),
  description_en: z.string(),
  price: money,
  currency: shopCurrencySchema,
  tax_rate: z.number().int(),
  options: z.array(z.object({ id: z.string(), label_de: z.string(), label_en: z.string() })),
  stock: z.number().int().nullable(),
  active: z.boolean(),
  image: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

/** An order as the administration sees it: the member's order and who placed it. */
export const adminOrderSchema = orderSchema.extend({
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

export const adminOrderListItemSchema = orderListItemSchema.extend({
  customer: z.string(),
  payment_method: paymentMethodSchema,
});
export type AdminOrderListItem = z.infer<typeof adminOrderListItemSchema>;

const beforeQuery = z.object({ before: idSchema.optional() });
const success = z.object({ success: z.literal(true) });
const tags = ['shop'];
const adminTags = ['shop administration'];

export const shopEndpoints = {
  products: defineEndpoint({
    method: 'GET',
    path: '/api/v2/shop/products',
    summary: 'Active products in the caller language, in the order the administration set (newest first)',
    tags,
    access: 'user',
    response: z.object({ results: z.array(shopItemSchema) }),
  }),
  cart: defineEndpoint({
    method: 'GET',
    path: '/api/v2/carts/mine',
    summary: "The member's cart with its addresses, form options and what changed since it was last shown",
    tags,
    access: 'user',
    response: cartResponseSchema,
  }),
  addItem: defineEndpoint({
    method: 'POST',
    path: '/api/v2/carts/mine/items',
    summary: 'Add a product (a product already in the cart with that option gains the quantity)',
    tags,
    access: 'user',
    body: addCartItemSchema,
    response: cartResponseSchema,
  }),
  replaceItem: defineEndpoint({
    method: 'PUT',
    path: '/api/v2/carts/mine/items/:id',
    summary: "Set a line's option and quantity",
    tags,
    access: { allow: ['owner'], object: 'cartLine' },
    params: idParamsSchema,
    body: updateCartItemSchema,
    response: cartResponseSchema,
  }),
  updateItem: defineEndpoint({
    method: 'PATCH',
    path: '/api/v2/carts/mine/items/:id',
    summary: "Change a line's option or quantity",
    tags,
    access: { allow: ['owner'], object: 'cartLine' },
    params: idParamsSchema,
    body: updateCartItemSchema,
    response: cartResponseSchema,
  }),
  removeItem: defineEndpoint({
    method: 'DELETE',
    path: '/api/v2/carts/mine/items/:id',
    summary: 'Remove a line',
    tags,
    access: { allow: ['owner'], object: 'cartLine' },
    params: idParamsSchema,
    response: cartResponseSchema,
  }),
  deliveryAddress: defineEndpoint({
    method: 'POST',
    path: '/api/v2/carts/mine/delivery_address',
    summary: "Save the member's delivery address (postal code checked per country)",
    tags,
    access: 'user',
    body: addressInputSchema,
    response: cartResponseSchema,
  }),
  invoiceAddress: defineEndpoint({
    method: 'POST',
    path: '/api/v2/carts/mine/invoice_address',
    summary: "Save the member's invoice address; `separate_delivery_address` says whether goods go elsewhere",
    tags,
    access: 'user',
    body: addressInputSchema,
    response: cartResponseSchema,
  }),
  payment: defineEndpoint({
    method: 'POST',
    path: '/api/v2/carts/mine/payment',
    summary: 'Choose a configured payment (a debit: IBAN and BIC checked)',
    tags,
    access: 'user',
    body: paymentInputSchema,
    response: cartResponseSchema,
  }),
  countries: defineEndpoint({
    method: 'GET',
    path: '/api/v2/carts/mine/countries',
    summary: 'Countries the shop delivers to, named in the caller language (no empty codes)',
    tags,
    access: 'user',
    response: z.object({ results: z.array(optionSchema) }),
  }),
  paymentServices: defineEndpoint({
    method: 'GET',
    path: '/api/v2/payments',
    summary: 'The payment providers configured on this server (public: the registration offers them)',
    tags,
    access: 'public',
    response: z.object({ services: z.array(paymentServiceSchema) }),
  }),
  purchase: defineEndpoint({
    method: 'POST',
    path: '/api/v2/payments',
    summary: 'Buy the cart: place the order and answer where the browser goes next',
    tags,
    access: 'user',
    body: purchaseInputSchema,
    response: purchaseResultSchema,
  }),
  stripeWebhook: defineEndpoint({
    method: 'POST',
    path: '/api/v2/payments/stripe/webhook',
    summary: 'Stripe events (signed with the webhook secret; each event id counts once)',
    tags,
    access: 'public',
    response: z.object({ received: z.literal(true) }),
  }),
  orders: defineEndpoint({
    method: 'GET',
    path: '/api/v2/orders',
    summary: "The member's orders, newest first; `before` is the last id of the previous call",
    tags,
    access: 'user',
    query: beforeQuery,
    response: orderPage(orderListItemSchema),
  }),
  order: defineEndpoint({
    method: 'GET',
    path: '/api/v2/orders/:id',
    summary: "One of the member's own orders (another's answers 404)",
    tags,
    access: { allow: ['owner'], object: 'order' },
    params: idParamsSchema,
    response: orderSchema,
  }),
  invoice: defineEndpoint({
    method: 'GET',
    path: '/api/v2/orders/:id/invoice.pdf',
    summary: "The invoice of one of the member's own orders as PDF",
    tags,
    access: { allow: ['owner'], object: 'order' },
    params: idParamsSchema,
    response: z.unknown(),
  }),
  adminProducts: defineEndpoint({
    method: 'GET',
    path: '/api/v2/admin/products',
    summary: 'Products of every state, newest first; `before` is the last id of the previous call',
    tags: adminTags,
    access: { allow: [], permission: 'shop' },
    query: beforeQuery,
    response: z.object({ results: z.array(adminProductSchema), next_before: z.number().int().nullable() }),
  }),
  adminCreateProduct: defineEndpoint({
    method: 'POST',
    path: '/api/v2/admin/products',
    summary: 'Create a product',
    tags: adminTags,
    access: { allow: [], permission: 'shop' },
    body: productInputSchema,
    response: adminProductSchema,
  }),
  adminProduct: defineEndpoint({
    method: 'GET',
    path: '/api/v2/admin/products/:id',
    summary: 'A product of any state',
    tags: adminTags,
    access: { allow: [], permission: 'shop', object: 'product' },
    params: idParamsSchema,
    response: adminProductSchema,
  }),
  adminSaveProduct: defineEndpoint({
    method: 'PUT',
    path: '/api/v2/admin/products/:id',
    summary: "Save a product's fields (carts show a changed price to their members once)",
    tags: adminTags,
    access: { allow: [], permission: 'shop', object: 'product' },
    params: idParamsSchema,
    body: productInputSchema,
    response: adminProductSchema,
  }),
  adminDeleteProduct: defineEndpoint({
    method: 'DELETE',
    path: '/api/v2/admin/products/:id',
    summary: 'Delete a product (orders keep their copy of it; carts report it unavailable)',
    tags: adminTags,
    access: { allow: [], permission: 'shop', object: 'product' },
    params: idParamsSchema,
    response: success,
  }),
  adminUploadProductImage: defineEndpoint({
    method: 'POST',
    path: '/api/v2/admin/products/:id/image',
    summary: "Set the product's image (multipart, one image; checked by content, stored as a square)",
    tags: adminTags,
    access: { allow: [], permission: 'shop', object: 'product' },
    params: idParamsSchema,
    response: adminProductSchema,
  }),
  adminRemoveProductImage: defineEndpoint({
    method: 'DELETE',
    path: '/api/v2/admin/products/:id/image',
    summary: "Remove the product's image",
    tags: adminTags,
    access: { allow: [], permission: 'shop', object: 'product' },
    params: idParamsSchema,
    response: adminProductSchema,
  }),
  adminOrders: defineEndpoint({
    method: 'GET',
    path: '/api/v2/admin/orders',
    summary:
      'Every order, newest first, optionally of one state; `before` is the last id of the previous call',
    tags: adminTags,
    access: { allow: [], permission: 'shop' },
    query: beforeQuery.extend({ state: orderStateSchema.optional() }),
    response: orderPage(adminOrderListItemSchema),
  }),
  adminOrder: defineEndpoint({
    method: 'GET',
    path: '/api/v2/admin/orders/:id',
    summary: 'An order with who placed it',
    tags: adminTags,
    access: { allow: [], permission: 'shop', object: 'order' },
    params: idParamsSchema,
    response: adminOrderSchema,
  }),
  adminSetOrderState: defineEndpoint({
    method: 'POST',
    path: '/api/v2/admin/orders/:id/state',
    summary: 'Move an order along `orderTransitions` (409 otherwise); cancelling returns the stock',
    tags: adminTags,
    access: { allow: [], permission: 'shop', object: 'order' },
    params: idParamsSchema,
    body: z.strictObject({ state: orderStateSchema }),
    response: adminOrderSchema,
  }),
};
