import { z } from 'zod';
import { defaultLocale, directoryOrders, groupTabs, locales, profileSectionVariants } from './constants';
import { text, unstorableTextReason } from './text';

export const localeSchema = z.enum(locales);

export { groupTabs };
export const groupTabSchema = z.enum(groupTabs);

/** Profile fields whose visibility the `included_profile_*` flags switch. */
export const includedProfileFields = [
  'email',
  'birthday',
  'position',
  'locations',
  'areas',
  'careers',
  'skills',
  'languages',
  'special_tasks',
  'gender',
  'title',
] as const;

const includedProfileShape = Object.fromEntries(
  includedProfileFields.map((field) => [`included_profile_${field}`, z.boolean().default(true)]),
) as { [K in (typeof includedProfileFields)[number] as `included_profile_${K}`]: z.ZodDefault<z.ZodBoolean> };

const hexColor = text().regex(/^#[0-9a-fA-F]{6}$/, 'a colour like #1a2b3c');

/** The page ids of the CMS pages the app links to; legal pages and the landing page. */
export const pagesMapSchema = z
  .object({
    landing: z.number().int().nullable().default(null),
    terms: z.number().int().nullable().default(null),
    imprint: z.number().int().nullable().default(null),
    privacy: z.number().int().nullable().default(null),
    q_and_a: z.number().int().nullable().default(null),
  })
  .catchall(z.number().int().nullable())
  // Its own keys are free, so they follow the text rule here (the settings are stored as jsonb).
  .superRefine((pages, ctx) => {
    for (const key of Object.keys(pages)) {
      const reason = unstorableTextReason(key);
      if (reason) ctx.addIssue({ code: 'custom', message: `the key ${reason}`, path: [key], input: key });
    }
  });
export type PagesMap = z.infer<typeof pagesMapSchema>;

export const legalPageTypes = ['imprint', 'privacy', 'terms', 'q_and_a'] as const;

export const searchFieldSchema = z.object({ field_id: text(), name: text() });

export const socialLoginTypes = ['apple', 'facebook', 'google'] as const;

/** Everything that switches and brands one deployment; public (the sign-in page needs it), so no secrets. */
export const settingsSchema = z.object({
  meta_title: text().default('Plaza'),
  company: z
    .object({
      name: text().default('Plaza'),
      logo_url: text().nullable().default(null),
      favicon_url: text().nullable().default(null),
    })
    .prefault({}),
  theme_variant: z.enum(['light', 'dark']).default('light'),
  theme: z
    .object({
      primary_color: hexColor.default('#1f5fa8'),
      secondary_color: hexColor.default('#c2410c'),
    })
    .prefault({}),
  default_language: localeSchema.default(defaultLocale),
  languages: z
    .array(localeSchema)
    .min(1)
    .default([...locales]),
  author_function: z.boolean().default(false),
  show_birth_year_checkbox: z.boolean().default(true),
  group_options: z.object({ group_tabs_order: z.array(groupTabSchema).default([...groupTabs]) }).prefault({}),
  show_occasions_slider: z.boolean().default(true),
  update_group_name: z.boolean().default(true),
  show_system_notification_message: z.boolean().default(false),
  show_user_overview_contact_button: z.boolean().default(true),
  show_cookie_layer: z.boolean().default(true),
  show_company_logo: z.boolean().default(true),
  show_language_changer: z.boolean().default(true),
  show_default_group_placeholder_image: z.boolean().default(true),
  allow_posts_without_grp_and_topic: z.boolean().default(false),
  stream_options: z.object({ group_image_required: z.boolean().default(false) }).prefault({}),
  jobs_option: z.object({ receiver_email: text().default('') }).prefault({}),
  pages: pagesMapSchema.prefault({}),
  profile_options: z
    .object({
      profile_section_variant: z.enum(profileSectionVariants).default('default'),
      ...includedProfileShape,
    })
    .prefault({}),
  base_options: z
    .object({
      show_users_in_order: z.enum(directoryOrders).default('lastname'),
      show_legal_footer_on_meta: z.boolean().default(true),
    })
    .prefault({}),
  advanced_search: z
    .object({
      type: z.enum(['basic', 'extended']).default('basic'),
      fields: z.array(searchFieldSchema).default([]),
    })
    .prefault({}),
  legal_pages_order: z.array(text()).default([...legalPageTypes]),
  vapid_public_key: text().nullable().default(null),
  signup_configuration: z
    .object({
      active: z.boolean().default(false),
      type: z.enum(['basic', 'advanced']).default('basic'),
      active_login_types: z.array(z.enum(socialLoginTypes)).default([]),
    })
    .prefault({}),
  login_options: z
    .object({ login_identifier: z.enum(['username', 'email']).default('username') })
    .prefault({}),
  /** Single sign-on deployments hide the logout button. */
  single_sign_on: z.boolean().default(false),
});
export type Settings = z.infer<typeof settingsSchema>;
export type SettingsInput = z.input<typeof settingsSchema>;

const settingKeys = Object.keys(settingsSchema.shape) as [keyof Settings, ...(keyof Settings)[]];

/**
 * A partial update of the settings object by an administrator: known top-level keys only, values
 * left as sent. The server merges them into the stored settings and validates the result as a whole;
 * a `.partial()` of the settings schema would fill every missing key with its default and so reset it.
 */
export const settingsPatchSchema = z.partialRecord(z.enum(settingKeys), z.unknown());
