import { type Locale, locales, type NavigationItem, type Settings } from '@plaza/contract';
import type { Db } from '../../db/client';
import { forbidden } from '../../platform/errors';
import { t } from '../../platform/i18n';
import type { SessionUser } from '../../platform/request-context';
import type { AuditOrigin } from '../audit';
import { forgetSettingsDocuments } from './document-cache';
import { storedCookieConfig, storedMenu, validSettings } from './document-values';
import { localizeMenu } from './menu-data';
import { settingsPolicy } from './policy';
import { type SettingsKey, settingsRepo } from './repo';
import { type DocumentChange, getSettings, storeDocument } from './settings-store';

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

/** Merges a patch into the settings and stores the result as a new version, when valid. */
async function patchSettings(
  db: Db,
  patch: Record<string, unknown>,
  change: DocumentChange,
): Promise<Settings> {
  const current = await getSettings(db);
  const next = validSettings(deepMerge(current, patch), current);
  await storeDocument(db, 'settings', next, change, current);
  return next;
}

/** Changes settings: superadmins only; the merged object must be valid (a new version, audited). */
export function updateSettings(
  db: Db,
  user: SessionUser,
  origin: AuditOrigin,
  patch: Record<string, unknown>,
): Promise<Settings> {
  if (!settingsPolicy.can(user, 'update')) throw forbidden('Only a superadmin may change settings.');
  return patchSettings(db, patch, { actor: user, origin });
}

/**
 * Sets one setting by dotted path: the operator CLI (no actor), or another module's administration for
 * the member who made the change (single sign-on sets `single_sign_on`). A new version, audited.
 */
export function setSettingByPath(
  db: Db,
  dottedPath: string,
  value: unknown,
  change: DocumentChange = { actor: null, origin: null },
): Promise<Settings> {
  const patch: Record<string, unknown> = {};
  const parts = dottedPath.split('.');
  let cursor = patch;
  parts.forEach((part, index) => {
    if (index === parts.length - 1) cursor[part] = value;
    else cursor = cursor[part] = {} as Record<string, unknown>;
  });
  return patchSettings(db, patch, change);
}

/** The main navigation of a member in a language. */
export async function navigationFor(db: Db, _user: SessionUser, locale: Locale): Promise<NavigationItem[]> {
  return localizeMenu(await storedMenu(db), locale, (key) => t(locale, key));
}

/** The cookie configuration and what a consent allows: necessary always, everything with track_all. */
export async function consent(db: Db, query: { cdisc?: boolean; track_all?: boolean; categories?: string }) {
  const config = await storedCookieConfig(db);
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
