import type { AdminSectionKey } from '@plaza/contract';
import type { RouteObject } from 'react-router';
import { type LazyPage, page, titled } from './lazy-page';

/**
 * The pages of a section: `main` at `/{lang}/admin/<key>`, and each of `sub` at its path below it
 * (`:id` gives the page `useParams().id`). Titles are text keys (the tab's title while a page loads).
 */
function section(title: string, main: LazyPage, sub: Record<string, [title: string, LazyPage]> = {}) {
  return [
    { index: true, handle: titled(title), lazy: main },
    ...Object.entries(sub).map(([path, [subTitle, lazy]]) => ({ path, handle: titled(subTitle), lazy })),
  ] satisfies RouteObject[];
}

/**
 * The section registry: each administration section (contract `adminSections`) and its lazy pages.
 * Add a section with one line; the layout (features/admin/admin-layout.tsx) shows the sections the
 * session's `administrationRoutes` lists and refuses the others, so a page needs no permission check of
 * its own for opening (its calls are checked by the server). A listed section without a line here is
 * not found.
 */
const sections: Partial<Record<AdminSectionKey, RouteObject[]>> = {
  settings: section(
    'admin-settings.settings.title',
    page(
      'features/admin-settings/settings-page',
      () => import('../features/admin-settings/settings-page'),
      'SettingsPage',
    ),
  ),
  branding: section(
    'admin-settings.branding.title',
    page(
      'features/admin-settings/branding-page',
      () => import('../features/admin-settings/branding-page'),
      'BrandingPage',
    ),
  ),
  menus: section(
    'admin-settings.menus.title',
    page(
      'features/admin-settings/menus-page',
      () => import('../features/admin-settings/menus-page'),
      'MenusPage',
    ),
  ),
  texts: section(
    'admin-settings.texts.title',
    page(
      'features/admin-settings/texts-page',
      () => import('../features/admin-settings/texts-page'),
      'TextsPage',
    ),
  ),
  cookies: section(
    'admin-settings.cookies.title',
    page(
      'features/admin-settings/cookies-page',
      () => import('../features/admin-settings/cookies-page'),
      'CookiesPage',
    ),
  ),
  signup: section(
    'admin-settings.signup.title',
    page(
      'features/admin-settings/signup-page',
      () => import('../features/admin-settings/signup-page'),
      'SignupPage',
    ),
  ),
  sso: section(
    'admin-sso.title',
    page('features/admin-sso/sso-page', () => import('../features/admin-sso/sso-page'), 'default'),
  ),
  pages: section(
    'page_admin.title',
    page(
      'features/page-admin/page-list-page',
      () => import('../features/page-admin/page-list-page'),
      'PageListPage',
    ),
    {
      ':id': [
        'page_admin.editor_title',
        page(
          'features/page-admin/page-editor-page',
          () => import('../features/page-admin/page-editor-page'),
          'PageEditorPage',
        ),
      ],
    },
  ),
  members: section(
    'members.title',
    page('features/members/members-page', () => import('../features/members/members-page'), 'MembersPage'),
  ),
  jobs: section(
    'jobs.admin.title',
    page(
      'features/job-admin/job-list-page',
      () => import('../features/job-admin/job-list-page'),
      'JobListPage',
    ),
    {
      ':id': [
        'jobs.admin.edit_title',
        page(
          'features/job-admin/job-editor-page',
          () => import('../features/job-admin/job-editor-page'),
          'JobEditorPage',
        ),
      ],
    },
  ),
  ratings: section(
    'ratings.admin.title',
    page(
      'features/rating-admin/rating-admin-page',
      () => import('../features/rating-admin/rating-admin-page'),
      'RatingAdminPage',
    ),
  ),
  shop: section(
    'shop_admin.title',
    page(
      'features/shop-admin/shop-admin-page',
      () => import('../features/shop-admin/shop-admin-page'),
      'ShopAdminPage',
    ),
    {
      ':id': [
        'shop_admin.product.edit_title',
        page(
          'features/shop-admin/product-editor-page',
          () => import('../features/shop-admin/product-editor-page'),
          'ProductEditorPage',
        ),
      ],
    },
  ),
  subscriptions: section(
    'registration.admin.title',
    page(
      'features/subscription-admin/subscription-admin-page',
      () => import('../features/subscription-admin/subscription-admin-page'),
      'SubscriptionAdminPage',
    ),
  ),
  tv: section(
    'tv.admin.title',
    page(
      'features/tv/display-keys-page',
      () => import('../features/tv/display-keys-page'),
      'DisplayKeysPage',
    ),
  ),
  history: section(
    'admin.history.title',
    page('features/admin/history-page', () => import('../features/admin/history-page'), 'HistoryPage'),
  ),
  audit: section(
    'admin.audit.title',
    page('features/admin/audit-page', () => import('../features/admin/audit-page'), 'AuditPage'),
  ),
};

/** The routes below `/{lang}/admin`: one per registered section, with its pages as children. */
export const adminSectionRoutes: RouteObject[] = Object.entries(sections).map(([key, children]) => ({
  path: key,
  children,
}));
