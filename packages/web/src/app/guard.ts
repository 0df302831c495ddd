import type { AuthSession, Locale, PagesMap } from '@plaza/contract';

/** Who may open a route: signed-in members, anonymous visitors only, or anyone. */
export type Access = 'login' | 'anonymous' | 'any';

/** Marker of a legal page id in `/page/{id}`, resolved through the settings pages map. */
export const legalPageMarker = 'legal-';

/** The sign-in page that goes on to `path` (the path without the language) once signed in. */
export function loginPath(lang: Locale, path: string): string {
  return `/${lang}/login?redirect=${encodeURIComponent(path)}`;
}

/**
 * Where the guard sends a visitor instead, or null to let them in. `path` is the path without the
 * language, with its query. A member who is signed in on an anonymous-only route (the sign-in page
 * right after signing in, too) goes where its `redirect` or `next` says, like the sign-in itself, so
 * the guard and the sign-in page never send them to two different places.
 */
export function guardRedirect(
  access: Access,
  status: AuthSession['status'],
  lang: Locale,
  path: string,
  origin: string,
): string | null {
  if (access === 'login' && status !== 'authenticated') {
    return loginPath(lang, path);
  }
  if (access === 'anonymous' && status === 'authenticated') {
    const query = new URLSearchParams(path.split('?')[1] ?? '');
    return afterLoginTarget(lang, query.get('redirect'), query.get('next'), origin);
  }
  return null;
}

/** What the root view shows: the dashboard when signed in, the landing page when configured, else sign-in. */
export function rootView(
  status: AuthSession['status'],
  landingPageId: number | null,
): 'dashboard' | 'landing' | 'login' {
  if (status === 'authenticated') return 'dashboard';
  return landingPageId ? 'landing' : 'login';
}

/** The landing route: signed-in members go to the dashboard, or to 404 when no landing page exists. */
export function landingRedirect(
  status: AuthSession['status'],
  lang: Locale,
  landingPageId: number | null,
): string | null {
  if (status === 'authenticated') return landingPageId ? `/${lang}` : `/${lang}/404`;
  return landingPageId ? null : `/${lang}/login`;
}

/** Resolves `legal-<type>` through the pages map; null when it is not a legal marker. */
export function resolveLegalPage(id: string, pages: PagesMap, lang: Locale): string | null {
  if (!id.startsWith(legalPageMarker)) return null;
  const type = id.slice(legalPageMarker.length).replace(/-/g, '_');
  const pageId = pages[type];
  return pageId ? `/${lang}/page/${pageId}` : `/${lang}/404`;
}

/** Scroll resets to the top on every route but the dashboard and group or topic routes. */
export function shouldResetScroll(pathWithoutLang: string): boolean {
  const path = pathWithoutLang.replace(/\/+$/, '');
  if (path === '') return false;
  return !/^\/groups\/[^/]+(\/topics\/[^/]+)?$/.test(path);
}

/** The path of a location without its `/{lang}` prefix (keeps the query). */
export function stripLanguage(pathname: string, search = ''): string {
  const rest = pathname.replace(/^\/[^/]+/, '');
  return `${rest || '/'}${search}`;
}

/**
 * Where to go after signing in: the `redirect` path after the language, or `next` when it is a URL of
 * this origin (never another site), else the dashboard.
 */
export function afterLoginTarget(
  lang: Locale,
  redirect: string | null,
  next: string | null,
  origin: string,
): string {
  if (redirect?.startsWith('/') && !redirect.startsWith('//'))
    return `/${lang}${redirect === '/' ? '' : redirect}`;
  if (next) {
    try {
      const url = new URL(next, origin);
      if (url.origin === origin) return `${url.pathname}${url.search}${url.hash}`;
    } catch {
      // not a URL: ignore
    }
  }
  return `/${lang}`;
}
