import { type AdminSectionKey, adminSections, type Locale, type SettingsMenuItem } from '@plaza/contract';
import { t } from '../../platform/i18n';
import { hasPermission, isSuperadmin } from '../../platform/permissions';
import type { SessionUser } from '../../platform/request-context';

const sectionIcons: Record<AdminSectionKey, string> = {
  settings: 'settings',
  branding: 'palette',
  menus: 'menu',
  texts: 'translate',
  cookies: 'cookie',
  signup: 'how_to_reg',
  sso: 'key',
  pages: 'article',
  members: 'people',
  jobs: 'work',
  ratings: 'star',
  shop: 'store',
  subscriptions: 'card_membership',
  tv: 'tv',
  history: 'history',
  audit: 'fact_check',
};

/**
 * The administration sections a member may open (contract `adminSections`, in its order): every one for
 * superadmins, otherwise those whose permission the member holds; empty for everyone else. Each links to
 * `/{lang}/admin/<key>` in the reader's language.
 */
export function administrationMenuFor(user: SessionUser, locale: Locale): SettingsMenuItem[] {
  const superadmin = isSuperadmin(user);
  return adminSections
    .filter((section) => superadmin || hasPermission(user, section.permission))
    .map((section) => ({
      type: 'link',
      key: section.key,
      link: `/${locale}/admin/${section.key}`,
      title: t(locale, `admin.sections.${section.key}`),
      icon: sectionIcons[section.key],
      status: null,
    }));
}
