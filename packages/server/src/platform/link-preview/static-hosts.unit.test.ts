import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PreviewSite, startPreviewSite, testResolver } from '../../../test/link-preview-server';
import { safeFetch } from './safe-fetch';
import { staticHostFetchOptions } from './static-hosts';
import { RefusedTarget, systemResolver } from './url-guard';

describe('staticHostFetchOptions', () => {
  let site: PreviewSite;
  const html = { accept: (type: string) => type === 'text/html' };
  // Listed: news.test on the local site's loopback address. Other names go to the tests' resolver,
  // where public.test is ALSO 127.0.0.1 and evil.test is 10.0.0.5, both without any exception.
  const options = {
    ...staticHostFetchOptions(new Map([['news.test', '127.0.0.1']]), testResolver),
    ...html,
  };

  beforeAll(async () => {
    site = await startPreviewSite();
    site.pages.set('/page', { type: 'text/html', body: '<title>Intranet</title>' });
  });

  afterAll(() => site.close());

  it('is the plain system resolver without exceptions when the map is empty', () => {
    expect(staticHostFetchOptions(new Map())).toEqual({ resolve: systemResolver });
  });

  it('resolves a listed name to its address only and lets it reach a loopback address', async () => {
    const fetched = await safeFetch(`http://news.test:${site.port}/page`, options);
    expect(fetched.body.toString()).toBe('<title>Intranet</title>');
    await expect(options.resolve('news.test')).resolves.toEqual(['127.0.0.1']);
  });

  it.each([
    'http://public.test:PORT/page',
    'http://evil.test:PORT/page',
    'http://127.0.0.1:PORT/page',
    'http://unknown-name.test:PORT/page',
  ])('refuses an unlisted private target: %s', async (url) => {
    const before = site.requests.length;
    await expect(safeFetch(url.replace('PORT', String(site.port)), options)).rejects.toBeInstanceOf(
      RefusedTarget,
    );
    expect(site.requests.length).toBe(before);
  });

  it('checks a redirect from a listed host in full again', async () => {
    for (const to of [`http://127.0.0.1:${site.port}/page`, `http://public.test:${site.port}/page`]) {
      const url = `http://news.test:${site.port}/redirect?to=${encodeURIComponent(to)}`;
      await expect(safeFetch(url, options)).rejects.toBeInstanceOf(RefusedTarget);
    }
    // A redirect to the listed name itself is followed.
    const back = `http://news.test:${site.port}/redirect?to=/page`;
    expect((await safeFetch(back, options)).url.pathname).toBe('/page');
  });
});
