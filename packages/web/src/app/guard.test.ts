import { describe, expect, it } from 'vitest';
import {
  afterLoginTarget,
  guardRedirect,
  landingRedirect,
  resolveLegalPage,
  rootView,
  shouldResetScroll,
  stripLanguage,
} from './guard';

const pages = { landing: null, terms: 3, imprint: 4, privacy: null, q_and_a: 5 };
const origin = 'https://plaza.example';

describe('route guard', () => {
  it('sends anonymous visitors of protected routes to sign-in with the path as redirect', () => {
    expect(guardRedirect('login', 'anonymous', 'en_GB', '/groups/4?selectedTab=files', origin)).toBe(
      '/en_GB/login?redirect=%2Fgroups%2F4%3FselectedTab%3Dfiles',
    );
    expect(guardRedirect('login', 'agb_pending', 'de_DE', '/', origin)).toBe('/de_DE/login?redirect=%2F');
    expect(guardRedirect('login', 'authenticated', 'de_DE', '/', origin)).toBeNull();
  });

  it('sends signed-in members away from anonymous-only routes to the dashboard', () => {
    expect(guardRedirect('anonymous', 'authenticated', 'de_DE', '/login', origin)).toBe('/de_DE');
    expect(guardRedirect('anonymous', 'anonymous', 'de_DE', '/login', origin)).toBeNull();
    expect(guardRedirect('anonymous', 'agb_pending', 'de_DE', '/login', origin)).toBeNull();
    expect(guardRedirect('any', 'authenticated', 'de_DE', '/reset_password', origin)).toBeNull();
  });

  // The sign-in page sent the member to the redirect, then its own guard (seeing the new session)
  // sent them on to the dashboard: the deep link showed for a moment and was lost.
  it('sends a member who has just signed in where the sign-in page was asked to go', () => {
    expect(
      guardRedirect('anonymous', 'authenticated', 'de_DE', '/login?redirect=%2Fgroups%2F1', origin),
    ).toBe('/de_DE/groups/1');
    expect(
      guardRedirect(
        'anonymous',
        'authenticated',
        'en_GB',
        `/login?next=${encodeURIComponent(`${origin}/en_GB/news/page-2`)}`,
        origin,
      ),
    ).toBe('/en_GB/news/page-2');
    expect(
      guardRedirect(
        'anonymous',
        'authenticated',
        'en_GB',
        '/login?next=https%3A%2F%2Fevil.example%2F',
        origin,
      ),
    ).toBe('/en_GB');
  });

  it('shows the landing page to anonymous visitors only when one is configured', () => {
    expect(rootView('authenticated', 9)).toBe('dashboard');
    expect(rootView('anonymous', 9)).toBe('landing');
    expect(rootView('anonymous', null)).toBe('login');
    expect(landingRedirect('authenticated', 'de_DE', null)).toBe('/de_DE/404');
    expect(landingRedirect('anonymous', 'de_DE', null)).toBe('/de_DE/login');
    expect(landingRedirect('authenticated', 'de_DE', 9)).toBe('/de_DE');
    expect(landingRedirect('anonymous', 'de_DE', 9)).toBeNull();
  });

  it('resolves legal page markers through the pages map, else 404', () => {
    expect(resolveLegalPage('legal-terms', pages, 'de_DE')).toBe('/de_DE/page/3');
    expect(resolveLegalPage('legal-q-and-a', pages, 'en_GB')).toBe('/en_GB/page/5');
    expect(resolveLegalPage('legal-privacy', pages, 'de_DE')).toBe('/de_DE/404');
    expect(resolveLegalPage('12', pages, 'de_DE')).toBeNull();
  });

  it('keeps the scroll position only on the dashboard and group or topic routes', () => {
    expect(shouldResetScroll('/')).toBe(false);
    expect(shouldResetScroll('/groups/3')).toBe(false);
    expect(shouldResetScroll('/groups/3/topics/9')).toBe(false);
    expect(shouldResetScroll('/groups')).toBe(true);
    expect(shouldResetScroll('/who_is_who')).toBe(true);
  });

  it('strips the language prefix', () => {
    expect(stripLanguage('/de_DE/groups/1', '?a=1')).toBe('/groups/1?a=1');
    expect(stripLanguage('/de_DE')).toBe('/');
  });

  it('goes after sign-in to redirect, then a same-origin next, never to another site', () => {
    const origin = 'https://plaza.example';
    expect(afterLoginTarget('de_DE', '/groups/2', null, origin)).toBe('/de_DE/groups/2');
    expect(afterLoginTarget('de_DE', '/', null, origin)).toBe('/de_DE');
    expect(afterLoginTarget('de_DE', '//evil.example/x', null, origin)).toBe('/de_DE');
    expect(afterLoginTarget('de_DE', null, 'https://plaza.example/en_GB/jobs?page=2', origin)).toBe(
      '/en_GB/jobs?page=2',
    );
    expect(afterLoginTarget('de_DE', null, 'https://evil.example/', origin)).toBe('/de_DE');
    expect(afterLoginTarget('en_GB', null, null, origin)).toBe('/en_GB');
  });
});
