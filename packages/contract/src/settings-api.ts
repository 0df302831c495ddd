import { z } from 'zod';
import { textAreas } from './constants';
import { defineEndpoint } from './endpoint';
import { listParam } from './list-param';
import { localeSchema, settingsPatchSchema, settingsSchema } from './settings';
import { text } from './text';

const localizedText = z.record(z.string(), z.string());

/** Cookie categories and their providers, shown in the cookie overlay. Category 1 is "necessary". */
export const cookieConfigSchema = z.object({
  cookie_types: z.array(
    z.object({
      id: z.number().int(),
      name: localizedText,
      description: localizedText,
      required: z.boolean(),
    }),
  ),
  items: z.array(
    z.object({
      cookie_type: z.number().int(),
      provider: z.array(
        z.object({
          name: z.string(),
          description: localizedText,
          cookies: z.array(z.string()),
          service_id: z.string(),
        }),
      ),
    }),
  ),
  provider_type_to_cookie_type_mapping: z.record(z.string(), z.number().int()),
});
export type CookieConfig = z.infer<typeof cookieConfigSchema>;

const flag = z.enum(['0', '1', 'true', 'false']).transform((value) => value === '1' || value === 'true');

/** The consent read: the stored choice as the cookies hold it. */
export const consentQuery = z.object({
  cdisc: flag.optional(),
  track_all: flag.optional(),
  /** Accepted category ids joined with '-', e.g. `1-3`. */
  categories: text()
    .regex(/^\d+(-\d+)*$/)
    .optional(),
});

export const consentResponse = z.object({
  cookie_config: cookieConfigSchema,
  consent: z.object({
    decided: z.boolean(),
    track_all: z.boolean(),
    categories: z.array(z.number().int()),
    /** Providers the member's choice allows to load. */
    allowed_services: z.array(z.string()),
  }),
});

export const languageSchema = z.object({ locale: localeSchema, name: z.string(), default: z.boolean() });

export const settingsEndpoints = {
  settings: defineEndpoint({
    method: 'GET',
    path: '/api/v2/settings',
    summary: 'The settings object that switches and brands this deployment',
    tags: ['settings'],
    access: 'public',
    response: settingsSchema,
  }),
  updateSettings: defineEndpoint({
    method: 'PUT',
    path: '/api/v2/settings',
    summary: 'Change settings (superadmin)',
    tags: ['settings'],
    access: { allow: [], permission: 'superadmin' },
    body: settingsPatchSchema,
    response: settingsSchema,
  }),
  consent: defineEndpoint({
    method: 'GET',
    path: '/api/v2/settings/consent',
    summary: 'The cookie configuration and what the given consent allows',
    tags: ['settings'],
    access: 'public',
    query: consentQuery,
    response: consentResponse,
  }),
  languages: defineEndpoint({
    method: 'GET',
    path: '/api/v2/languages',
    summary: 'Languages this deployment offers',
    tags: ['settings'],
    access: 'public',
    response: z.array(languageSchema),
  }),
  translations: defineEndpoint({
    method: 'GET',
    path: '/api/v2/languages/:locale',
    summary: 'The translation bundle of one language (only the given areas, when `areas` names some)',
    tags: ['settings'],
    access: { allow: ['public'], object: 'locale' },
    params: z.object({ locale: localeSchema }),
    query: z.object({ areas: listParam(z.enum(textAreas), { max: textAreas.length }).optional() }),
    response: z.record(z.string(), z.unknown()),
  }),
};
