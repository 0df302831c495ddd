import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cookieOverlayEvent, saveConsent, showsCookieNotice } from '../../app/cookie-consent';
import { writeCookie } from '../../lib/cookies';
import { stubFetch } from '../../test/fetch-stub';
import { renderInApp, testSettings } from '../../test/render-in-app';
import { AuthLayout } from './auth-layout';

afterEach(() => {
  vi.unstubAllGlobals();
  writeCookie('cdisc', '', -1);
});

const settings = testSettings({ pages: { terms: 1, imprint: 2, privacy: 3, q_and_a: 4 } });

describe('AuthLayout', () => {
  // The cookie overlay arrived after the form and covered it, pointing to cookie settings 'at the
  // bottom of the page', where the sign-in page had no footer, imprint or privacy link.
  it('shows the cookie choice below the form and a footer with the legal pages and the cookie settings', () => {
    stubFetch([]);
    renderInApp(<AuthLayout title="Sign in">form</AuthLayout>, { settings, path: '/en_GB/login' });
    const notice = screen.getByRole('region', { name: 'We use cookies' });
    expect(within(notice).getByRole('button', { name: 'Accept all' })).toBeTruthy();
    const legal = screen.getByRole('navigation', { name: 'Legal information' });
    const hrefs = within(legal)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    // Each link says, to screen readers, that it opens a new tab (which it does).
    const newTab = ' (opens in a new tab)';
    expect(hrefs).toEqual([
      [`Imprint${newTab}`, '/en_GB/page/2'],
      [`Privacy${newTab}`, '/en_GB/page/3'],
      [`Terms of use${newTab}`, '/en_GB/page/1'],
      [`Questions and answers${newTab}`, '/en_GB/page/4'],
    ]);
    for (const link of within(legal).getAllByRole('link')) expect(link.getAttribute('target')).toBe('_blank');
    const asked = vi.fn();
    window.addEventListener(cookieOverlayEvent, asked);
    fireEvent.click(within(legal).getByRole('button', { name: 'Cookie settings' }));
    expect(asked).toHaveBeenCalledOnce();
    window.removeEventListener(cookieOverlayEvent, asked);
  });

  it('leaves the choice out once it is made', () => {
    stubFetch([]);
    saveConsent([1], false);
    renderInApp(<AuthLayout title="Sign in">form</AuthLayout>, { settings, path: '/en_GB/login' });
    expect(screen.queryByRole('region', { name: 'We use cookies' })).toBeNull();
  });
});

describe('showsCookieNotice', () => {
  it('is the sign-in pages and the root view of visitors without a landing page', () => {
    expect(showsCookieNotice('/login', false, false)).toBe(true);
    expect(showsCookieNotice('/reset_password', false, false)).toBe(true);
    expect(showsCookieNotice('/', false, false)).toBe(true);
    expect(showsCookieNotice('/', false, true)).toBe(false);
    expect(showsCookieNotice('/', true, false)).toBe(false);
    expect(showsCookieNotice('/groups', true, false)).toBe(false);
  });
});
