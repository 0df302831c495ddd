import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

const browserEncodings = 'gzip, deflate, br, zstd';
const immutable = 'public, max-age=31536000, immutable';

const indexHtml = `<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div>${'<!-- filler -->'.repeat(100)}</body></html>`;
const entryJs = `export const app = ${JSON.stringify('x'.repeat(4000))};`;

/** A web build as `npm run build` leaves it: each file with its brotli and gzip twins (tiny ones without). */
function writeWebBuild(dir: string) {
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  const write = (file: string, content: string, twins = true) => {
    writeFileSync(path.join(dir, file), content);
    if (!twins) return;
    writeFileSync(path.join(dir, `${file}.br`), brotliCompressSync(content));
    writeFileSync(path.join(dir, `${file}.gz`), gzipSync(content));
  };
  write('index.html', indexHtml);
  write('assets/index-Ab12Cd34.js', entryJs);
  write('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>', false);
  // A map left over from a development build: never to be published.
  write('assets/index-Ab12Cd34.js.map', '{"version":3,"sources":["src/secret.ts"]}');
  // The bundler's own records (Vite's manifest): not part of the site.
  mkdirSync(path.join(dir, '.vite'), { recursive: true });
  write('.vite/manifest.json', '{"src/main.tsx":{"file":"assets/index-Ab12Cd34.js"}}', false);
}

function decoded(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8');
  expect(encoding).toBeUndefined();
  return response.body;
}

describe('web app files', () => {
  let t: TestApp;
  let webDist: string;
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(os.tmpdir(), 'plaza-web-'));
    writeWebBuild(webDist);
    t = await createTestApp({ env: { WEB_DIST: webDist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('sends the precompressed twin the client accepts, with Vary, and the plain file otherwise', async () => {
    for (const [accept, encoding] of [
      [browserEncodings, 'br'],
      ['gzip', 'gzip'],
      ['', undefined],
      ['identity', undefined],
    ] as const) {
      const response = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': accept });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(decoded(response)).toBe(entryJs);
    }
  });

  it('caches hashed assets for a year as immutable', async () => {
    const response = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': browserEncodings });
    expect(response.headers['cache-control']).toBe(immutable);
  });

  it('revalidates index.html on every use, at its own address and as the fallback of app routes', async () => {
    for (const url of ['/', '/index.html', '/de_DE/login', '/en_GB/groups/12?tab=files']) {
      const response = await get(url, { 'accept-encoding': browserEncodings });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(decoded(response)).toBe(indexHtml);
    }
    const first = await get('/de_DE/login', { 'accept-encoding': 'gzip' });
    const again = await get('/de_DE/login', {
      'accept-encoding': 'gzip',
      'if-none-match': String(first.headers.etag),
    });
    expect(again.statusCode).toBe(304);
  });

  it('revalidates files that carry no hash, and sends a file without twins as it is', async () => {
    const response = await get('/favicon.svg', { 'accept-encoding': browserEncodings });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it("never sends the bundler's dot files (an address outside the assets gets the app page)", async () => {
    const response = await get('/.vite/manifest.json', { 'accept-encoding': browserEncodings });
    expect(decoded(response)).toBe(indexHtml);
  });

  it('serves no source map and no compressed twin by its own name', async () => {
    for (const url of [
      '/assets/index-Ab12Cd34.js.map',
      '/assets/index-Ab12Cd34.js.br',
      '/assets/index-Ab12Cd34.js.gz',
    ]) {
      const response = await get(url, { 'accept-encoding': browserEncodings });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('answers a missing asset (a chunk of an older build) with a 404, not with the app page', async () => {
    const response = await get('/assets/dashboard-Zz99Yy88.js', { 'accept-encoding': browserEncodings });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ errors: [{ code: 'not_found', message: expect.any(String) }] });
  });

  it('keeps the JSON 404 for unknown API paths', async () => {
    const response = await get('/api/v2/nothing-here', { 'accept-encoding': browserEncodings });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ errors: [{ code: 'not_found', message: expect.any(String) }] });
  });
});
