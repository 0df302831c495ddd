import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hostileUrls,
  type PreviewSite,
  startPreviewSite,
  testFetchOptions,
} from '../../../test/link-preview-server';
import { FetchFailed, safeFetch } from './safe-fetch';
import { RefusedTarget } from './url-guard';

const html = (type: string) => type === 'text/html';
let site: PreviewSite;

beforeAll(async () => {
  site = await startPreviewSite();
  site.pages.set('/page', { type: 'text/html; charset=utf-8', body: '<title>Hello</title>' });
  site.pages.set('/secret', { type: 'text/html', body: '<title>Internal</title>' });
  site.pages.set('/text', { type: 'text/plain', body: 'plain' });
  site.pages.set('/notype', { type: '', body: '<title>x</title>' });
  site.pages.set('/gone', { type: 'text/html', body: 'gone', status: 500 });
  site.pages.set('/gzip', {
    type: 'text/html',
    body: gzipSync('<title>Packed</title>'),
    headers: { 'content-encoding': 'gzip' },
  });
  site.pages.set('/bomb', {
    type: 'text/html',
    body: gzipSync(Buffer.alloc(6 * 1024 * 1024, 'a')),
    headers: { 'content-encoding': 'gzip' },
  });
  site.pages.set('/latin1', {
    type: 'text/html; charset=iso-8859-1',
    body: Buffer.from('<title>Gr\xfc\xdfe</title>', 'latin1'),
  });
});

afterAll(async () => {
  await site.close();
});

const options = { ...testFetchOptions, accept: html };

describe('safeFetch', () => {
  it('fetches a page of the allowed test site, following up to 3 redirects', async () => {
    const direct = await safeFetch(`${site.base}/page`, options);
    expect(direct.body.toString()).toBe('<title>Hello</title>');
    expect(direct).toMatchObject({ mediaType: 'text/html', charset: 'utf-8' });
    const chained = await safeFetch(`${site.base}/chain/2`, options);
    expect(chained.url.pathname).toBe('/page');
  });

  it('refuses a fourth redirect', async () => {
    await expect(safeFetch(`${site.base}/chain/3`, options)).rejects.toThrow(/too many redirects/);
  });

  it.each([301, 302, 303, 307, 308])(
    'refuses a %i redirect to the loopback address of the test site',
    async (status) => {
      const before = site.requests.filter((path) => path === '/secret').length;
      const to = encodeURIComponent(`http://127.0.0.1:${site.port}/secret`);
      await expect(
        safeFetch(`${site.base}/redirect?status=${status}&to=${to}`, options),
      ).rejects.toBeInstanceOf(RefusedTarget);
      expect(site.requests.filter((path) => path === '/secret')).toHaveLength(before);
    },
  );

  it.each(hostileUrls)('refuses a redirect to %s', async (target) => {
    await expect(
      safeFetch(`${site.base}/redirect?status=302&to=${encodeURIComponent(target)}`, options),
    ).rejects.toBeInstanceOf(RefusedTarget);
  });

  it.each(hostileUrls)('refuses %s directly', async (target) => {
    await expect(safeFetch(target, options)).rejects.toBeInstanceOf(RefusedTarget);
  });

  it('refuses a body over 5 MB, plain or compressed', async () => {
    await expect(safeFetch(`${site.base}/huge`, options)).rejects.toThrow(/body too large/);
    await expect(safeFetch(`${site.base}/bomb`, options)).rejects.toThrow(/body too large/);
  });

  it('decompresses a gzip body and decodes a declared charset', async () => {
    const packed = await safeFetch(`${site.base}/gzip`, options);
    expect(packed.body.toString()).toBe('<title>Packed</title>');
    const latin = await safeFetch(`${site.base}/latin1`, options);
    expect(latin.charset).toBe('iso-8859-1');
  });

  it('gives up on a server that does not finish within the 5 s limit', async () => {
    await expect(safeFetch(`${site.base}/slow`, options)).rejects.toThrow(/timeout/);
  });

  it('refuses types it does not parse and failed statuses', async () => {
    await expect(safeFetch(`${site.base}/text`, options)).rejects.toThrow(/type text\/plain/);
    await expect(safeFetch(`${site.base}/notype`, options)).rejects.toThrow(/type none/);
    await expect(safeFetch(`${site.base}/gone`, options)).rejects.toThrow(/status 500/);
    await expect(safeFetch(`${site.base}/missing`, options)).rejects.toBeInstanceOf(FetchFailed);
  });

  it('connects to the checked address, not to a new lookup, and sends the name as Host', async () => {
    const seen: string[] = [];
    let calls = 0;
    const fetched = await safeFetch(`${site.base}/page`, {
      ...options,
      resolve: async (hostname) => {
        calls += 1;
        seen.push(hostname);
        // A rebinding resolver: the second answer would be private, but no second lookup happens.
        return calls === 1 ? ['127.0.0.1'] : ['10.0.0.1'];
      },
    });
    expect(fetched.body.toString()).toContain('Hello');
    expect(seen).toEqual(['public.test']);
    expect(site.hosts.at(-1)).toBe(`public.test:${site.port}`);
  });
});
