import { defaultLocale, isLocale } from '@plaza/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { Suspense, startTransition, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { activateLocale } from '../lib/i18n';
import { cookieOverlayEvent, cookieOverlayWanted, showsCookieNotice } from './cookie-consent';
import { shouldResetScroll, stripLanguage } from './guard';
import { lazyThemed } from './lazy-themed';
import { LightProgress } from './light/progress';
import { pageTitle, type TitleAt, useRouteTitleKey } from './page-title';
import { sessionQuery } from './session';
import { applyThemeTokens, themeTokens } from './theme-tokens';
import { useLang } from './use-lang';

/** The cookie overlay is loaded only when it is shown: on a first visit, or when the footer link asks for it. */
const CookieOverlay = lazyThemed(() => import('./cookie-overlay').then((m) => m.CookieOverlay));

function Loading() {
  return <LightProgress label="Loading" />;
}

/** The `handle` of a route with a fixed title: a text key. */
export interface RouteTitle {
  title: string;
}

/** `/` and unknown languages go to the dashboard in the member's language, else de_DE. */
export function LanguageRedirect() {
  const { data } = useQuery(sessionQuery);
  if (!data) return <Loading />;
  const selected = data.session.selected_language;
  return <Navigate to={`/${isLocale(selected) ? selected : defaultLocale}`} replace />;
}

/** Any unknown path under a language goes to that language's 404 page. */
export function NotFoundRedirect() {
  return <Navigate to={`/${useLang()}/404`} replace />;
}

/**
 * Checks the language, loads its texts, puts the customer's theme colours on the page (CSS properties; the
 * MUI theme comes with the MUI parts, app/mui-theme), resets scroll, shows the cookie overlay.
 */
export function LanguageLayout({ titleAt }: { titleAt?: TitleAt }) {
  const { lang } = useParams();
  const location = useLocation();
  const session = useQuery(sessionQuery);
  const { t, i18n } = useTranslation();
  // Texts already there (a page the server rendered, a language used before): the page shows at once.
  const [readyLang, setReadyLang] = useState<string | null>(() =>
    isLocale(lang) && i18n.language === lang && i18n.hasResourceBundle(lang, 'translation') ? lang : null,
  );
  const valid = isLocale(lang);

  useEffect(() => {
    if (!isLocale(lang)) return;
    let cancelled = false;
    // A transition: the whole page renders once the texts are there, and React yields to the browser
    // while it does (a plain update would render it in one long task).
    const ready = () => !cancelled && startTransition(() => setReadyLang(lang));
    activateLocale(lang).then(ready, ready);
    return () => {
      cancelled = true;
    };
  }, [lang]);

  const settings = session.data?.session.settings;
  // Mounted once needed; it then listens for the footer link itself.
  const [overlay, setOverlay] = useState<'auto' | 'requested' | null>(null);
  // A TV display has nobody to answer the overlay, and the TV page sets no optional cookies. The
  // sign-in pages show the choice in their own flow, below the form (features/auth/cookie-notice).
  const path = stripLanguage(location.pathname);
  const ownNotice =
    path === '/bubbletool_tv' ||
    (settings !== undefined &&
      showsCookieNotice(
        path,
        session.data?.session.status === 'authenticated',
        Boolean(settings.pages.landing),
      ));
  useEffect(() => {
    if (settings && !ownNotice && cookieOverlayWanted(settings.show_cookie_layer)) {
      setOverlay((now) => now ?? 'auto');
    }
  }, [settings, ownNotice]);
  useEffect(() => {
    const request = () => setOverlay((now) => now ?? 'requested');
    window.addEventListener(cookieOverlayEvent, request);
    return () => window.removeEventListener(cookieOverlayEvent, request);
  }, []);

  const tokens = useMemo(() => (settings ? themeTokens(settings) : null), [settings]);
  useLayoutEffect(() => {
    if (tokens) applyThemeTokens(tokens);
  }, [tokens]);

  // A new page opens at its top; the first one stays where the reader is (a page the server drew may have
  // been scrolled before the app took it over).
  const shownPath = useRef(location.pathname);
  useEffect(() => {
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
    if (shouldResetScroll(stripLanguage(location.pathname))) window.scrollTo(0, 0);
  }, [location.pathname]);

  // The tab's title: the route's own (`Gruppen - Nordlicht GmbH`), else the company until a page titled
  // by its content sets it (a layout effect, so it runs before that page's effect).
  const titleKey = useRouteTitleKey(titleAt);
  const company = settings?.company.name;
  useLayoutEffect(() => {
    if (company === undefined || readyLang !== lang) return;
    // A title of texts not loaded yet (the administration's, features/admin) waits for them: the company meanwhile.
    document.title = titleKey && i18n.exists(titleKey) ? pageTitle(t(titleKey), company) : company;
  }, [company, titleKey, t, i18n, readyLang, lang]);

  if (session.error) throw session.error;
  if (!valid) return <LanguageRedirect />;
  if (!tokens || readyLang !== lang) return <Loading />;
  return (
    <>
      <Outlet />
      {overlay && (
        <Suspense fallback={null}>
          <CookieOverlay requested={overlay === 'requested'} />
        </Suspense>
      )}
    </>
  );
}
