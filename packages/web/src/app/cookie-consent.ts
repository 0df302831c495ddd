import { cookies } from '@plaza/contract/constants';
import { call } from '../lib/api-client';
import { readCookie, writeCookie } from '../lib/cookies';
import { routes } from '../lib/endpoint-routes';

/** The stored consent, as the cookies hold it; null when the visitor has not chosen yet. */
export function readConsent(): { trackAll: boolean; categories: number[] } | null {
  if (readCookie('cdisc') !== '1') return null;
  const categories = (readCookie('cookie_config') ?? '1')
    .split('-')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  return { trackAll: readCookie('track_all') === '1', categories };
}

/** Stores a choice for 365 days: category 1 (necessary) is always part of it. */
export function saveConsent(categories: number[], trackAll: boolean): void {
  const chosen = [...new Set([1, ...categories])].sort((a, b) => a - b);
  writeCookie('cdisc', '1', cookies.consentExpiryDays);
  writeCookie('track_all', trackAll ? '1' : '0', cookies.consentExpiryDays);
  writeCookie('cookie_config', chosen.join('-'), cookies.consentExpiryDays);
}

/**
 * The query of a settings.consent read: the stored choice as the cookies hold it, `cdisc` and `track_all`
 * as '1' or '0', the categories joined with '-' (necessary only while nothing is chosen).
 */
export function consentQuery(): { cdisc: '0' | '1'; track_all: '0' | '1'; categories: string } {
  const stored = readConsent();
  return {
    cdisc: stored ? '1' : '0',
    track_all: stored?.trackAll ? '1' : '0',
    categories: (stored?.categories.length ? stored.categories : [1]).join('-'),
  };
}

/** GET settings/consent with the stored choice: the cookie config and what that choice allows. */
export function fetchConsent() {
  return call(routes.settings.consent, { query: consentQuery() });
}

/** The window event that asks the cookie overlay to open. */
export const cookieOverlayEvent = 'plaza:cookie-overlay';

/** The view the overlay opens with when asked: the footer link asks for the main view, a notice's settings button for the details. */
let requestedView: 'main' | 'details' = 'main';

/** Asks the cookie overlay to open (footer link, the sign-in pages' notice). */
export function openCookieOverlay(view: 'main' | 'details' = 'main'): void {
  requestedView = view;
  window.dispatchEvent(new Event(cookieOverlayEvent));
}

/** The view of the last request to open the overlay. */
export function cookieOverlayView(): 'main' | 'details' {
  return requestedView;
}

/**
 * Whether a page shows the cookie choice in its own flow instead of the overlay: the sign-in pages
 * (and the root view, which is the sign-in page for visitors without a landing page), where the
 * overlay, loaded after the form, covered it. `path` is the path without the language.
 */
export function showsCookieNotice(path: string, signedIn: boolean, landingPage: boolean): boolean {
  if (['/login', '/forgot_password', '/reset_password'].includes(path)) return true;
  return path === '/' && !signedIn && !landingPage;
}

/** True when the overlay opens by itself: the deployment shows the cookie layer and no choice is stored. */
export function cookieOverlayWanted(showCookieLayer: boolean): boolean {
  return showCookieLayer && readConsent() === null;
}

/** A text of the cookie config in the given locale, falling back to its language, then to any text. */
export function localized(text: Record<string, string>, locale: string): string {
  return text[locale] ?? text[locale.slice(0, 2)] ?? Object.values(text)[0] ?? '';
}
