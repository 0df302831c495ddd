import { cookies } from '@plaza/contract/constants';
import { readCookie, writeCookie } from '../lib/cookies';

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
