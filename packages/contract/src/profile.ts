import { z } from 'zod';
import { parseBirthday } from './birthday';
import { genders, limits, profileSectionVariants, userStatuses } from './constants';
import { emailSchema, idValueSchema, nameSchema, usernameSchema } from './entities';
import { checkPostcode } from './postcodes';
import { localeSchema } from './settings';
import { optionalPlainTextField, plainTextField, text } from './text';
import { uploadedImageSchema } from './uploads';

/*
 * People: profiles, their private data (addresses, children, registration answers), custom profile
 * fields, follows and the option lists of the profile forms. Base path /api/v2.
 *
 * Visibility (designed here; the spec only names the settings):
 * - `profile_options.included_profile_<field>` switches a field off for guests: a guest (any member
 *   who is not the member themself and has neither `superadmin` nor `users`) gets NO such key, in
 *   the profile and in every other answer carrying a user (`User` of `entities.ts`).
 * - A hidden birth year (`is_birth_year_visible` false) leaves the server for nobody but the member:
 *   others, editors included, get the birthday as `--MM-DD`.
 * - Private data (addresses, children, newsletter choices, registration answers, interface
 *   language) is read and written only by the member and editors (`superadmin` or `users`).
 *
 * Variant (`variant`): `full` for the member themself, editors, and the admin view (`view=admin`,
 * editors only); `guest` otherwise. `profile_options.profile_section_variant` is passed through as
 * `section_variant` so the web picks the layout (`default` one layout for all, `variant` the reduced
 * guest layout for guests).
 *
 * Account deletion (the spec leaves it open): the member themself or an editor deletes the account
 * (only a superadmin deletes a superadmin's). The user row goes, and with it their sessions (signed
 * out everywhere at once), addresses, children, custom field values, follows, comments, likes, group
 * memberships and their own activities; what happens to their content is listed in `personal-data.ts`
 * (posts and files removed, chat messages kept without a sender, orders kept for the books, reviews
 * anonymous); groups, topics and articles stay without an author. The avatar files are removed. The
 * last superadmin cannot be deleted (409 `last_superadmin`; its profile's `deletion_blocked` says so).
 */

export const genderSchema = z.enum(genders);
export type Gender = z.infer<typeof genderSchema>;

export const userStatusSchema = z.enum(userStatuses);
export type UserStatus = z.infer<typeof userStatusSchema>;

/** Newsletters a member may subscribe to, in this order. */
export const newsletterKeys = ['company_news', 'events', 'offers'] as const;
export const newsletterKeySchema = z.enum(newsletterKeys);

/** The two addresses a member keeps (also the `:addressType` of the address calls). */
export const addressTypes = ['invoice_address', 'delivery_address'] as const;
export const addressTypeSchema = z.enum(addressTypes);
export type AddressType = z.infer<typeof addressTypeSchema>;

/** A choice of an option list: the stored `value` and its `label` in the caller's language. */
export const optionSchema = z.object({ value: z.string(), label: z.string() });
export type Option = z.infer<typeof optionSchema>;
export const optionListSchema = z.object({ options: z.array(optionSchema) });

/** Limits of the profile form. */
export const profileLimits = {
  titleMax: 60,
  positionMax: 120,
  listItemMax: 80,
  listMaxItems: 30,
  careersMax: 30,
  childrenMax: 20,
  customTextMax: 500,
  addressFieldMax: 120,
  houseNumberMax: 20,
  /** Registration answers: field keys and option values. */
  registrationValueMax: 80,
} as const;

const listSchema = z.array(plainTextField(profileLimits.listItemMax)).max(profileLimits.listMaxItems);

/** A career station; `from` and `to` are `YYYY-MM` (`to` null: until now). */
export const careerSchema = z.object({
  title: plainTextField(profileLimits.positionMax),
  company: text().trim().max(profileLimits.positionMax).default(''),
  from: text()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'YYYY-MM')
    .nullable()
    .default(null),
  to: text()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'YYYY-MM')
    .nullable()
    .default(null),
});
export type Career = z.infer<typeof careerSchema>;

export const newsletterSubscriptionSchema = z.object({ key: newsletterKeySchema, selected: z.boolean() });

/** The kinds of custom profile field. */
export const profileFieldTypes = ['text', 'select', 'multiselect'] as const;
export type ProfileFieldType = (typeof profileFieldTypes)[number];

/** A custom profile field with the member's values; labels in the caller's language. */
export const customProfileFieldSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  /** `text`: one free text; `select`: one option; `multiselect`: several options. */
  type: z.enum(profileFieldTypes),
  label: z.string(),
  options: z.array(optionSchema),
  /** Stored values: the text, or option values. */
  values: z.array(z.string()),
  /** The values as shown: option labels, or the text. */
  value_labels: z.array(z.string()),
});
export type CustomProfileField = z.infer<typeof customProfileFieldSchema>;

/**
 * A profile (GET users/:id). Keys of fields switched off by `included_profile_*` are absent for
 * guests; `birthday` is `YYYY-MM-DD`, or `--MM-DD` when the year is hidden from the viewer.
 * Private keys (`newsletter_subscriptions`, `selected_language`, `username`, `image_id`) are
 * present only when `editable`.
 */
export const profileSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  combined_name: z.string(),
  img_path: z.string().nullable(),
  /** The avatar image (for re-cropping); only when editable. */
  image_id: z.number().int().nullable().optional(),
  username: z.string().optional(),
  email: z.string().optional(),
  title: z.string().nullable().optional(),
  gender: genderSchema.nullable().optional(),
  position: z.string().nullable().optional(),
  birthday: z.string().nullable().optional(),
  is_birth_year_visible: z.boolean(),
  locations: z.array(z.string()).optional(),
  areas: z.array(z.string()).optional(),
  skills: z.array(z.string()).optional(),
  languages: z.array(z.string()).optional(),
  careers: z.array(careerSchema).optional(),
  special_tasks: z.array(z.string()).optional(),
  status: userStatusSchema.nullable(),
  /** `status` in the caller's language. */
  status_label: z.string().nullable(),
  newsletter_subscriptions: z.array(newsletterSubscriptionSchema).optional(),
  selected_language: localeSchema.optional(),
  custom_fields: z.array(customProfileFieldSchema),
  /** The viewer follows this member. */
  followed: z.boolean(),
  followers_count: z.number().int(),
  following_count: z.number().int(),
  online: z.boolean(),
  latest_activity: z.string().nullable(),
  /** Link for editors to open this profile in the admin view; null for others. */
  admin_url: z.string().nullable(),
  variant: z.enum(['full', 'guest']),
  section_variant: z.enum(profileSectionVariants),
  /** The viewer may edit this profile (self, superadmin or users permission). */
  editable: z.boolean(),
  /** The viewer may delete this account (the same people, unless `deletion_blocked` names a reason). */
  deletable: z.boolean(),
  /** Why a viewer who may edit the account cannot delete it (the last superadmin), else null. */
  deletion_blocked: z.enum(['last_superadmin']).nullable(),
  /** The viewer may start a direct chat (any other member). */
  can_message: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

/** Birthday input: DD/MM/YYYY (dash, dot or slash; two-digit years allowed); empty or null clears it. */
export const birthdayInputSchema = text()
  .trim()
  .max(20)
  .nullable()
  .refine((value) => value === null || value === '' || parseBirthday(value).ok, {
    message: 'a valid date in DD/MM/YYYY, not in the future',
  });

/** Edit a profile (PUT users/:id); every key is optional, keys left out stay as they are. */
export const updateProfileSchema = z.object({
  firstname: nameSchema.optional(),
  lastname: nameSchema.optional(),
  title: optionalPlainTextField(profileLimits.titleMax).optional(),
  gender: genderSchema.nullable().optional(),
  position: optionalPlainTextField(profileLimits.positionMax).optional(),
  birthday: birthdayInputSchema.optional(),
  is_birth_year_visible: z.boolean().optional(),
  locations: listSchema.optional(),
  areas: listSchema.optional(),
  skills: listSchema.optional(),
  languages: listSchema.optional(),
  special_tasks: listSchema.optional(),
  careers: z.array(careerSchema).max(profileLimits.careersMax).optional(),
  status: userStatusSchema.nullable().optional(),
  newsletter_subscriptions: z.array(newsletterSubscriptionSchema).max(newsletterKeys.length).optional(),
  selected_language: localeSchema.optional(),
});
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

/** An invoice or delivery address. `country` is ISO 3166-1 alpha-2 from the country options. */
export const addressSchema = z.object({
  gender: genderSchema.nullable(),
  title: z.string().nullable(),
  firstname: z.string(),
  lastname: z.string(),
  address: z.string(),
  house_number: z.string(),
  address_2: z.string().nullable(),
  address_details: z.string().nullable(),
  zip: z.string(),
  city: z.string(),
  country: z.string(),
  email: z.string().nullable(),
  /** Invoice address only: deliveries go to the separate delivery address. */
  separate_delivery_address: z.boolean(),
});
export type Address = z.infer<typeof addressSchema>;

/** The fields of an address as saved, before the per-country checks of `addressInputSchema`. */
export const addressFieldsSchema = z.object({
  gender: genderSchema.nullable().default(null),
  title: optionalPlainTextField(profileLimits.titleMax).default(null),
  firstname: plainTextField(limits.nameMaxLength),
  lastname: plainTextField(limits.nameMaxLength),
  address: plainTextField(profileLimits.addressFieldMax),
  house_number: plainTextField(profileLimits.houseNumberMax),
  address_2: optionalPlainTextField(profileLimits.addressFieldMax).default(null),
  address_details: optionalPlainTextField(profileLimits.addressFieldMax).default(null),
  zip: text()
    .trim()
    .regex(/^[A-Za-z0-9 -]{2,10}$/, 'a postal code'),
  city: plainTextField(profileLimits.addressFieldMax),
  country: text()
    .trim()
    .regex(/^[A-Z]{2}$/, 'a country code from the country options'),
  email: emailSchema.nullable().default(null),
  separate_delivery_address: z.boolean().default(false),
});

/** Save an address (POST users/:id/:addressType, the cart's address calls): the postal code fits its country. */
export const addressInputSchema = addressFieldsSchema.superRefine(checkPostcode);
export type AddressInput = z.input<typeof addressInputSchema>;

/** A child of a member; `birthday` YYYY-MM-DD (editors and the member only). */
export const childSchema = z.object({
  id: z.number().int(),
  firstname: z.string(),
  birthday: z.string().nullable(),
  gender: genderSchema.nullable(),
});
export type Child = z.infer<typeof childSchema>;

/** Replace a member's children (POST users/:id/children); `birthday` as DD/MM/YYYY input. */
export const childrenInputSchema = z.object({
  children: z
    .array(
      z.object({
        firstname: nameSchema,
        birthday: birthdayInputSchema.default(null),
        gender: genderSchema.nullable().default(null),
      }),
    )
    .max(profileLimits.childrenMax),
});

/** Set a member's custom field values (POST users/:id/custom_profile_fields); fields not named stay. */
export const customFieldValuesInputSchema = z.object({
  fields: z
    .array(
      z.object({
        id: idValueSchema,
        values: z.array(plainTextField(profileLimits.customTextMax)).max(50),
      }),
    )
    .max(100),
});

/**
 * Registration fields (designed here): questions asked at registration, answered again in the
 * profile. Option labels come from `people.registration.<key>.<value>`.
 */
export const registrationFieldDefinitions = [
  {
    key: 'interests',
    type: 'multiselect',
    options: ['digitalisation', 'sustainability', 'health', 'leadership', 'culture', 'sports'],
  },
  { key: 'referral', type: 'select', options: ['colleague', 'intranet', 'event', 'other'] },
] as const;

export const registrationFieldSchema = z.object({
  key: z.string(),
  type: z.enum(['select', 'multiselect']),
  label: z.string(),
  /** The options; `user_selected` marks the member's answers. */
  options: z.array(optionSchema.extend({ user_selected: z.boolean() })),
});
export const registrationFieldsSchema = z.object({ fields: z.array(registrationFieldSchema) });

/** Answers by field key: option values (one for `select`). Keys not named stay as they are. */
export const registrationFieldsInputSchema = z.object({
  registration_data: z.record(
    text().max(profileLimits.registrationValueMax),
    z.array(text().max(profileLimits.registrationValueMax)).max(20),
  ),
});

/** Account data (POST users/:id/user_data): login name, email and interface language. */
export const userDataInputSchema = z.object({
  username: usernameSchema.optional(),
  email: emailSchema.optional(),
  selected_language: localeSchema.optional(),
});
export const userDataSchema = z.object({
  username: z.string(),
  email: z.string(),
  selected_language: localeSchema,
});

/** Interface languages a member may choose (GET users/:id/edit_languages). */
export const editLanguagesSchema = z.object({
  selected_language: localeSchema,
  options: z.array(optionSchema),
});

/** Follow or unfollow members (PUT / DELETE users/:id/follows; `:id` is the follower, the caller). */
export const followsInputSchema = z.object({
  follows: z.array(idValueSchema).min(1).max(200),
});
export const followsResultSchema = z.object({
  /** Ids of every member the follower follows now. */
  follows: z.array(z.number().int()),
});

/** Values in use for the list fields, for suggestions while typing (GET users/list_options). */
export const listOptionsSchema = z.object({
  locations: z.array(z.string()),
  areas: z.array(z.string()),
  skills: z.array(z.string()),
  languages: z.array(z.string()),
  special_tasks: z.array(z.string()),
});
export type ListOptions = z.infer<typeof listOptionsSchema>;

/** The avatar after a crop: the shown path and the image (original for re-cropping). */
export const avatarSchema = z.object({
  img_path: z.string().nullable(),
  image: uploadedImageSchema.nullable(),
});
