import CssBaseline from '@mui/material/CssBaseline';
import LinearProgress from '@mui/material/LinearProgress';
import { defaultLocale, isLocale } from '@plaza/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { activateLocale } from '../lib/i18n';
import { cookieOverlayEvent, cookieOverlayWanted } from './cookie-consent';
import { shouldResetScroll, stripLanguage } from './guard';
import { sessionQuery } from './session';
import { buildTheme } from './theme';
import { ThemeProvider } from './theme-provider';
import { useLang } from './use-lang';

/** The cookie overlay is loaded only when it is shown: on a first visit, or when the footer link asks for it. */
const CookieOverlay = lazy(() => import('./cookie-overlay').then((m) => ({ default: m.CookieOverlay })));

function Loading() {
  return <LinearProgress aria-label="Loading" sx={{ position: 'fixed', top: 0, left: 0, right: 0 }} />;
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

/** Checks the language, loads its texts, builds the customer's theme, resets scroll, shows the cookie overlay. */
export function LanguageLayout() {
  const { lang } = useParams();
  const location = useLocation();
  const session = useQuery(sessionQuery);
  const [readyLang, setReadyLang] = useState<string | null>(null);
  const valid = isLocale(lang);

  useEffect(() => {
    if (!isLocale(lang)) return;
    let cancelled = false;
    activateLocale(lang).then(
      () => !cancelled && setReadyLang(lang),
      () => !cancelled && setReadyLang(lang),
    );
    return () => {
      cancelled = true;
    };
  }, [lang]);

  const settings = session.data?.session.settings;
  // Mounted once needed; it then listens for the footer link itself.
  const [overlay, setOverlay] = useState<'auto' | 'requested' | null>(null);
  useEffect(() => {
    if (settings && cookieOverlayWanted(settings.show_cookie_layer)) setOverlay((now) => now ?? 'auto');
  }, [settings]);
  useEffect(() => {
    const request = () => setOverlay((now) => now ?? 'requested');
    window.addEventListener(cookieOverlayEvent, request);
    return () => window.removeEventListener(cookieOverlayEvent, request);
  }, []);

  const theme = useMemo(() => (settings ? buildTheme(settings) : null), [settings]);

  useEffect(() => {
    if (shouldResetScroll(stripLanguage(location.pathname))) window.scrollTo(0, 0);
  }, [location.pathname]);

  useEffect(() => {
    if (settings) document.title = settings.meta_title;
  }, [settings]);

  if (session.error) throw session.error;
  if (!valid) return <LanguageRedirect />;
  if (!theme || readyLang !== lang) return <Loading />;
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <Outlet />
      {overlay && (
        <Suspense fallback={null}>
          <CookieOverlay requested={overlay === 'requested'} />
        </Suspense>
      )}
    </ThemeProvider>
  );
}
