import { type CookieConfig, endpoints } from '@plaza/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeCookie } from '../lib/cookies';
import { answer, stubFetch } from '../test/fetch-stub';
import { renderInApp, testSettings } from '../test/render-in-app';
import { consentQuery, fetchConsent, saveConsent } from './cookie-consent';
import { CookieOverlay } from './cookie-overlay';

afterEach(() => {
  vi.unstubAllGlobals();
  for (const name of ['cdisc', 'track_all', 'cookie_config']) writeCookie(name, '', -1);
});

const text = (en: string) => ({ en_GB: en, de_DE: en });
const cookieConfig: CookieConfig = {
  cookie_types: [
    { id: 1, name: text('Necessary'), description: text('Needed to sign in.'), required: true },
    { id: 2, name: text('Statistics'), description: text('Counts visits.'), required: false },
    { id: 3, name: text('Videos'), description: text('Embedded videos.'), required: false },
  ],
  items: [],
  provider_type_to_cookie_type_mapping: {},
};
const consentAnswer = (categories: number[], decided: boolean, trackAll: boolean) => ({
  cookie_config: cookieConfig,
  consent: { decided, track_all: trackAll, categories, allowed_services: [] },
});

/** The query of the consent read among the recorded calls. */
const consentCall = (calls: ReturnType<typeof stubFetch>) => {
  const call = calls.find((recorded) => recorded.url.startsWith('/api/v2/settings/consent'));
  return call && Object.fromEntries(new URL(call.url, 'https://plaza.test').searchParams);
};

describe('the consent read’s parameters', () => {
  it('are no choice and the necessary category while nothing is stored', () => {
    expect(consentQuery()).toEqual({ cdisc: '0', track_all: '0', categories: '1' });
  });

  it('are the stored choice: cdisc, track_all and the categories joined with -', () => {
    saveConsent([3, 2], false);
    expect(consentQuery()).toEqual({ cdisc: '1', track_all: '0', categories: '1-2-3' });
    saveConsent([2, 3], true);
    expect(consentQuery()).toEqual({ cdisc: '1', track_all: '1', categories: '1-2-3' });
  });

  it('go with GET settings/consent', async () => {
    saveConsent([3], false);
    const calls = stubFetch([
      answer(endpoints.settings.consent, consentAnswer([1, 3], true, false), {
        query: { cdisc: '1', track_all: '0', categories: '1-3' },
      }),
    ]);
    const answered = await fetchConsent();
    expect(answered.consent.categories).toEqual([1, 3]);
    expect(consentCall(calls)).toEqual({ cdisc: '1', track_all: '0', categories: '1-3' });
  });

  it('go with the cookie overlay’s read', async () => {
    saveConsent([2], false);
    const calls = stubFetch([
      answer(endpoints.settings.consent, consentAnswer([1, 2], true, false), {
        query: { cdisc: '1', track_all: '0', categories: '1-2' },
      }),
    ]);
    renderInApp(<CookieOverlay requested />);
    await waitFor(() =>
      expect(consentCall(calls)).toEqual({ cdisc: '1', track_all: '0', categories: '1-2' }),
    );
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });
});

// After sign-in the overlay came back as a modal and swallowed the member's first click.
describe('the overlay that opens by itself', () => {
  it('does not block the page: no modal, the page stays clickable and visible to screen readers', async () => {
    stubFetch([answer(endpoints.settings.consent, consentAnswer([1], false, false))]);
    const clicked = vi.fn();
    renderInApp(
      <>
        <button type="button" onClick={clicked}>
          Open my groups
        </button>
        <CookieOverlay />
      </>,
      { settings: testSettings({ show_cookie_layer: true }) },
    );
    const overlay = await screen.findByRole('dialog', { name: 'We use cookies' });
    expect(overlay.getAttribute('aria-modal')).toBe('false');
    expect(document.querySelector('.MuiBackdrop-root')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open my groups' }));
    expect(clicked).toHaveBeenCalledTimes(1);
  });

  it('stays away once a choice is stored', async () => {
    saveConsent([1], false);
    renderInApp(<CookieOverlay />, { settings: testSettings({ show_cookie_layer: true }) });
    await waitFor(() => expect(screen.queryByText('other page')).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
