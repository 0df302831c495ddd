import { adminTextsQuery, endpoints, type NewsList } from '@plaza/contract';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testArticle } from '../features/pages/test-pages';
import { isPhoneWidth } from '../lib/phone-width';
import { queryClient } from '../lib/query-client';
import { answer, stubFetch } from '../test/fetch-stub';
import { stubScreen } from '../test/match-media';
import { type SessionAnswer, testSession, testSettings } from '../test/render-in-app';
import { sessionUser } from '../test/session-user';
import { startFirstLoad } from './first-load';
import { sessionQuery } from './session';

function signedIn(showOccasions: boolean): SessionAnswer {
  return {
    isAuthenticated: true,
    redirect: null,
    session: testSession(testSettings({ show_occasions_slider: showOccasions }), sessionUser(7)),
  };
}

/**
 * The paths (with their query) the page asked for on its first load at `path`, once the session is known
 * and the dashboard's data module has loaded (the two things its data waits for).
 */
async function requestedAfterFirstLoad(
  path: string,
  session: SessionAnswer,
  news?: NewsList,
): Promise<string[]> {
  window.history.replaceState(null, '', path);
  const calls = stubFetch([
    answer(endpoints.auth.isAuthenticated, session),
    ...(news ? [answer(endpoints.news.list, news)] : []),
  ]);
  startFirstLoad(isPhoneWidth());
  await Promise.all([queryClient.fetchQuery(sessionQuery), import('./pages/dashboard-data')]);
  await new Promise((resolve) => setTimeout(resolve, 0));
  return calls.map((call) => call.url);
}

/** A news page whose top teaser shows an article with the given teaser image. */
function newsWithTopTeaser(image: string): NewsList {
  const base = testArticle(4);
  const article = { ...base, images: { ...base.images, teaser: image } };
  return {
    results: [article],
    pagination: { self: 1, first: 1, last: null, prev: null, next: null, total: null, per_page: 10 },
    topTeaser: { results: [article], options: { isCircle: true }, sliderInterval: 5000 },
    horizontalTeaser: { results: [], maxRecords: 2 },
    webNews: { results: [], maxRecords: 7 },
    filters: [],
  };
}

const preloadedImages = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')].map((link) =>
    link.getAttribute('href'),
  );

afterEach(() => {
  queryClient.clear();
  for (const link of document.head.querySelectorAll('link[rel="preload"]')) link.remove();
  vi.unstubAllGlobals();
});

describe('First load', () => {
  it("asks for the dashboard's news, activities and occasions on a phone right after the session, in the phone's sizes", async () => {
    stubScreen(390);
    const urls = await requestedAfterFirstLoad('/en_GB', signedIn(true));
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/v2/news?page=1&per_page=10',
        '/api/v2/activities?page=1&per_page=3&mark_read=false',
        '/api/v2/occasions/feed?limit=6',
      ]),
    );
  });

  it('asks for the wide layout’s five activities and twelve occasions, and no occasions when the slider is off', async () => {
    stubScreen(1280);
    const wide = await requestedAfterFirstLoad('/en_GB/', signedIn(true));
    expect(wide).toEqual(
      expect.arrayContaining([
        '/api/v2/activities?page=1&per_page=5&mark_read=false',
        '/api/v2/occasions/feed?limit=12',
      ]),
    );
    queryClient.clear();
    const withoutSlider = await requestedAfterFirstLoad('/en_GB', signedIn(false));
    expect(withoutSlider.some((url) => url.includes('/occasions/'))).toBe(false);
    expect(withoutSlider).toContain('/api/v2/news?page=1&per_page=10');
  });

  it('asks for no dashboard data for a visitor, nor on any other page', async () => {
    stubScreen(1280);
    const visitor = await requestedAfterFirstLoad('/en_GB', {
      isAuthenticated: false,
      redirect: null,
      session: { ...testSession(testSettings(), null), status: 'anonymous' },
    });
    expect(visitor.filter((url) => url.startsWith('/api/v2/') && !url.includes('/languages/'))).toEqual([
      '/api/v2/auth/is_authenticated',
    ]);
    queryClient.clear();
    const groups = await requestedAfterFirstLoad('/en_GB/groups', signedIn(true));
    expect(groups.some((url) => url.includes('/news') || url.includes('/activities'))).toBe(false);
  });

  it("asks for the administration's texts beside the session on an administration address, on no member's page", async () => {
    stubScreen(390);
    const adminTexts = `/api/v2/languages/de_DE?${new URLSearchParams(adminTextsQuery)}`;
    const groups = await requestedAfterFirstLoad('/de_DE/groups', signedIn(true));
    expect(groups).not.toContain(adminTexts);
    queryClient.clear();
    // At start, beside the session: not once the administration's layout has loaded, a round later.
    const members = await requestedAfterFirstLoad('/de_DE/admin/members', signedIn(true));
    expect(members).toEqual(expect.arrayContaining(['/api/v2/auth/is_authenticated', adminTexts]));
  });

  it("starts loading the top teaser's first image with the stream's answer on a wide screen, not on a phone", async () => {
    const image = '/uploads/images/summer-party.webp';
    stubScreen(1280);
    await requestedAfterFirstLoad('/en_GB', signedIn(false), newsWithTopTeaser(image));
    await waitFor(() => expect(preloadedImages()).toEqual([image]));
    document.head.querySelector('link[rel="preload"]')?.remove();
    queryClient.clear();
    // Phones show no teaser slider: nothing to load ahead.
    stubScreen(390);
    await requestedAfterFirstLoad('/en_GB', signedIn(false), newsWithTopTeaser(image));
    await queryClient.getQueryCache().find({ queryKey: ['news'] })?.promise;
    expect(preloadedImages()).toEqual([]);
  });
});
