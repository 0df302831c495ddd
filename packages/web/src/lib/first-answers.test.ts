import { firstAnswers } from '@plaza/contract/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const sessionRoute = { method: 'GET', path: '/api/v2/auth/is_authenticated' } as const;
const newsRoute = { method: 'GET', path: '/api/v2/news' } as const;
const pageSession = { isAuthenticated: true, from: 'page' };
const pageNews = { results: [{ id: 'post-1' }], from: 'page' };

/** The page as the server sends it: the answers element, then the app's code (a fresh copy of its modules). */
async function openPage(content: string) {
  const element = document.createElement('script');
  element.id = firstAnswers.elementId;
  element.type = 'application/json';
  element.textContent = content;
  document.head.append(element);
  vi.resetModules();
  return import('./api-client');
}

describe('answers the server put into the page', () => {
  const fetchMock = vi.fn();

  beforeEach(() => {
    fetchMock.mockReset();
    fetchMock.mockImplementation(
      async () =>
        new Response(JSON.stringify({ from: 'server' }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    document.getElementById(firstAnswers.elementId)?.remove();
  });

  it('answers each first call from the page once, and asks the server after that', async () => {
    const { call } = await openPage(
      JSON.stringify({
        '/api/v2/auth/is_authenticated': pageSession,
        '/api/v2/news?page=1&per_page=10': pageNews,
      }),
    );
    // Loading the app's code leaves the answers alone; the first call reads them and takes them out.
    expect(document.getElementById(firstAnswers.elementId)).not.toBeNull();
    expect(await call(sessionRoute as never)).toEqual(pageSession);
    expect(document.getElementById(firstAnswers.elementId)).toBeNull();
    expect(await call(newsRoute as never, { query: { page: 1, per_page: 10 } } as never)).toEqual(pageNews);
    expect(fetchMock).not.toHaveBeenCalled();

    expect(await call(sessionRoute as never)).toEqual({ from: 'server' });
    expect(await call(newsRoute as never, { query: { page: 2, per_page: 10 } } as never)).toEqual({
      from: 'server',
    });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/v2/auth/is_authenticated',
      '/api/v2/news?page=2&per_page=10',
    ]);
  });

  it('asks the server once the page is older than the answers may be', async () => {
    const { call } = await openPage(JSON.stringify({ '/api/v2/auth/is_authenticated': pageSession }));
    vi.spyOn(performance, 'now').mockReturnValue(firstAnswers.lifetimeMs + 1);
    expect(await call(sessionRoute as never)).toEqual({ from: 'server' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks the server when the page carries no answers or a broken element', async () => {
    const { call } = await openPage('{"/api/v2/auth/is_authenticated": ');
    expect(await call(sessionRoute as never)).toEqual({ from: 'server' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
