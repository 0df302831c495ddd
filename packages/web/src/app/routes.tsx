import { createBrowserRouter, matchRoutes, type RouteObject, redirect } from 'react-router';
import { adminSectionRoutes } from './admin-sections';
import { Guard } from './guard-route';
import { LanguageLayout, LanguageRedirect, NotFoundRedirect } from './language-layout';
import { type LazyPage, page, titled } from './lazy-page';
import { routeTitleKey } from './page-title';
import { RouteError } from './route-error';

/** A former address of an administration page: redirects to its section (with the id and the query). */
const moved = (path: string, section: string): RouteObject => ({
  path,
  loader: ({ params, request }) =>
    redirect(
      `/${params.lang}/admin/${section}${params.id ? `/${params.id}` : ''}${new URL(request.url).search}`,
    ),
});

/** The title key of the route at a path, for the tab's title while that route's page still loads. */
const titleAt = (pathname: string) => routeTitleKey(routesAt(pathname));

/** The last path matched and its routes: at start the same path is matched for its modules, title and data. */
let lastMatch: { pathname: string; routes: RouteObject[] } | undefined;

/**
 * The routes that match `pathname`, outer routes first. Matching ranks every branch of the large table,
 * so the last answer is kept (one only: a server renders many paths, a browser asks about one at a time).
 */
function routesAt(pathname: string): RouteObject[] {
  if (lastMatch?.pathname !== pathname)
    lastMatch = { pathname, routes: (matchRoutes(routes, pathname) ?? []).map((match) => match.route) };
  return lastMatch.routes;
}

/**
 * The route table. Every route lives under `/{lang}`; later features add their routes to the
 * signed-in (`access="login"`) group inside the shell. A route with a fixed title names it in its
 * `handle`; pages titled by their content (a group, a profile) set it themselves (app/page-title.ts).
 */
export const routes: RouteObject[] = [
  { path: '/', element: <LanguageRedirect /> },
  {
    path: '/:lang',
    element: <LanguageLayout titleAt={titleAt} />,
    errorElement: <RouteError />,
    children: [
      // Routes without navigation.
      {
        element: <Guard access="anonymous" />,
        children: [
          {
            path: 'login',
            handle: titled('auth.login.title'),
            lazy: page('features/auth/login-page', () => import('../features/auth/login-page'), 'LoginPage'),
          },
          {
            id: 'registration',
            path: 'registration',
            handle: titled('registration.title'),
            lazy: page(
              'features/registration/registration-page',
              () => import('../features/registration/registration-page'),
              'RegistrationPage',
            ),
          },
          {
            path: 'mocs',
            lazy: page('features/auth/mocs-page', () => import('../features/auth/mocs-page'), 'MocsPage'),
          },
          {
            path: 'forgot_password',
            handle: titled('auth.forgot.title'),
            lazy: page(
              'features/auth/forgot-password-page',
              () => import('../features/auth/forgot-password-page'),
              'ForgotPasswordPage',
            ),
          },
        ],
      },
      {
        path: 'reset_password',
        handle: titled('auth.reset.title'),
        lazy: page(
          'features/auth/reset-password-page',
          () => import('../features/auth/reset-password-page'),
          'ResetPasswordPage',
        ),
      },
      // The mailed confirmation link: whoever opens it, signed in or not.
      {
        path: 'registration/confirm',
        handle: titled('registration.confirm.title'),
        lazy: page(
          'features/registration/confirm-page',
          () => import('../features/registration/confirm-page'),
          'ConfirmRegistrationPage',
        ),
      },
      {
        path: 'logout',
        lazy: page('features/auth/logout-page', () => import('../features/auth/logout-page'), 'LogoutPage'),
      },
      // The TV slideshow: no sign-in (a display key in the address) and no navigation.
      {
        path: 'bubbletool_tv',
        handle: titled('tv.page_title'),
        lazy: page('features/tv/tv-page', () => import('../features/tv/tv-page'), 'TvPage'),
      },
      // Routes inside the app shell.
      {
        lazy: page('app/shell/app-shell', () => import('./shell/app-shell'), 'AppShell'),
        children: [
          {
            index: true,
            handle: titled('menu.main.dashboard'),
            lazy: page('app/pages/root-view', () => import('./pages/root-view'), 'RootView'),
          },
          {
            path: 'landing',
            lazy: page('app/pages/landing-page', () => import('./pages/landing-page'), 'LandingRoute'),
          },
          {
            path: 'page/:id',
            lazy: page('app/pages/page-route', () => import('./pages/page-route'), 'PageRoute'),
          },
          // The legal pages' aliases are open to visitors: the CMS page itself decides who may read it.
          {
            path: 'terms',
            lazy: page('app/pages/legal-redirect', () => import('./pages/legal-redirect'), 'TermsRedirect'),
          },
          {
            path: 'q-and-a',
            lazy: page('app/pages/legal-redirect', () => import('./pages/legal-redirect'), 'QAndARedirect'),
          },
          {
            path: 'imprint',
            lazy: page('app/pages/legal-redirect', () => import('./pages/legal-redirect'), 'ImprintRedirect'),
          },
          {
            path: 'privacy',
            lazy: page('app/pages/legal-redirect', () => import('./pages/legal-redirect'), 'PrivacyRedirect'),
          },
          {
            path: 'previews/:id',
            lazy: page('app/pages/page-route', () => import('./pages/page-route'), 'PreviewRoute'),
          },
          {
            element: <Guard access="login" />,
            children: [
              {
                path: 'change_password',
                handle: titled('auth.change.title'),
                lazy: page(
                  'features/auth/change-password-page',
                  () => import('../features/auth/change-password-page'),
                  'ChangePasswordPage',
                ),
              },
              {
                path: 'groups',
                handle: titled('menu.main.groups'),
                lazy: page(
                  'features/groups/groups-page',
                  () => import('../features/groups/groups-page'),
                  'GroupsPage',
                ),
              },
              {
                path: 'groups/:id',
                lazy: page('app/pages/group-routes', () => import('./pages/group-routes'), 'GroupRoute'),
              },
              {
                path: 'groups/:group_id/topics/:id',
                lazy: page('app/pages/group-routes', () => import('./pages/group-routes'), 'TopicRoute'),
              },
              {
                path: 'news/:id',
                lazy: page('app/pages/news-route', () => import('./pages/news-route'), 'NewsRoute'),
              },
              {
                path: 'categories/:id',
                lazy: page(
                  'app/pages/category-route',
                  () => import('./pages/category-route'),
                  'CategoryRoute',
                ),
              },
              {
                path: 'dummy',
                handle: titled('pages.demo.title'),
                lazy: page(
                  'features/pages/demo/demo-page',
                  () => import('../features/pages/demo/demo-page'),
                  'DemoPage',
                ),
              },
              {
                path: 'activity_feed',
                handle: titled('menu.main.activity_feed'),
                lazy: page(
                  'app/pages/activity-feed-route',
                  () => import('./pages/activity-feed-route'),
                  'ActivityFeedRoute',
                ),
              },
              {
                id: 'who-is-who',
                path: 'who_is_who',
                handle: titled('menu.main.who_is_who'),
                lazy: page(
                  'features/directory/who-is-who-page',
                  () => import('../features/directory/who-is-who-page'),
                  'WhoIsWhoPage',
                ),
              },
              {
                id: 'profile',
                path: 'who_is_who/:id',
                lazy: page(
                  'features/profile/page/profile-page',
                  () => import('../features/profile/page/profile-page'),
                  'ProfilePage',
                ),
              },
              {
                path: 'follows',
                handle: titled('profile.follows.title'),
                lazy: page(
                  'features/profile/follows-page',
                  () => import('../features/profile/follows-page'),
                  'FollowsPage',
                ),
              },
              {
                id: 'occasions',
                path: 'occasions',
                handle: titled('menu.main.occasions'),
                lazy: page(
                  'features/occasions/occasions-page',
                  () => import('../features/occasions/occasions-page'),
                  'OccasionsPage',
                ),
              },
              {
                id: 'ratings',
                path: 'ratings',
                handle: titled('ratings.title'),
                lazy: page(
                  'features/ratings/ratings-page',
                  () => import('../features/ratings/ratings-page'),
                  'RatingsPage',
                ),
              },
              {
                id: 'rating',
                path: 'ratings/:id',
                handle: titled('ratings.title'),
                lazy: page(
                  'features/ratings/rating-page',
                  () => import('../features/ratings/rating-page'),
                  'RatingPage',
                ),
              },
              {
                id: 'jobs',
                path: 'jobs',
                handle: titled('jobs.title'),
                lazy: page('features/jobs/jobs-page', () => import('../features/jobs/jobs-page'), 'JobsPage'),
              },
              {
                id: 'job',
                path: 'jobs/:id',
                lazy: page('features/jobs/job-page', () => import('../features/jobs/job-page'), 'JobPage'),
              },
              // The member's shop: products, cart and checkout, orders.
              {
                id: 'shop',
                path: 'shop',
                handle: titled('shop.title'),
                lazy: page('features/shop/shop-page', () => import('../features/shop/shop-page'), 'ShopPage'),
              },
              {
                path: 'cart',
                handle: titled('shop.cart.title'),
                lazy: page('features/shop/cart-page', () => import('../features/shop/cart-page'), 'CartPage'),
              },
              {
                path: 'shop/orders',
                handle: titled('shop.orders.title'),
                lazy: page(
                  'features/shop/orders-page',
                  () => import('../features/shop/orders-page'),
                  'OrdersPage',
                ),
              },
              {
                path: 'shop/orders/:id',
                handle: titled('shop.orders.title'),
                lazy: page(
                  'features/shop/order-page',
                  () => import('../features/shop/order-page'),
                  'OrderPage',
                ),
              },
              // The member's subscriptions (the settings drawer's "billing").
              {
                path: 'billing',
                handle: titled('billing.title'),
                lazy: page(
                  'features/billing/billing-page',
                  () => import('../features/billing/billing-page'),
                  'BillingPage',
                ),
              },
              {
                path: 'search_results',
                handle: titled('search.title'),
                lazy: page(
                  'features/search/search-results-page',
                  () => import('../features/search/search-results-page'),
                  'SearchResultsPage',
                ),
              },
              {
                path: 'result-not-found',
                handle: titled('errors.pages.result_not_found.title'),
                lazy: page(
                  'app/pages/error-pages',
                  () => import('./pages/error-pages'),
                  'ResultNotFoundPage',
                ),
              },
              // The administration (app/admin-sections.tsx): its own chunks, loaded only on these routes.
              {
                path: 'admin',
                handle: titled('admin.title'),
                lazy: page(
                  'features/admin/admin-layout',
                  () => import('../features/admin/admin-layout'),
                  'AdminLayout',
                ),
                children: [
                  {
                    index: true,
                    lazy: page(
                      'features/admin/admin-layout',
                      () => import('../features/admin/admin-layout'),
                      'AdminHome',
                    ),
                  },
                  ...adminSectionRoutes,
                ],
              },
              // The administration's former addresses (links and bookmarks keep working).
              moved('members', 'members'),
              moved('manage_pages', 'pages'),
              moved('manage_pages/:id', 'pages'),
              moved('manage_jobs', 'jobs'),
              moved('manage_jobs/:id', 'jobs'),
              moved('manage_ratings', 'ratings'),
              moved('manage_shop', 'shop'),
              moved('manage_shop/:id', 'shop'),
              moved('manage_subscriptions', 'subscriptions'),
              moved('tv_displays', 'tv'),
            ],
          },
          {
            path: '403',
            handle: titled('errors.pages.forbidden.title'),
            lazy: page('app/pages/error-pages', () => import('./pages/error-pages'), 'ForbiddenPage'),
          },
          {
            path: '404',
            handle: titled('errors.pages.not_found.title'),
            lazy: page('app/pages/error-pages', () => import('./pages/error-pages'), 'NotFoundPage'),
          },
          {
            path: 'error',
            handle: titled('errors.pages.general.title'),
            lazy: page('app/pages/error-pages', () => import('./pages/error-pages'), 'GeneralErrorPage'),
          },
          { path: '*', element: <NotFoundRedirect /> },
        ],
      },
    ],
  },
];

/** The browser's router over the route table. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}

/**
 * Loads the lazy routes that match `pathname` into the route table, as React Router asks before it hydrates
 * a page the server rendered: the router then starts with them and draws what the server drew. One after
 * the other, outer routes first: each module (fetched already, the page preloads them) then runs in a task
 * of its own instead of all in one long task.
 */
export async function loadRoutesFor(pathname: string): Promise<void> {
  for (const route of routesAt(pathname)) {
    if (typeof route.lazy !== 'function') continue;
    const module = await route.lazy();
    Object.assign(route, { ...module, lazy: undefined });
  }
}

/** The lazy modules of the routes that match `pathname` (paths below `src/`), outer routes first. */
export function routeModules(pathname: string): string[] {
  return routesAt(pathname).flatMap((route) => {
    const lazy = route.lazy as LazyPage | undefined;
    return typeof lazy === 'function' && lazy.module ? [lazy.module] : [];
  });
}
