import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cookies, csrfHeader } from '@plaza/contract';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitTable } from '../src/platform/rate-limit';
import { createTestApp, type TestApp } from './app';
import { TestClient } from './client';
import { buildAdmin, buildUser, testPassword } from './factories';
import { uploadFiles } from './multipart';

/**
 * The security headers and cookie flags on every kind of answer (issue 53.6, ASVS V3/V14): app pages
 * signed in and not, the sign-in and TV pages, API JSON and its errors, downloads, images, static
 * files, the health check. Run once on plain HTTP and once behind an HTTPS proxy.
 */

const indexHtml =
  '<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>';

/** A web build as small as the server needs to serve the app's pages and files. */
function writeWebBuild(dir: string) {
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), indexHtml);
  writeFileSync(path.join(dir, 'assets/index-Ab12Cd34.js'), 'export {};');
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
}

/** The directives of a Content-Security-Policy header, by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );
}

type Kind = 'html' | 'other';
interface Answer {
  name: string;
  kind: Kind;
  status: number;
  response: LightMyRequestResponse;
}

/** Every kind of answer the server gives, from `t`'s app. */
async function everyKindOfAnswer(t: TestApp, forwarded: Record<string, string>): Promise<Answer[]> {
  const member = await buildUser(t.db);
  const anonymous = new TestClient(t.app);
  const signedIn = new TestClient(t.app);
  await signedIn.login(member.username, testPassword);
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
  const image = (await uploadFiles(signedIn, '/api/v2/posts/file', { data: png, filename: 'a.png' })).json();
  const csv = (
    await uploadFiles(signedIn, '/api/v2/posts/file', { data: Buffer.from('a;b\n1;2\n'), filename: 'a.csv' })
  ).json();
  const storedImage = `${'ab'.repeat(16)}.webp`;
  await t.storage.put(`images/${storedImage}`, png);

  const admin = new TestClient(t.app);
  await admin.login((await buildAdmin(t.db)).username, testPassword);
  const { key } = (await admin.post('/api/v2/tv/display_keys', { name: 'Lobby' })).json();

  const limited = new TestClient(t.app, '10.70.0.1');
  let tooMany: LightMyRequestResponse | undefined;
  for (let n = 0; n <= rateLimitTable.passwordResetMail.max; n++) {
    tooMany = await limited.post('/api/v2/auth/forgot_password', { email: `x${n}@example.net` });
  }

  const get = (client: TestClient, url: string) => client.get(url, { headers: forwarded });
  const answers: Array<[string, Kind, number, Promise<LightMyRequestResponse> | LightMyRequestResponse]> = [
    ['app page, anonymous', 'html', 200, get(anonymous, '/')],
    ['app page, signed in', 'html', 200, get(signedIn, '/de_DE/')],
    ['sign-in page', 'html', 200, get(anonymous, '/en_GB/login')],
    ['TV page', 'html', 200, get(anonymous, '/de_DE/bubbletool_tv')],
    ['API documentation', 'html', 200, get(anonymous, '/api/docs/')],
    ['API JSON', 'other', 200, get(signedIn, '/api/v2/auth/is_authenticated')],
    ['TV feed (display key)', 'other', 200, get(anonymous, `/api/v2/tv/feed?key=${key}`)],
    ['TV feed, wrong key', 'other', 403, get(anonymous, `/api/v2/tv/feed?key=${'x'.repeat(43)}`)],
    ['API 400', 'other', 400, signedIn.post('/api/v2/posts', { description: 7 }, { headers: forwarded })],
    ['API 401', 'other', 401, get(anonymous, '/api/v2/members')],
    ['API 403 (CSRF)', 'other', 403, anonymous.post('/api/v2/auth/login', {}, { withoutCsrf: true })],
    ['API 404', 'other', 404, get(signedIn, '/api/v2/no_such_thing')],
    ['bad URL', 'other', 400, get(signedIn, '/api/v2/posts/%c0')],
    ['broken JSON', 'other', 400, raw(t, signedIn, '{"description":', 'application/json')],
    ['unsupported body', 'other', 415, raw(t, signedIn, 'description=x', 'text/x-unknown')],
    [
      'body too large',
      'other',
      413,
      raw(t, signedIn, `{"x":"${'x'.repeat(1024 * 1024)}"}`, 'application/json'),
    ],
    ['missing asset', 'other', 404, get(anonymous, '/assets/missing-Zz99Zz99.js')],
    ['API 429', 'other', 429, tooMany!],
    ['post image download', 'other', 200, get(signedIn, `/api/v2/posts/file/${image.id}`)],
    ['post file download', 'other', 200, get(signedIn, `/api/v2/posts/file/${csv.id}`)],
    ['stored image', 'other', 200, get(anonymous, `/uploads/images/${storedImage}`)],
    ['missing image', 'other', 404, get(anonymous, `/uploads/images/${'cd'.repeat(16)}.webp`)],
    ['static asset', 'other', 200, get(anonymous, '/assets/index-Ab12Cd34.js')],
    ['static file', 'other', 200, get(anonymous, '/favicon.svg')],
    ['health check', 'other', 200, get(anonymous, '/healthz')],
  ];
  return Promise.all(
    answers.map(async ([name, kind, status, response]) => ({ name, kind, status, response: await response })),
  );
}

/** A POST of a body exactly as given, with the signed-in client's cookies and CSRF header. */
function raw(t: TestApp, client: TestClient, payload: string, contentType: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v2/posts',
    payload,
    headers: {
      'content-type': contentType,
      cookie: [...client.jar].map(([k, v]) => `${k}=${v}`).join('; '),
      [csrfHeader]: client.jar.get(cookies.csrf) ?? '',
    },
  });
}

/** The rules every answer keeps, whatever its kind. */
function expectSafeHeaders({ name, kind, status, response }: Answer) {
  const headers = response.headers;
  expect(response.statusCode, `${name}: ${response.body.slice(0, 200)}`).toBe(status);
  expect(headers['x-content-type-options'], name).toBe('nosniff');
  expect(headers['referrer-policy'], name).toMatch(
    /^(no-referrer|same-origin|strict-origin(-when-cross-origin)?)$/,
  );
  const policy = headers['content-security-policy'];
  expect(policy, name).toBeTypeOf('string');
  const csp = directives(String(policy));
  // Scripts follow script-src, or default-src without it; neither may allow inline or evaluated code.
  const scripts = csp.get('script-src') ?? csp.get('default-src');
  expect(scripts, `${name}: a script policy`).toBeDefined();
  expect(scripts, name).not.toContain("'unsafe-inline'");
  expect(scripts, name).not.toContain("'unsafe-eval'");
  expect(csp.get('script-src-attr') ?? [], name).not.toContain("'unsafe-inline'");
  expect(csp.get('object-src') ?? csp.get('default-src'), name).toEqual(["'none'"]);
  if (kind === 'html') {
    expect(headers['content-type'], name).toMatch(/^text\/html/);
    const framing = csp.get('frame-ancestors');
    if (framing) expect(framing, name).toEqual(["'none'"]);
    else expect(headers['x-frame-options'], name).toMatch(/^(DENY|SAMEORIGIN)$/);
  }
}

function cookieNamed(response: LightMyRequestResponse, name: string) {
  const cookie = response.cookies.find((c) => c.name === name);
  expect(cookie, `${name} set`).toBeDefined();
  return cookie as typeof cookie & { httpOnly?: boolean; secure?: boolean; sameSite?: string; path?: string };
}

/** The session and CSRF cookies as they are set and cleared. */
async function cookieFlags(t: TestApp, forwarded: Record<string, string>) {
  const member = await buildUser(t.db);
  const client = new TestClient(t.app);
  const first = await client.get('/api/v2/auth/is_authenticated', { headers: forwarded });
  const login = await client.post(
    '/api/v2/auth/login',
    { username: member.username, password: testPassword },
    { headers: forwarded },
  );
  const logout = await client.get('/api/v2/auth/logout', { headers: forwarded });
  expect(login.statusCode).toBe(200);
  return {
    csrf: cookieNamed(first, cookies.csrf),
    session: cookieNamed(login, cookies.session),
    cleared: cookieNamed(logout, cookies.session),
  };
}

interface Transport {
  transport: string;
  env: NodeJS.ProcessEnv;
  /** Headers a proxy (or, on plain HTTP, a client pretending to be one) adds. */
  forwarded: Record<string, string>;
  https: boolean;
}
const transports: Transport[] = [
  { transport: 'plain HTTP', env: {}, forwarded: { 'x-forwarded-proto': 'https' }, https: false },
  {
    transport: 'behind an HTTPS proxy',
    env: { PUBLIC_URL: 'https://plaza.example', TRUST_PROXY: 'true' },
    forwarded: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.5' },
    https: true,
  },
];

describe.each(transports)('security headers and cookies, $transport', ({ env, forwarded, https }) => {
  let t: TestApp;
  let webDist: string;
  let answers: Answer[];

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(os.tmpdir(), 'plaza-web-'));
    writeWebBuild(webDist);
    t = await createTestApp({ env: { WEB_DIST: webDist, ...env } });
    answers = await everyKindOfAnswer(t, forwarded);
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('every kind of answer: nosniff, a referrer policy, no inline or evaluated scripts, no framing of pages', () => {
    expect(answers.length).toBeGreaterThanOrEqual(25);
    for (const answer of answers) expectSafeHeaders(answer);
  });

  it(
    https
      ? 'HSTS and upgrade-insecure-requests on every answer'
      : 'neither HSTS nor upgrade-insecure-requests, whatever X-Forwarded-Proto claims',
    () => {
      for (const { name, response } of answers) {
        const hsts = response.headers['strict-transport-security'];
        if (https)
          expect(hsts, name).toMatch(/^max-age=(\d{8,}|[2-9]\d{6,7}|1[6-9]\d{6}); includeSubDomains/);
        else expect(hsts, name).toBeUndefined();
        const policy = String(response.headers['content-security-policy']);
        // A download's own sandbox policy has nothing to upgrade.
        if (!policy.includes('sandbox')) {
          expect(policy.includes('upgrade-insecure-requests'), name).toBe(https);
        }
      }
    },
  );

  it(`the session cookie HttpOnly, SameSite=Lax${https ? ', Secure' : ''}; the CSRF cookie readable by the page alone`, async () => {
    const { csrf, session, cleared } = await cookieFlags(t, forwarded);
    for (const cookie of [session, cleared]) {
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(Boolean(cookie.secure)).toBe(https);
    }
    expect(cleared.value).toBe('');
    // Double submit: the page reads it to send it back in the header; another site can do neither.
    expect(csrf).toMatchObject({ sameSite: 'Lax', path: '/' });
    expect(Boolean(csrf.httpOnly)).toBe(false);
    expect(Boolean(csrf.secure)).toBe(https);
    expect(csrfHeader).toMatch(/^x-/);
  });
});
