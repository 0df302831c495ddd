import { createBrowserRouter, type RouteObject } from 'react-router';
import { Guard } from './guard-route';
import { LanguageLayout, LanguageRedirect, NotFoundRedirect } from './language-layout';
import { RouteError } from './route-error';

/** Lazy page module: `lazy: page(() => import('./x'), 'XPage')`. */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M) {
  return async () => ({ Component: (await load())[name] as React.ComponentType });
}

/**
 * The route table. Every route lives under `/{lang}`; later features add their routes to the
 * signed-in (`access="login"`) group inside the shell.
 */
export const routes: RouteObject[] = [
  { path: '/', element: <LanguageRedirect /> },
  {
    path: '/:lang',
    element: <LanguageLayout />,
    errorElement: <RouteError />,
    children: [
      // Routes without navigation.
      {
        element: <Guard access="anonymous" />,
        children: [
          { path: 'login', lazy: page(() => import('../features/auth/login-page'), 'LoginPage') },
          {
            path: 'forgot_password',
            lazy: page(() => import('../features/auth/forgot-password-page'), 'ForgotPasswordPage'),
          },
        ],
      },
      {
        path: 'reset_password',
        lazy: page(() => import('../features/auth/reset-password-page'), 'ResetPasswordPage'),
      },
      { path: 'logout', lazy: page(() => import('../features/auth/logout-page'), 'LogoutPage') },
      // The TV slideshow: no sign-in (a display key in the address) and no navigation.
      { path: 'bubbletool_tv', lazy: page(() => import('../features/tv/tv-page'), 'TvPage') },
      // Routes inside the app shell.
      {
        lazy: page(() => import('./shell/app-shell'), 'AppShell'),
        children: [
          { index: true, lazy: page(() => import('./pages/root-view'), 'RootView') },
          { path: 'landing', lazy: page(() => import('./pages/landing-page'), 'LandingRoute') },
          { path: 'page/:id', lazy: page(() => import('./pages/page-route'), 'PageRoute') },
          {
            element: <Guard access="login" />,
            children: [
              {
                path: 'change_password',
                lazy: page(() => import('../features/auth/change-password-page'), 'ChangePasswordPage'),
              },
              { path: 'groups', lazy: page(() => import('../features/groups/groups-page'), 'GroupsPage') },
              {
                path: 'groups/:id',
                lazy: page(() => import('./pages/group-routes'), 'GroupRoute'),
              },
              {
                path: 'groups/:group_id/topics/:id',
                lazy: page(() => import('./pages/group-routes'), 'TopicRoute'),
              },
              { path: 'news/:id', lazy: page(() => import('./pages/news-route'), 'NewsRoute') },
              {
                path: 'activity_feed',
                lazy: page(() => import('./pages/activity-feed-route'), 'ActivityFeedRoute'),
              },
              {
                id: 'who-is-who',
                path: 'who_is_who',
                lazy: page(() => import('../features/directory/who-is-who-page'), 'WhoIsWhoPage'),
              },
              {
                id: 'profile',
                path: 'who_is_who/:id',
                lazy: page(() => import('../features/profile/page/profile-page'), 'ProfilePage'),
              },
              {
                path: 'follows',
                lazy: page(() => import('../features/profile/follows-page'), 'FollowsPage'),
              },
              {
                id: 'occasions',
                path: 'occasions',
                lazy: page(() => import('../features/occasions/occasions-page'), 'OccasionsPage'),
              },
              {
                path: 'result-not-found',
                lazy: page(() => import('./pages/error-pages'), 'ResultNotFoundPage'),
              },
              { path: 'terms', lazy: page(() => import('./pages/legal-redirect'), 'TermsRedirect') },
              { path: 'q-and-a', lazy: page(() => import('./pages/legal-redirect'), 'QAndARedirect') },
              { path: 'imprint', lazy: page(() => import('./pages/legal-redirect'), 'ImprintRedirect') },
              {
                path: 'tv_displays',
                lazy: page(() => import('../features/tv/display-keys-page'), 'DisplayKeysPage'),
              },
            ],
          },
          { path: '403', lazy: page(() => import('./pages/error-pages'), 'ForbiddenPage') },
          { path: '404', lazy: page(() => import('./pages/error-pages'), 'NotFoundPage') },
          { path: 'error', lazy: page(() => import('./pages/error-pages'), 'GeneralErrorPage') },
          { path: '*', element: <NotFoundRedirect /> },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
