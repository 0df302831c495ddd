import {
  type AuthSession,
  type EndpointResponse,
  type endpoints,
  type Settings,
  settingsSchema,
} from '@plaza/contract';
import enActivityFeed from '@plaza/contract/locales/en_GB/activity_feed.json';
import enAdmin from '@plaza/contract/locales/en_GB/admin.json';
import enAdminSettings from '@plaza/contract/locales/en_GB/admin-settings.json';
import enAdminSso from '@plaza/contract/locales/en_GB/admin-sso.json';
import enApp from '@plaza/contract/locales/en_GB/app.json';
import enAuth from '@plaza/contract/locales/en_GB/auth.json';
import enBilling from '@plaza/contract/locales/en_GB/billing.json';
import enChat from '@plaza/contract/locales/en_GB/chat.json';
import enCookies from '@plaza/contract/locales/en_GB/cookies.json';
import enErrors from '@plaza/contract/locales/en_GB/errors.json';
import enGroupPage from '@plaza/contract/locales/en_GB/group_page.json';
import enGroups from '@plaza/contract/locales/en_GB/groups.json';
import enImageUpload from '@plaza/contract/locales/en_GB/image_upload.json';
import enJobs from '@plaza/contract/locales/en_GB/jobs.json';
import enLinkPreview from '@plaza/contract/locales/en_GB/link_preview.json';
import enListControls from '@plaza/contract/locales/en_GB/list_controls.json';
import enMembers from '@plaza/contract/locales/en_GB/members.json';
import enMenu from '@plaza/contract/locales/en_GB/menu.json';
import enNews from '@plaza/contract/locales/en_GB/news.json';
import enOccasions from '@plaza/contract/locales/en_GB/occasions.json';
import enPageAdmin from '@plaza/contract/locales/en_GB/page_admin.json';
import enPages from '@plaza/contract/locales/en_GB/pages.json';
import enPeople from '@plaza/contract/locales/en_GB/people.json';
import enPosts from '@plaza/contract/locales/en_GB/posts.json';
import enProfile from '@plaza/contract/locales/en_GB/profile.json';
import enRatings from '@plaza/contract/locales/en_GB/ratings.json';
import enReactions from '@plaza/contract/locales/en_GB/reactions.json';
import enRegistration from '@plaza/contract/locales/en_GB/registration.json';
import enRichText from '@plaza/contract/locales/en_GB/rich_text.json';
import enSearch from '@plaza/contract/locales/en_GB/search.json';
import enShop from '@plaza/contract/locales/en_GB/shop.json';
import enShopAdmin from '@plaza/contract/locales/en_GB/shop_admin.json';
import enTopics from '@plaza/contract/locales/en_GB/topics.json';
import enTv from '@plaza/contract/locales/en_GB/tv.json';
import enUserCard from '@plaza/contract/locales/en_GB/user_card.json';
import enWhoIsWho from '@plaza/contract/locales/en_GB/who_is_who.json';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { z } from 'zod';

/** What `GET /api/v2/auth/is_authenticated` answers: the app keeps it as the `session` query. */
export type SessionAnswer = EndpointResponse<typeof endpoints.auth.isAuthenticated>;

/** A settings object: the defaults with the given changes (checked by the contract's settings schema). */
export function testSettings(patch: z.input<typeof settingsSchema> = {}): Settings {
  return settingsSchema.parse(patch);
}

/** A signed-in session with `settings` (the `session` of the is_authenticated answer). */
export function testSession(settings: Settings, user: AuthSession['user']): AuthSession {
  return {
    status: 'authenticated',
    user,
    selected_language: 'en_GB',
    location: null,
    allow_posts_without_grp_and_topic: false,
    agb_nda_accepted: true,
    message: null,
    settings,
    signup_config: { type: 'default', social: [], oidc: null, local_passwords: true },
    routes: [],
    settingsRoutes: [],
    administrationRoutes: [],
    auth_redirect: null,
  };
}

/** The bundle without the given areas. */
const withoutAreas = (areas: readonly string[], bundle: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(bundle).filter(([area]) => !areas.includes(area)));

/**
 * Renders a component as the app would under `/en_GB/...`: English texts from the contract's
 * bundles, a query client holding a signed-in session with the given settings, and a router that
 * shows `ui` at `routePath`.
 */
export function renderInApp(
  ui: ReactNode,
  {
    settings = testSettings(),
    path = '/en_GB/groups',
    routePath = '/:lang/*',
    user = null as AuthSession['user'],
    administrationRoutes = [] as AuthSession['administrationRoutes'],
    signupConfig = undefined as Partial<AuthSession['signup_config']> | undefined,
    status = 'authenticated' as AuthSession['status'],
    /** Text areas left out of the bundle (as the administration's are until it fetches them). */
    areasLeftOut = [] as readonly string[],
  } = {},
) {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: 'en_GB',
    resources: {
      en_GB: {
        translation: withoutAreas(areasLeftOut, {
          admin: enAdmin,
          app: enApp,
          'admin-settings': enAdminSettings,
          'admin-sso': enAdminSso,
          auth: enAuth,
          chat: enChat,
          cookies: enCookies,
          errors: enErrors,
          groups: enGroups,
          group_page: enGroupPage,
          image_upload: enImageUpload,
          jobs: enJobs,
          link_preview: enLinkPreview,
          topics: enTopics,
          list_controls: enListControls,
          members: enMembers,
          menu: enMenu,
          page_admin: enPageAdmin,
          occasions: enOccasions,
          people: enPeople,
          profile: enProfile,
          user_card: enUserCard,
          who_is_who: enWhoIsWho,
          ratings: enRatings,
          tv: enTv,
          posts: enPosts,
          news: enNews,
          pages: enPages,
          activity_feed: enActivityFeed,
          rich_text: enRichText,
          reactions: enReactions,
          search: enSearch,
          shop: enShop,
          shop_admin: enShopAdmin,
          registration: enRegistration,
          billing: enBilling,
        }),
      },
    },
    interpolation: { escapeValue: false },
  });
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const session: SessionAnswer = {
    isAuthenticated: true,
    redirect: null,
    session: { ...testSession(settings, user), administrationRoutes, status },
  };
  if (signupConfig) {
    session.session.signup_config = { ...session.session.signup_config, ...signupConfig };
  }
  client.setQueryData(['session'], session);
  const router = createMemoryRouter(
    [
      // The first of equally specific routes wins, so `routePath` may also be the group page's path.
      { path: routePath, element: ui },
      { path: '/:lang/*', element: <p>other page</p> },
      { path: '/:lang/groups/:id', element: <p>group page</p> },
    ],
    { initialEntries: [path] },
  );
  return {
    client,
    router,
    /** The session the query client holds. */
    session,
    i18n,
    ...render(
      <QueryClientProvider client={client}>
        <I18nextProvider i18n={i18n}>
          <RouterProvider router={router} />
        </I18nextProvider>
      </QueryClientProvider>,
    ),
  };
}
