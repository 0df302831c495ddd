import { z } from 'zod';
import { registrationLimits } from './constants';
import { defineEndpoint } from './endpoint';
import { emailSchema, idParamsSchema, idValueSchema, passwordSchema } from './entities';
import { checkPostcode } from './postcodes';
import { addressFieldsSchema, addressInputSchema, birthdayInputSchema, newsletterKeySchema } from './profile';
import { paymentInputSchema, shopCurrencySchema } from './shop';
import { plainTextField, text } from './text';

/**
 * Registration (spec 1, 2 "Registration and shop", 3 "Registration data", 7), honouring the settings'
 * `signup_configuration`: nothing is open while `active` is false (404). `basic` creates an account;
 * `advanced` also takes a subscription (and a gift that comes with it), personal data, addresses and the
 * payment.
 *
 * `POST users/new` answers the same for every address (202 `{ result: 'ok' }`), so the flow reveals no
 * members: a new address gets an unconfirmed account and a single-use confirmation link by mail; an
 * address already registered gets a mail saying so (with the sign-in and password-reset links) and
 * nothing is created. The username is made from the address (the confirmation mail names it), so no
 * "username taken" answer tells anything either. An unconfirmed account cannot sign in
 * (`email_not_confirmed`, told only after the right password).
 *
 * Opening the link (`/{lang}/registration/confirm?token=`) calls `POST registration/confirm`: the
 * account is confirmed and its subscription starts; a subscription paid by card answers the provider's
 * checkout as `redirect` (paid there, confirmed by its webhook). A used, unknown or expired link is one
 * answer (400 `confirmation_link_invalid`).
 *
 * Subscriber numbers (8 digits) link an existing subscription (one without a member, e.g. taken over
 * from a print subscriber base) with its invoice postcode: at registration (`subscriber_number`) or
 * later (`POST registration/{subscriberNumber}`). A wrong number or postcode is one answer (422
 * `subscription_not_found`) and the attempts are rate-limited.
 */

export const subscriptionPeriods = ['month', 'quarter', 'year'] as const;
export const subscriptionPeriodSchema = z.enum(subscriptionPeriods);
export type SubscriptionPeriod = z.infer<typeof subscriptionPeriodSchema>;

/** An 8-digit subscriber number. */
export const subscriberNumberSchema = text()
  .trim()
  .regex(/^\d{8}$/, 'an 8-digit subscriber number');

/** A subscription option as a visitor sees it (`GET shop/subscription_options`), in the caller's language. */
export const subscriptionOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  /** Gross price per period in minor units. */
  price: z.number().int().min(0),
  currency: shopCurrencySchema,
  tax_rate: z.number().int(),
  period: subscriptionPeriodSchema,
  /** Periods the subscription runs at least. */
  minimum_term: z.number().int().min(1),
  /** Days' notice a cancellation needs before a period ends. */
  notice_days: z.number().int().min(0),
});
export type SubscriptionOption = z.infer<typeof subscriptionOptionSchema>;

/** A gift that comes with some subscription options (`GET shop/gifts`). */
export const giftSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  /** The options the gift comes with. */
  subscription_option_ids: z.array(z.number().int()),
  /** False when none is left. */
  available: z.boolean(),
});
export type Gift = z.infer<typeof giftSchema>;

/** A topic of interest a new member may choose (`GET registration/topics`). */
export const registrationTopicSchema = z.object({ id: z.number().int(), label: z.string() });

/** Personal data of the registration (spec 2: topics, newsletter_subscription, birthday). */
export const personalDataSchema = z.strictObject({
  topics: z.array(idValueSchema).max(registrationLimits.maxTopics).default([]),
  /** The newsletters chosen (keys of `newsletterKeys`). */
  newsletter_subscription: z.array(newsletterKeySchema).max(10).default([]),
  /** DD/MM/YYYY or DD.MM.YYYY, or null. */
  birthday: birthdayInputSchema.default(null),
});
export type PersonalDataInput = z.input<typeof personalDataSchema>;

/** The invoice address of a registration: the address, the account's email (required) and password. */
export const registrationInvoiceAddressSchema = addressFieldsSchema
  .extend({ email: emailSchema, password: passwordSchema })
  .superRefine(checkPostcode);

/**
 * `POST users/new` (spec 3 "Registration data"). Basic sign-up: `agb` and `invoice_address`. Advanced:
 * also `subscription_id` (with `gift_id` of a gift it comes with), `delivery_address` (when the invoice
 * address says `separate_delivery_address`), `payment` and `personal_data`. `subscriber_number` links an
 * existing subscription instead of taking a new one.
 */
export const registrationInputSchema = z.strictObject({
  agb: z.boolean(),
  invoice_address: registrationInvoiceAddressSchema,
  delivery_address: addressInputSchema.nullable().default(null),
  subscription_id: idValueSchema.nullable().default(null),
  gift_id: idValueSchema.nullable().default(null),
  payment: paymentInputSchema.nullable().default(null),
  personal_data: personalDataSchema.nullable().default(null),
  subscriber_number: subscriberNumberSchema.nullable().default(null),
  /** The language of the mails and the account. */
  selected_language: z.enum(['de_DE', 'en_GB']).optional(),
});
export type RegistrationInput = z.input<typeof registrationInputSchema>;

export const registrationAcceptedSchema = z.object({ result: z.literal('ok'), message: z.string() });

export const confirmRegistrationSchema = z.strictObject({
  token: text().trim().min(16).max(200),
});

export const confirmedRegistrationSchema = z.object({
  result: z.literal('ok'),
  /** The provider's checkout for a subscription paid by card, else null (the member signs in). */
  redirect: z.string().nullable(),
});

const linkSubscriptionSchema = z.strictObject({ zip: text().trim().min(2).max(10) });
const subscriberNumberParams = z.object({ subscriberNumber: subscriberNumberSchema });

/** Administration of subscription options, gifts and registration topics (superadmins, `shop`). */
export const subscriptionOptionInputSchema = z.strictObject({
  name_de: plainTextField(registrationLimits.nameMax),
  name_en: plainTextField(registrationLimits.nameMax),
  description_de: text().trim().max(registrationLimits.descriptionMax).default(''),
  description_en: text().trim().max(registrationLimits.descriptionMax).default(''),
  price: z.number().int().min(0).max(registrationLimits.maxPrice),
  currency: shopCurrencySchema,
  tax_rate: z.number().int().min(0).max(5_000),
  period: subscriptionPeriodSchema,
  minimum_term: z.number().int().min(1).max(registrationLimits.maxMinimumTerm),
  notice_days: z.number().int().min(0).max(registrationLimits.maxNoticeDays),
  active: z.boolean().default(false),
});
export type SubscriptionOptionInput = z.input<typeof subscriptionOptionInputSchema>;

export const adminSubscriptionOptionSchema = z.object({
  id: z.number().int(),
  name_de: z.string(),
  name_en: z.string(),
  description_de: z.string(),
  description_en: z.string(),
  price: z.number().int(),
  currency: shopCurrencySchema,
  tax_rate: z.number().int(),
  period: subscriptionPeriodSchema,
  minimum_term: z.number().int(),
  notice_days: z.number().int(),
  active: z.boolean(),
  image: z.string().nullable(),
});
export type AdminSubscriptionOption = z.infer<typeof adminSubscriptionOptionSchema>;

export const giftInputSchema = z.strictObject({
  name_de: plainTextField(registrationLimits.nameMax),
  name_en: plainTextField(registrationLimits.nameMax),
  description_de: text().trim().max(registrationLimits.descriptionMax).default(''),
  description_en: text().trim().max(registrationLimits.descriptionMax).default(''),
  /** Null: unlimited. */
  stock: z.number().int().min(0).max(1_000_000).nullable(),
  subscription_option_ids: z.array(idValueSchema).max(registrationLimits.maxOptions).default([]),
  active: z.boolean().default(false),
});
export type GiftInput = z.input<typeof giftInputSchema>;

export const adminGiftSchema = z.object({
  id: z.number().int(),
  name_de: z.string(),
  name_en: z.string(),
  description_de: z.string(),
  description_en: z.string(),
  stock: z.number().int().nullable(),
  subscription_option_ids: z.array(z.number().int()),
  active: z.boolean(),
  image: z.string().nullable(),
});
export type AdminGift = z.infer<typeof adminGiftSchema>;

export const registrationTopicInputSchema = z.strictObject({
  label_de: plainTextField(registrationLimits.topicLabelMax),
  label_en: plainTextField(registrationLimits.topicLabelMax),
});
export const adminRegistrationTopicSchema = z.object({
  id: z.number().int(),
  label_de: z.string(),
  label_en: z.string(),
});

const tags = ['registration'];
const adminTags = ['registration administration'];
const success = z.object({ success: z.literal(true) });
const list = <T extends z.ZodType>(item: T) => z.object({ results: z.array(item) });

export const registrationEndpoints = {
  subscriptionOptions: defineEndpoint({
    method: 'GET',
    path: '/api/v2/shop/subscription_options',
    summary: 'The active subscription options, in the caller language (404 while sign-up is off)',
    tags,
    access: 'public',
    response: list(subscriptionOptionSchema),
  }),
  gifts: defineEndpoint({
    method: 'GET',
    path: '/api/v2/shop/gifts',
    summary: 'The active gifts with the options they come with (404 while sign-up is off)',
    tags,
    access: 'public',
    response: list(giftSchema),
  }),
  topics: defineEndpoint({
    method: 'GET',
    path: '/api/v2/registration/topics',
    summary: 'Topics of interest a new member may choose (404 while sign-up is off)',
    tags,
    access: 'public',
    response: list(registrationTopicSchema),
  }),
  register: defineEndpoint({
    method: 'POST',
    path: '/api/v2/users/new',
    summary: 'Register: the same answer for every address; a new one gets a confirmation link by mail',
    tags,
    access: 'public',
    body: registrationInputSchema,
    response: registrationAcceptedSchema,
    status: 202,
  }),
  confirm: defineEndpoint({
    method: 'POST',
    path: '/api/v2/registration/confirm',
    summary: 'Confirm an account with the mailed link (single use, expiring); starts its subscription',
    tags,
    access: 'public',
    body: confirmRegistrationSchema,
    response: confirmedRegistrationSchema,
  }),
  linkSubscription: defineEndpoint({
    method: 'POST',
    path: '/api/v2/registration/:subscriberNumber',
    summary: 'Link an existing subscription to the signed-in member by its number and invoice postcode',
    tags,
    access: { allow: ['member'], object: 'subscriberNumber' },
    params: subscriberNumberParams,
    body: linkSubscriptionSchema,
    response: success,
  }),
  userData: defineEndpoint({
    method: 'POST',
    path: '/api/v2/registration/user_data',
    summary: "Set the signed-in member's topics, newsletters and birthday",
    tags,
    access: 'user',
    body: personalDataSchema,
    response: success,
  }),
  adminOptions: defineEndpoint({
    method: 'GET',
    path: '/api/v2/admin/subscription_options',
    summary: 'Every subscription option',
    tags: adminTags,
    access: { allow: [], permission: 'shop' },
    response: list(adminSubscriptionOptionSchema),
  }),
  adminCreateOption: defineEndpoint({
    method: 'POST',
    path: '/api/v2/admin/subscription_options',
    summary: 'Create a subscription option',
    tags: adminTags,
    access: { allow: [], permission: 'shop' },
    body: subscriptionOptionInputSchema,
    response: adminSubscriptionOptionSchema,
  }),
  adminSaveOption: defineEndpoint({
    method: 'PUT',
    path: '/api/v2/admin/subscription_options/:id',
    summary: 'Save a subscription option (running subscriptions keep their price and terms)',
    tags: adminTags,
    access: { allow: [], permission: 'shop', object: 'subscriptionOption' },
    params: idParamsSchema,
    body: subscriptionOptionInputSchema,
    response: adminSubscriptionOptionSchema,
  }),
  adminDeleteOption: defineEndpoint({
    method: 'DELETE',
    path: '/api/v2/admin/subscription_options/:id',
    summary: 'Delete an option no subscription uses (409 otherwise: deactivate it)',
    tags: adminTags,
    access: { allow: [], permission: 'shop', object: 'subscriptionOption' },
    params: idParamsSchema,
    response: success,
  }),
  adminOptionImage: defineEndpoint({
    method: 'POST',
    path: '/api/v2/admin/subscription_options/:id/image',
    summary: "Set the option's image (multipart, checked by content)",
    tags: adminTags,
    access: { allow: [], permission: 'shop', object: 'subscriptionOption' },
    params: idParamsSchema,
    response: adminSubscriptionOptionSchema,
  }),
  adminGifts: defineEndpoint({
    method: 'GET',
    path: '/api/v2/admin/gifts',
    summary: 'Every gift',
    tags: adminTags,
    access: { allow: [], permission: 'shop' },
    response: list(adminGiftSchema),
  }),
  adminCreateGift: defineEndpoint({
    method: 'POST',
    path: '/api/v2/admin/gifts',
    summary: 'Create a gift',
    tags: adminTags,
    access: { allow: [], permission: 'shop' },
    body: giftInputSchema,
    response: adminGiftSchema,
  }),
  adminSaveGift: defineEndpoint({
    method: 'PUT',
    path: '/api/v2/admin/gifts/:id',
    summary: 'Save a gift',
    tags: adminTags,
    access: { allow: [], permission: 'shop', object: 'gift' },
    params: idParamsSchema,
    body: giftInputSchema,
    response: adminGiftSchema,
  }),
  adminDeleteGift: defineEndpoint({
    method: 'DELETE',
    path: '/api/v2/admin/gifts/:id',
    summary: 'Delete a gift (subscriptions keep their copy of its name)',
    tags: adminTags,
    access: { allow: [], permission: 'shop', object: 'gift' },
    params: idParamsSchema,
    response: success,
  }),
  adminGiftImage: defineEndpoint({
    method: 'POST',
    path: '/api/v2/admin/gifts/:id/image',
    summary: "Set the gift's image (multipart, checked by content)",
    tags: adminTags,
    access: { allow: [], permission: 'shop', object: 'gift' },
    params: idParamsSchema,
    response: adminGiftSchema,
  }),
  adminTopics: defineEndpoint({
    method: 'GET',
    path: '/api/v2/admin/registration_topics',
    summary: 'Every registration topic',
    tags: adminTags,
    access: { allow: [], permission: 'shop' },
    response: list(adminRegistrationTopicSchema),
  }),
  adminCreateTopic: defineEndpoint({
    method: 'POST',
    path: '/api/v2/admin/registration_topics',
    summary: 'Create a registration topic',
    tags: adminTags,
    access: { allow: [], permission: 'shop' },
    body: registrationTopicInputSchema,
    response: adminRegistrationTopicSchema,
  }),
  adminSaveTopic: defineEndpoint({
    method: 'PUT',
    path: '/api/v2/admin/registration_topics/:id',
    summary: 'Rename a registration topic',
    tags: adminTags,
    access: { allow: [], permission: 'shop', object: 'registrationTopic' },
    params: idParamsSchema,
    body: registrationTopicInputSchema,
    response: adminRegistrationTopicSchema,
  }),
  adminDeleteTopic: defineEndpoint({
    method: 'DELETE',
    path: '/api/v2/admin/registration_topics/:id',
    summary: "Delete a registration topic (members' choices of it go too)",
    tags: adminTags,
    access: { allow: [], permission: 'shop', object: 'registrationTopic' },
    params: idParamsSchema,
    response: success,
  }),
};
