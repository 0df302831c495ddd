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

/** Asks the cookie overlay to open (footer link). */
export function openCookieOverlay(): void {
  window.dispatchEvent(new Event(cookieOverlayEvent));
}

/** True when the overlay opens by itself: the deployment shows the cookie layer and no choice is stored. */
export function cookieOverlayWanted(showCookieLayer: boolean): boolean {
  return showCookieLayer && readConsent() === null;
}

/** A text of the cookie config in the given locale, falling back to its language, then to any text. */
export function localized(text: Record<string, string>, locale: string): string {
  return text[locale] ?? text[locale.slice(0, 2)] ?? Object.values(text)[0] ?? '';
}
