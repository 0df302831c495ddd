import {
  type AdminDocumentKey,
  adminLimits,
  brandContrastFailures,
  type CookieConfig,
  cookieConfigSchema,
  locales,
  menuDocumentSchema,
  type Settings,
  type StoredMenuItem,
  settingsMenuDocumentSchema,
  settingsSchema,
  textOverridesDocumentSchema,
} from '@plaza/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/errors';
import { bundleTextOf } from '../../platform/i18n';
import { cachedDocument } from './document-cache';
import { defaultMenu } from './menu-data';
import { settingsRepo } from './repo';
import { settingsMenuKeys, storedSettingsMenu } from './settings-menu';
import { getSettings } from './settings-store';

export type TextOverrides = z.infer<typeof textOverridesDocumentSchema>;

/** A cookie config with only the necessary category, for deployments that configured none. */
const minimalCookieConfig: CookieConfig = {
  cookie_types: [
    {
      id: 1,
      name: { de_DE: 'Notwendig', en_GB: 'Necessary' },
      description: { de_DE: 'Für den Betrieb nötig.', en_GB: 'Needed for the site to work.' },
      required: true,
    },
  ],
  items: [],
  provider_type_to_cookie_type_mapping: {},
};

/** 400 `validation_failed` naming the field by its path inside the document (`theme.primary_color`). */
export function invalid(path: readonly PropertyKey[], message: string): AppError {
  const field = path.map(String).join('.');
  return new AppError(400, 'validation_failed', field ? `${field}: ${message}` : message, field || undefined);
}

function parsed<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw invalid(issue.path, issue.message);
}

/** The main menu as stored, or the built-in one. */
export function storedMenu(db: Db): Promise<StoredMenuItem[]> {
  return cachedDocument(db, 'menu', async () => {
    const stored = menuDocumentSchema.safeParse(await settingsRepo.get(db, 'menu'));
    return stored.success ? stored.data : defaultMenu;
  });
}

/** The cookie configuration as stored, or one with only the necessary category. */
export async function storedCookieConfig(db: Db): Promise<CookieConfig> {
  const stored = cookieConfigSchema.safeParse(await settingsRepo.get(db, 'cookie_config'));
  return stored.success ? stored.data : minimalCookieConfig;
}

/** The customer's own texts as stored (none when never set). */
export function storedTextOverrides(db: Db): Promise<TextOverrides> {
  return cachedDocument(db, 'text_overrides', async () => {
    const stored = textOverridesDocumentSchema.safeParse(await settingsRepo.get(db, 'text_overrides'));
    return stored.success ? stored.data : {};
  });
}

/**
 * A whole settings object as the administration may store it: valid by the contract's schema, and, when
 * its colours or variant change, with brand colours that pass WCAG AA on the chosen variant (an older
 * stored failure does not block changes elsewhere).
 */
export function validSettings(value: unknown, current: Settings): Settings {
  const next = parsed(settingsSchema.strict(), value);
  const themeChanged =
    next.theme_variant !== current.theme_variant ||
    next.theme.primary_color !== current.theme.primary_color ||
    next.theme.secondary_color !== current.theme.secondary_color;
  const [failure] = themeChanged ? brandContrastFailures(next.theme, next.theme_variant) : [];
  if (failure)
    throw invalid(
      failure.field.split('.'),
      `contrast ${failure.ratio}:1 ${failure.use === 'text' ? 'as text on the page' : 'with the text on it'} in the ${next.theme_variant} variant; WCAG AA needs 4.5:1`,
    );
  return next;
}

function validSettingsMenu(value: unknown) {
  const document = parsed(settingsMenuDocumentSchema, value);
  const seen = new Set<string>();
  document.forEach((entry, index) => {
    if (!settingsMenuKeys.includes(entry.key)) throw invalid([index, 'key'], `unknown entry ${entry.key}`);
    if (seen.has(entry.key)) throw invalid([index, 'key'], `${entry.key} is named twice`);
    seen.add(entry.key);
  });
  return document;
}

const placeholders = (text: string) =>
  new Set(text.match(/\{\{\s*\w+\s*\}\}/g)?.map((p) => p.replace(/\s/g, '')));

/** Overrides of texts the built-in bundles hold, with no placeholder the built-in text lacks. */
function validTextOverrides(value: unknown): TextOverrides {
  const document = parsed(textOverridesDocumentSchema, value);
  for (const locale of locales) {
    const entries = Object.entries(document[locale] ?? {});
    if (entries.length > adminLimits.textOverridesMax)
      throw invalid([locale], `at most ${adminLimits.textOverridesMax} texts per language`);
    for (const [key, text] of entries) {
      const builtIn = bundleTextOf(locale, key);
      if (builtIn === undefined) throw invalid([locale, key], 'no such text');
      const known = placeholders(builtIn);
      const unknown = [...placeholders(text)].find((placeholder) => !known.has(placeholder));
      if (unknown) throw invalid([locale, key], `the text has no placeholder ${unknown}`);
    }
  }
  return document;
}

/** Each administered document: its current value (defaults filled) and how a new value is checked. */
export const documentValues: Record<
  AdminDocumentKey,
  { read(db: Db): Promise<unknown>; validate(db: Db, value: unknown): Promise<unknown> }
> = {
  settings: {
    read: getSettings,
    // The push key (push module) and `single_sign_on` (the sso module's providers decide it) are the
    // server's own: a replacement or an undo keeps the current ones.
    validate: async (db, value) => {
      const current = await getSettings(db);
      return {
        ...validSettings(value, current),
        vapid_public_key: current.vapid_public_key,
        single_sign_on: current.single_sign_on,
      };
    },
  },
  menu: { read: storedMenu, validate: async (_db, value) => parsed(menuDocumentSchema, value) },
  settings_menu: { read: storedSettingsMenu, validate: async (_db, value) => validSettingsMenu(value) },
  cookie_config: {
    read: storedCookieConfig,
    validate: async (_db, value) => parsed(cookieConfigSchema, value),
  },
  text_overrides: { read: storedTextOverrides, validate: async (_db, value) => validTextOverrides(value) },
};
