import {
  type CookieConfig,
  cookieConfigSchema,
  type Locale,
  locales,
  type NavigationItem,
  preferenceKeys,
  type Settings,
  type SettingsMenuItem,
  settingsSchema,
} from '@plaza/contract';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, badRequest } from '../../platform/errors';
import { t } from '../../platform/i18n';
import { hasPermission, isSuperadmin } from '../../platform/permissions';
import type { SessionUser } from '../../platform/request-context';
import { cachedDocument, forgetSettingsDocuments } from './document-cache';
import { defaultMenu, localizeMenu, storedNavigationItemSchema } from './menu-data';
import { settingsPolicy } from './policy';
import { type SettingsKey, settingsRepo } from './repo';

/** Preference defaults for members who never switched a toggle. */
const preferenceDefaults: Record<(typeof preferenceKeys)[number], boolean> = {
  email_notifications: true,
  push_notifications: false,
  show_online_status: true,
};

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

/**
 * The settings object with every default filled, parsed once per `SETTINGS_CACHE_MS` (document-cache.ts).
 * Callers must not change it: it is shared.
 */
export function getSettings(db: Db): Promise<Settings> {
  return cachedDocument(db, 'settings', async () => {
    const parsed = settingsSchema.safeParse((await settingsRepo.get(db, 'settings')) ?? {});
    return parsed.success ? parsed.data : settingsSchema.parse({});
  });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return Boolean(value) && typeof value === 'object' && !Array.isArray(value);
}

/** Deep-merges a patch into an object; arrays and scalars replace. */
export function deepMerge(
  base: Record<string, unknown>,
  patch: Record<string, unknown>,
): Record<string, unknown> {
  const result: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    result[key] = isPlainObject(value) && isPlainObject(base[key]) ? deepMerge(base[key], value) : value;
  }
  return result;
}

/** Changes settings: superadmins only; the merged object must be valid. */
export async function updateSettings(
  db: Db,
  user: SessionUser,
  patch: Record<string, unknown>,
): Promise<Settings> {
  if (!settingsPolicy.can(user, 'update'))
    throw new AppError(403, 'forbidden', 'Only a superadmin may change settings.');
  const current = await getSettings(db);
  const parsed = settingsSchema.safeParse(deepMerge(current, patch));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError(
      400,
      'validation_failed',
      `${issue.path.join('.')}: ${issue.message}`,
      issue.path.join('.'),
    );
  }
  await storeSettings(db, current, parsed.data);
  return parsed.data;
}

/** Sets one setting by dotted path (the operator CLI). */
export async function setSettingByPath(db: Db, dottedPath: string, value: unknown): Promise<Settings> {
  const patch: Record<string, unknown> = {};
  const parts = dottedPath.split('.');
  let cursor = patch;
  parts.forEach((part, index) => {
    if (index === parts.length - 1) cursor[part] = value;
    else cursor = cursor[part] = {} as Record<string, unknown>;
  });
  const current = await getSettings(db);
  const parsed = settingsSchema.strict().safeParse(deepMerge(current, patch));
  if (!parsed.success)
    throw badRequest(`${dottedPath}: ${parsed.error.issues[0]?.message ?? 'invalid'}`, dottedPath);
  await storeSettings(db, current, parsed.data);
  return parsed.data;
}

/** Runs after the settings are stored, with the previous and the new ones. */
export type SettingsListener = (db: Db, previous: Settings, next: Settings) => Promise<void>;

const settingsListeners = new Set<SettingsListener>();

/**
 * Subscribes to stored settings, whether they came through the API or the CLI (the users module rebuilds
 * its search documents when profile fields are switched on or off). Modules below settings cannot be
 * called from here, so they subscribe; the same listener subscribed twice runs once.
 */
export function onSettingsStored(listener: SettingsListener): void {
  settingsListeners.add(listener);
}

/** Stores the settings and tells the subscribers. */
async function storeSettings(db: Db, previous: Settings, next: Settings): Promise<void> {
  await settingsRepo.put(db, 'settings', next);
  forgetSettingsDocuments(db);
  for (const listener of settingsListeners) await listener(db, previous, next);
}

/** The main navigation of a member in a language. */
export async function navigationFor(db: Db, _user: SessionUser, locale: Locale): Promise<NavigationItem[]> {
  const menu = await cachedDocument(db, 'menu', async () => {
    const stored = z.array(storedNavigationItemSchema).safeParse(await settingsRepo.get(db, 'menu'));
    return stored.success ? stored.data : defaultMenu;
  });
  return localizeMenu(menu, locale, (key) => t(locale, key));
}

/**
 * The administration a member may open, shown in the navigation under its own heading (empty for
 * everyone else): superadmins and the users permission manage the members' accounts; superadmins the
 * CMS pages and the keys of TV displays; superadmins and the jobs permission the jobs, the shop permission
 * the shop.
 */
export function administrationMenuFor(user: SessionUser, locale: Locale): SettingsMenuItem[] {
  const link = (key: string, path: string, icon: string, title: string): SettingsMenuItem => ({
    type: 'link',
    key,
    link: path,
    title,
    icon,
    status: null,
  });
  const superadmin = isSuperadmin(user);
  return [
    ...(superadmin || hasPermission(user, 'users')
      ? [link('members', '/members', 'people', t(locale, 'menu.settings.members'))]
      : []),
    ...(superadmin ? [link('pages', '/manage_pages', 'article', t(locale, 'menu.settings.pages'))] : []),
    ...(superadmin ? [link('tv_displays', '/tv_displays', 'tv', t(locale, 'tv.admin.open_link'))] : []),
    // The jobs policy's `manage` rule (modules/jobs/policy.ts), which this lower module cannot import.
    ...(superadmin || hasPermission(user, 'jobs')
      ? [link('jobs', '/manage_jobs', 'work', t(locale, 'jobs.admin.open_link'))]
      : []),
    // The ratings policy's `manage` rule (modules/ratings/policy.ts), which this lower module cannot import.
    ...(superadmin ? [link('ratings', '/manage_ratings', 'star', t(locale, 'ratings.admin.open_link'))] : []),
    // The shop's administration rule (superadmins and the shop permission), which this lower module cannot import.
    ...(superadmin || hasPermission(user, 'shop')
      ? [link('shop', '/manage_shop', 'store', t(locale, 'shop_admin.open_link'))]
      : []),
    // Subscription options, gifts and registration topics fall under the same rule.
    ...(superadmin || hasPermission(user, 'shop')
      ? [
          link(
            'subscriptions',
            '/manage_subscriptions',
            'card_membership',
            t(locale, 'registration.admin.open_link'),
          ),
        ]
      : []),
  ];
}

/** The settings drawer of a member: links, then toggles with the member's current values. */
export async function settingsMenuFor(
  db: Db,
  user: SessionUser,
  locale: Locale,
): Promise<SettingsMenuItem[]> {
  const [settings, preferences] = await Promise.all([getSettings(db), settingsRepo.preferences(db, user.id)]);
  const link = (key: string, path: string, icon: string): SettingsMenuItem => ({
    type: 'link',
    key,
    link: path,
    title: t(locale, `menu.settings.${key}`),
    icon,
    status: null,
  });
  const links = [
    link('profile', `/who_is_who/${user.id}`, 'person'),
    link('activities', '/activity_feed', 'notifications'),
    link('follows', '/follows', 'people'),
    link('billing', '/billing', 'receipt'),
    link('change_password', '/change_password', 'lock'),
    ...(settings.single_sign_on ? [] : [link('logout', '/logout', 'logout')]),
  ];
  const toggles = preferenceKeys.map(
    (key): SettingsMenuItem => ({
      type: 'toggle',
      key,
      link: `/api/v2/menu/settings/toggles/${key}`,
      title: t(locale, `menu.settings.${key}`),
      icon: null,
      status: preferences.get(key) ?? preferenceDefaults[key],
    }),
  );
  return [...links, ...toggles];
}

/** Switches one of the member's toggles and returns the updated item. */
export async function toggleSetting(
  db: Db,
  user: SessionUser,
  locale: Locale,
  key: (typeof preferenceKeys)[number],
  status: boolean,
): Promise<SettingsMenuItem> {
  await settingsRepo.setPreference(db, user.id, key, status);
  const item = (await settingsMenuFor(db, user, locale)).find((entry) => entry.key === key);
  return item!;
}

/** Whether a member wants a kind of notification (used when features send mail or push). */
export async function wantsNotification(db: Db, userId: number, key: (typeof preferenceKeys)[number]) {
  return (await settingsRepo.preference(db, userId, key)) ?? preferenceDefaults[key];
}

/** The cookie configuration and what a consent allows: necessary always, everything with track_all. */
export async function consent(db: Db, query: { cdisc?: boolean; track_all?: boolean; categories?: string }) {
  const stored = cookieConfigSchema.safeParse(await settingsRepo.get(db, 'cookie_config'));
  const config = stored.success ? stored.data : minimalCookieConfig;
  const known = config.cookie_types.map((type) => type.id);
  const required = config.cookie_types
    .filter((type) => type.required || type.id === 1)
    .map((type) => type.id);
  const asked = (query.categories ?? '').split('-').filter(Boolean).map(Number);
  const categories = query.track_all
    ? known
    : [...new Set([...required, ...asked.filter((id) => known.includes(id))])].sort((a, b) => a - b);
  const allowed_services = config.items
    .filter((item) => categories.includes(item.cookie_type))
    .flatMap((item) => item.provider.map((provider) => provider.service_id));
  return {
    cookie_config: config,
    consent: {
      decided: Boolean(query.cdisc),
      track_all: Boolean(query.track_all),
      categories,
      allowed_services,
    },
  };
}

/** The languages this deployment offers. */
export async function languages(db: Db) {
  const settings = await getSettings(db);
  return locales
    .filter((locale) => settings.languages.includes(locale))
    .map((locale) => ({
      locale,
      name: t(locale, `menu.language_name`),
      default: locale === settings.default_language,
    }));
}

/** Stores a deployment document as given, unchecked (the seed's demo settings, menu and cookie config). */
export async function storeSettingsDocument(db: Db, key: SettingsKey, value: unknown): Promise<void> {
  await settingsRepo.put(db, key, value);
  forgetSettingsDocuments(db);
}
