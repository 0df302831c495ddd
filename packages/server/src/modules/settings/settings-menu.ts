import {
  type Locale,
  preferenceKeys,
  type SettingsMenuItem,
  settingsMenuDocumentSchema,
} from '@plaza/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { t } from '../../platform/i18n';
import type { SessionUser } from '../../platform/request-context';
import { cachedDocument } from './document-cache';
import { settingsRepo } from './repo';
import { getSettings } from './settings-store';

export type SettingsMenuDocument = z.infer<typeof settingsMenuDocumentSchema>;

/** Preference defaults for members who never switched a toggle. */
const preferenceDefaults: Record<(typeof preferenceKeys)[number], boolean> = {
  email_notifications: true,
  push_notifications: false,
  show_online_status: true,
};

/** The drawer's links (key, address, icon) in their built-in order; the toggles follow. */
const settingsLinks = (userId: number) =>
  [
    ['profile', `/who_is_who/${userId}`, 'person'],
    ['activities', '/activity_feed', 'notifications'],
    ['follows', '/follows', 'people'],
    ['billing', '/billing', 'receipt'],
    ['change_password', '/change_password', 'lock'],
    ['logout', '/logout', 'logout'],
  ] as const;

/** Every entry of the drawer, in the built-in order: what the `settings_menu` document orders and hides. */
export const settingsMenuKeys: readonly string[] = [
  ...settingsLinks(0).map(([key]) => key),
  ...preferenceKeys,
];

/** The `settings_menu` document of a deployment that stored none: every entry, shown, in built-in order. */
export const defaultSettingsMenu: SettingsMenuDocument = settingsMenuKeys.map((key) => ({
  key,
  hidden: false,
}));

/** A toggle of the drawer with the member's value. */
function toggleItem(locale: Locale, key: (typeof preferenceKeys)[number], status: boolean): SettingsMenuItem {
  return {
    type: 'toggle',
    key,
    link: `/api/v2/menu/settings/toggles/${key}`,
    title: t(locale, `menu.settings.${key}`),
    icon: null,
    status,
  };
}

/** The stored order and visibility, parsed once per instance while fresh. */
export function storedSettingsMenu(db: Db): Promise<SettingsMenuDocument> {
  return cachedDocument(db, 'settings_menu', async () => {
    const stored = settingsMenuDocumentSchema.safeParse(await settingsRepo.get(db, 'settings_menu'));
    return stored.success ? stored.data : defaultSettingsMenu;
  });
}

/**
 * The settings drawer of a member: links, then toggles with the member's current values, in the order of
 * the `settings_menu` document (entries it does not name keep their built-in place after it), without the
 * hidden ones; logout is hidden too while single sign-on is on.
 */
export async function settingsMenuFor(
  db: Db,
  user: SessionUser,
  locale: Locale,
): Promise<SettingsMenuItem[]> {
  const [settings, preferences, document] = await Promise.all([
    getSettings(db),
    settingsRepo.preferences(db, user.id),
    storedSettingsMenu(db),
  ]);
  const links = settingsLinks(user.id).map(
    ([key, link, icon]): SettingsMenuItem => ({
      type: 'link',
      key,
      link,
      title: t(locale, `menu.settings.${key}`),
      icon,
      status: null,
    }),
  );
  const toggles = preferenceKeys.map((key) =>
    toggleItem(locale, key, preferences.get(key) ?? preferenceDefaults[key]),
  );
  const hidden = new Set(document.filter((entry) => entry.hidden).map((entry) => entry.key));
  if (settings.single_sign_on) hidden.add('logout');
  const position = new Map(document.map((entry, index) => [entry.key, index]));
  const place = (item: SettingsMenuItem, builtIn: number) =>
    position.get(item.key) ?? document.length + builtIn;
  return [...links, ...toggles]
    .map((item, builtIn) => ({ item, at: place(item, builtIn) }))
    .sort((a, b) => a.at - b.at)
    .map(({ item }) => item)
    .filter((item) => !hidden.has(item.key));
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
  return toggleItem(locale, key, status);
}
