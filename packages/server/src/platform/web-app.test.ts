import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import {
  adminTextAreas,
  cookies,
  firstAnswers,
  memberTextAreas,
  memberTextsQuery,
  pageSizes,
} from '@plaza/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { buildGroup, buildUser } from '../../test/factories';
import { signedIn } from '../../test/group-helpers';
import { writePost } from '../../test/post-helpers';
import { setSettingByPath, storeSettingsDocument } from '../modules/settings';

const browserEncodings = 'gzip, deflate, br, zstd';
const immutable = 'public, max-age=31536000, immutable';
const sessionCall = '/api/v2/auth/is_authenticated';
const newsCall = `/api/v2/news?page=1&per_page=${pageSizes.newsStream}`;
const languageCall = (locale: string) => `/api/v2/languages/${locale}`;
/** The members' texts, as the app asks for them (the administration's it loads when opened). */
const textsCall = (locale: string) => `${languageCall(locale)}?${new URLSearchParams(memberTextsQuery)}`;
/** The members' texts and the customer's overrides of them, which every page of a language carries. */
const textCalls = (locale: string) => [textsCall(locale), `${languageCall(locale)}/overrides`];
const answersElement = new RegExp(
  `<script id="${firstAnswers.elementId}" type="application/json">[^<]*</script>`,
);

/** The answers a page carries, by call. */
function answersOf(html: string): Record<string, unknown> {
  const element = html.match(answersElement)?.[0];
  expect(element, 'the page carries answers').toBeDefined();
  return JSON.parse(element!.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, ''));
}

const indexHtml = `<!doctype html><html><head><link rel="icon" href="/favicon.svg" type="image/svg+xml" /><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div>${'<!-- filler -->'.repeat(100)}</body></html>`;
/** The files of the dashboard's first screen, as the web build names them. */
const dashboardFiles = ['/assets/dashboard-Ef56Gh78.js', '/assets/card-Ij90Kl12.js'];
/** The files of the sign-in page, and of the form that asks for a reset mail. */
const signInFiles = ['/assets/login-page-Mn34Op56.js'];
const forgotPasswordFiles = ['/assets/forgot-password-page-Qr78St90.js'];
const preloads = (files: string[]) =>
  files.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('');
/** The page as it is sent with `files` named, without its answers. */
const pageNaming = (files: string[]) => indexHtml.replace('</head>', `${preloads(files)}</head>`);
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
  write(
    '.vite/first-screens.json',
    JSON.stringify({
      dashboard: dashboardFiles,
      'sign-in': signInFiles,
      'forgot-password': forgotPasswordFiles,
    }),
    false,
  );
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

  it('revalidates index.html at its own address', async () => {
    const first = await get('/index.html', { 'accept-encoding': browserEncodings });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^text\/html/);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['content-encoding']).toBe('br');
    expect(decoded(first)).toBe(indexHtml);
    const again = await get('/index.html', {
      'accept-encoding': browserEncodings,
      'if-none-match': String(first.headers.etag),
    });
    expect(again.statusCode).toBe(304);
  });

  it("sends app addresses the page with a visitor's session and texts in it, compressed as accepted and never cached", async () => {
    const pages = {
      '/': { texts: undefined, files: [] },
      '/de_DE': { texts: 'de_DE', files: [] },
      '/de_DE/login': { texts: 'de_DE', files: signInFiles },
      '/en_GB/forgot_password': { texts: 'en_GB', files: forgotPasswordFiles },
      // Not a screen, though an object's own key by that name would be.
      '/de_DE/constructor': { texts: 'de_DE', files: [] },
      '/en_GB/groups/12?tab=files': { texts: 'en_GB', files: [] },
      // An address without a language (the app sends it on to one).
      '/groups/12': { texts: undefined, files: [] },
    };
    for (const [url, expected] of Object.entries(pages)) {
      for (const [accept, encoding] of [
        [browserEncodings, 'br'],
        ['gzip', 'gzip'],
        ['br;q=0, gzip', 'gzip'],
        ['', undefined],
      ] as const) {
        const response = await get(url, { 'accept-encoding': accept });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type']).toMatch(/^text\/html/);
        expect(response.headers['cache-control']).toBe('no-store');
        expect(response.headers['content-encoding']).toBe(encoding);
        expect(response.headers.vary).toMatch(/accept-encoding/i);
        const html = decoded(response);
        // The sign-in forms name their files; the other pages of a visitor none.
        expect(html.replace(answersElement, '')).toBe(pageNaming(expected.files));
        const answers = answersOf(html);
        const texts = expected.texts && textsCall(expected.texts);
        expect(Object.keys(answers).sort()).toEqual(
          [sessionCall, ...(expected.texts ? textCalls(expected.texts) : [])].sort(),
        );
        expect(answers[sessionCall]).toMatchObject({
          isAuthenticated: false,
          session: { status: 'anonymous' },
        });
        // The texts are the API's own, in the address's language: the members' areas, not the administration's.
        if (texts) {
          expect(answers[texts]).toEqual((await get(texts, {})).json());
          expect(Object.keys(answers[texts] as object).sort()).toEqual([...memberTextAreas].sort());
          for (const area of adminTextAreas) expect(answers[texts]).not.toHaveProperty(area);
        }
      }
    }
    // A first visit gets its CSRF cookie with the page, once.
    const first = await get('/de_DE/login');
    expect(
      [first.headers['set-cookie']].flat().filter((c) => c?.startsWith(`${cookies.csrf}=`)),
    ).toHaveLength(1);
  });

  it("puts a member's session in every page, and the news stream's first page and the screen's files in the dashboard's", async () => {
    const member = await buildUser(t.db, { firstname: 'Ann</script><script>alert(1)</script>' });
    const group = await buildGroup(t.db, { admins: [member] });
    const client = await signedIn(t, member);
    const post = await writePost(client, {
      description: "<p>Erster Beitrag: $& $` $' $$</p>",
      group_id: group.id,
    });

    const dashboard = decoded(await client.get('/de_DE', { headers: { 'accept-encoding': 'gzip' } }));
    const answers = answersOf(dashboard);
    expect(Object.keys(answers).sort()).toEqual([newsCall, sessionCall, ...textCalls('de_DE')].sort());
    expect(answers[sessionCall]).toMatchObject({
      isAuthenticated: true,
      session: { status: 'authenticated', user: { id: member.id, firstname: member.firstname } },
    });
    expect((answers[newsCall] as { results: Array<{ item_id: number }> }).results[0]?.item_id).toBe(
      post.item_id,
    );
    // The answers are the API's own: the same as asking for them.
    expect(answers[newsCall]).toEqual((await client.get(newsCall)).json());
    // Nothing in them ends the element early or copies the page: a name with </script>, the post's tags
    // and its replacement patterns ($&, $`, $') stay inside it as they are.
    expect(dashboard.match(/<script/g)).toHaveLength(2);
    expect(dashboard).not.toContain('<p>');
    expect((answers[newsCall] as { results: Array<{ description: string }> }).results[0]?.description).toBe(
      "<p>Erster Beitrag: $&amp; $` $' $$</p>",
    );
    // The browser fetches the dashboard's files beside the entry.
    expect(dashboard.replace(answersElement, '')).toBe(pageNaming(dashboardFiles));

    const groupsPage = decoded(await client.get('/en_GB/groups'));
    expect(Object.keys(answersOf(groupsPage)).sort()).toEqual([sessionCall, ...textCalls('en_GB')].sort());
    expect(groupsPage).not.toContain('modulepreload');
    // A member is not sent to the sign-in page's files.
    expect(decoded(await client.get('/de_DE/login'))).not.toContain('modulepreload');
    // HEAD gets the page too.
    const head = await client.call('HEAD' as 'GET', '/de_DE');
    expect(head.statusCode).toBe(200);
  });

  it('gives a member who has not accepted the terms the session and texts only, also on the dashboard', async () => {
    const member = await buildUser(t.db, { agb_nda_accepted: false });
    const client = await signedIn(t, member);
    const page = decoded(await client.get('/de_DE'));
    const answers = answersOf(page);
    expect(Object.keys(answers).sort()).toEqual([sessionCall, ...textCalls('de_DE')].sort());
    expect(page).not.toContain('modulepreload');
    expect(answers[sessionCall]).toMatchObject({ session: { status: 'agb_pending' } });
  });

  it("carries the customer's own texts of the address's language", async () => {
    try {
      await storeSettingsDocument(t.db, 'text_overrides', { en_GB: { 'admin.title': 'Back office' } });
      const answers = answersOf(decoded(await get('/en_GB/login')));
      expect(answers[`${languageCall('en_GB')}/overrides`]).toEqual({ 'admin.title': 'Back office' });
      expect(answersOf(decoded(await get('/de_DE/login')))[`${languageCall('de_DE')}/overrides`]).toEqual({});
    } finally {
      await storeSettingsDocument(t.db, 'text_overrides', {});
    }
  });

  it("names the customer's favicon in the page once one is set, and only one of the server's own", async () => {
    const favicon = '/api/v2/branding/favicon/0123456789abcdef0123-32.png';
    const icons = (html: string) => html.match(/<link rel="(icon|apple-touch-icon)"[^>]*>/g);
    try {
      await setSettingByPath(t.db, 'company.favicon_url', favicon);
      expect(icons(decoded(await get('/de_DE/login')))).toEqual([
        `<link rel="icon" href="${favicon}" type="image/png" sizes="32x32">`,
        '<link rel="apple-touch-icon" href="/api/v2/branding/favicon/0123456789abcdef0123-180.png">',
      ]);
      await setSettingByPath(t.db, 'company.favicon_url', 'https://elsewhere.example/x-32.png"><script>');
      expect(icons(decoded(await get('/de_DE/login')))).toEqual([
        '<link rel="icon" href="/favicon.svg" type="image/svg+xml" />',
      ]);
    } finally {
      await setSettingByPath(t.db, 'company.favicon_url', null);
    }
  });

  it('revalidates files that carry no hash, and sends a file without twins as it is', async () => {
    const response = await get('/favicon.svg', { 'accept-encoding': browserEncodings });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it("never sends the bundler's dot files (an address outside the assets gets the app page)", async () => {
    for (const url of ['/.vite/manifest.json', '/.vite/first-screens.json']) {
      const response = await get(url, { 'accept-encoding': browserEncodings });
      expect(decoded(response).replace(answersElement, ''), url).toBe(indexHtml);
    }
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

  it('sends only the files the build held as the server started, each by its exact name, to GET and HEAD', async () => {
    // A file put beside the build later (a deployment's leftover, a file a process wrote there) is no file
    // of the site.
    writeFileSync(path.join(webDist, 'assets/later-Uv12Wx34.js'), 'export {};');
    const later = await get('/assets/later-Uv12Wx34.js', { 'accept-encoding': browserEncodings });
    expect(later.statusCode).toBe(404);
    for (const url of [
      '/ASSETS/index-Ab12Cd34.js',
      '/assets/INDEX-Ab12Cd34.js',
      '/assets//index-Ab12Cd34.js',
    ]) {
      const response = await get(url, { 'accept-encoding': browserEncodings });
      expect(decoded(response), url).not.toBe(entryJs);
    }
    const exact = await get('/assets/index-Ab12Cd34.js?v=1', { 'accept-encoding': browserEncodings });
    expect(exact.statusCode).toBe(200);
    expect(decoded(exact)).toBe(entryJs);
    const head = await t.app.inject({
      method: 'HEAD',
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': browserEncodings },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['cache-control']).toBe(immutable);
    expect(head.body).toBe('');
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
