import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { adminTextsQuery, firstAnswers, memberTextsQuery } from '@plaza/contract';
import { firstScreen } from '@plaza/contract/first-screen';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestDatabase } from '../../test/database';
import { buildAdmin, buildUser } from '../../test/factories';
import { signedIn } from '../../test/group-helpers';

const sessionCall = '/api/v2/auth/is_authenticated';
/** A call the renderer makes beyond what the page brings anyway. */
const extraCall = '/api/v2/activities?page=1&per_page=5';
const phone = 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 Mobile Safari/537.36';
const tablet = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1';
const desktop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36';

const indexHtml =
  '<!doctype html><html lang="de"><head><title>Plaza</title><script type="module" crossorigin src="/assets/index-Ab12Cd34.js"></script><link rel="modulepreload" crossorigin href="/assets/runtime-Qr12St34.js"></head><body><div id="root"></div></body></html>';
const dashboardFiles = ['/assets/dashboard-Ef56Gh78.js'];
const signInFiles = ['/assets/login-page-Mn34Op56.js'];
/** The files of the groups list's lazy module (and of the module the dashboard shares with it). */
const groupsFiles = ['/assets/groups-page-Ij90Kl12.js', dashboardFiles[0]];
/** The administration's layout and its members section: their modules and files. */
const adminModules = ['features/admin/admin-layout', 'features/members/members-page'];
const adminFiles = ['/assets/admin-layout-Uv12Wx34.js', '/assets/members-page-Yz56Ab78.js'];
const textsCall = (query: { areas: string }) => `/api/v2/languages/de_DE?${new URLSearchParams(query)}`;

/**
 * A renderer as the web build makes it (web src/server-render.tsx), reduced to what the server relies on:
 * it asks its calls through the server, sanitises with the server's sanitiser and answers with the parts
 * of a page. A member named Broken makes it fail; one named Slow makes it wait until it is stopped.
 */
const renderer = `
export async function renderFirstScreen(input) {
  const { session } = await input.answer('${sessionCall}');
  await input.answer('${extraCall}');
  const name = session.user?.firstname ?? 'Visitor';
  if (name === 'Broken') throw new Error('the render failed');
  if (name === 'Slow') globalThis.slowRenders = (globalThis.slowRenders ?? 0) + 1;
  if (name === 'Slow') await new Promise((resolve, reject) => input.signal.addEventListener('abort', () => reject(input.signal.reason)));
  return {
    html: '<main><h1>' + name + '</h1><p>' + input.width + '</p><p>' + input.origin + (input.cookies.includes('cdisc=1') ? ' chosen' : ' unchosen') + '</p>' + input.sanitizeHtml('<p onclick="steal()">Hallo<script>steal()</script></p>', 'post') + '</main>',
    head: '<link rel="preload" as="image" href="/uploads/images/a.webp"/>',
    styles: { css: '.css-a1{color:red}.css-b2::after{content:"</style><script>"}', names: ['a1', 'b2'] },
    rootStyle: { '--pz-primary': '#123456', '--pz-font': '"Inter", sans-serif' },
    title: 'Dashboard & News <1> - Firma',
    modules: input.url.startsWith('/de_DE/groups') ? ['features/groups/groups-page', 'features/unknown'] : routeModules(input.url),
    queries: { queries: [{ queryKey: ['path'], state: { data: input.url + ' </script>' } }] },
  };
}
export function routeModules(pathname) {
  return pathname.startsWith('/de_DE/admin/members') ? ${JSON.stringify(adminModules)} : [];
}
`;

function writeWebBuild(dir: string) {
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  mkdirSync(path.join(dir, '.vite'), { recursive: true });
  mkdirSync(path.join(dir, '.ssr'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), indexHtml);
  writeFileSync(path.join(dir, 'assets/index-Ab12Cd34.js'), 'export {};');
  writeFileSync(
    path.join(dir, '.vite/first-screens.json'),
    JSON.stringify({
      dashboard: dashboardFiles,
      'sign-in': signInFiles,
      'features/groups/groups-page': groupsFiles,
      [adminModules[0]!]: [adminFiles[0]],
      [adminModules[1]!]: [adminFiles[1]],
    }),
  );
  writeFileSync(path.join(dir, '.ssr/server-render.js'), renderer);
}

function answersOf(html: string): Record<string, unknown> {
  const element = new RegExp(
    `<script id="${firstAnswers.elementId}" type="application/json">([^<]*)</script>`,
  ).exec(html);
  expect(element, 'the page carries answers').not.toBeNull();
  return JSON.parse(element![1]!);
}

function queriesOf(html: string): unknown {
  const element = new RegExp(
    `<script id="${firstScreen.queriesElementId}" type="application/json">([^<]*)</script>`,
  ).exec(html);
  expect(element, 'the page carries the queries drawn').not.toBeNull();
  return JSON.parse(element![1]!);
}

describe("an app page's first screen, rendered into its page", () => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(os.tmpdir(), 'plaza-web-'));
    writeWebBuild(webDist);
    // Rendered however busy the test process is; the load rule has its own test below.
    t = await createTestApp({ env: { WEB_DIST: webDist, FIRST_SCREEN_MAX_LOAD: '1' } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('draws it for the width of the device that asks, with its styles, theme, title and the answers it used', async () => {
    const member = await buildUser(t.db, { firstname: 'Ann' });
    const client = await signedIn(t, member);
    const page = (await client.get('/de_DE', { headers: { 'user-agent': phone } })).body;

    expect(page).toContain(
      `<div id="root" ${firstScreen.widthAttribute}="${firstScreen.widths.phone}"><main><h1>Ann</h1>`,
    );
    // Rich text went through the server's sanitiser.
    expect(page).toContain('<p>Hallo</p></main></div>');
    // Styles and the images to load early are in the head; nothing in the CSS ends its element.
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).toContain('<link rel="preload" as="image" href="/uploads/images/a.webp"/>');
    expect(head).toContain(
      `<style ${firstScreen.styleNamesAttribute}="a1 b2">.css-a1{color:red}.css-b2::after{content:"<\\/style><script>"}</style>`,
    );
    expect(page).toContain(
      '<html lang="de-DE" style="--pz-primary:#123456;--pz-font:&quot;Inter&quot;, sans-serif">',
    );
    expect(page).toContain('<title>Dashboard &amp; News &lt;1> - Firma</title>');
    // The app's code loads after the first paint: its entry, its modules and the screen's are named to the
    // loader, not to the parser; the entry's imports also apart, for the loader to run them before it.
    expect(page).not.toContain('<script type="module"');
    expect(page).not.toContain('rel="modulepreload"');
    expect(page).toContain(
      `<script defer src="/load-after-paint.js" data-entry="/assets/index-Ab12Cd34.js" data-entry-imports="/assets/runtime-Qr12St34.js" data-modules="/assets/runtime-Qr12St34.js ${dashboardFiles[0]}"></script>`,
    );
    // The app hydrates with the data the render drew (nothing in it ends its element); of the answers the
    // page brings only the session and the texts, not the calls the render made for its data.
    expect(queriesOf(page)).toEqual({
      queries: [{ queryKey: ['path'], state: { data: '/de_DE </script>' } }],
    });
    // The drawn HTML comes before the data, so a browser painting what it has so far paints the whole screen.
    const drawnEnd = page.indexOf('<p>Hallo</p></main></div>');
    expect(page.indexOf(`<script id="${firstAnswers.elementId}"`)).toBeGreaterThan(drawnEnd);
    expect(page.indexOf(`<script id="${firstScreen.queriesElementId}"`)).toBeGreaterThan(drawnEnd);
    // And the browser paints nothing before that element is parsed: a parser yielding inside the drawn HTML
    // painted half of it, which then moved.
    expect(head).toContain(`<link rel="expect" href="#${firstScreen.queriesElementId}" blocking="render">`);
    const answers = answersOf(page);
    expect(answers[sessionCall]).toMatchObject({ session: { user: { id: member.id } } });
    expect(Object.keys(answers).sort()).toEqual([
      sessionCall,
      '/api/v2/languages/de_DE/overrides',
      `/api/v2/languages/de_DE?${new URLSearchParams(memberTextsQuery)}`,
    ]);
    expect(answers[extraCall]).toBeUndefined();

    for (const [headers, width] of [
      [{ 'user-agent': desktop }, firstScreen.widths.desktop],
      [{ 'user-agent': tablet }, firstScreen.widths.tablet],
      [{ 'user-agent': desktop, 'sec-ch-ua-mobile': '?1' }, firstScreen.widths.phone],
    ] as const) {
      const drawn = (await client.get('/de_DE', { headers })).body;
      expect(drawn, JSON.stringify(headers)).toContain(`${firstScreen.widthAttribute}="${width}"><main>`);
    }
  });

  it('names the files of the routes it drew to the loader, once each', async () => {
    const client = await signedIn(t, await buildUser(t.db, { firstname: 'Gus' }));
    const page = (await client.get('/de_DE/groups', { headers: { 'user-agent': phone } })).body;
    expect(page).toContain('<main><h1>Gus</h1>');
    // The route's module's files follow the entry's; a module the build does not know adds nothing.
    expect(page).toContain(`data-modules="/assets/runtime-Qr12St34.js ${groupsFiles.join(' ')}"></script>`);
  });

  it("brings an administration page the administration's texts and names its layout's and section's files, drawn or not; no member's page", async () => {
    const admin = await signedIn(t, await buildAdmin(t.db, { firstname: 'Ann' }));
    const drawn = (await admin.get('/de_DE/admin/members', { headers: { 'user-agent': phone } })).body;
    expect(drawn).toContain('<main><h1>Ann</h1>');
    expect(Object.keys(answersOf(drawn))).toContain(textsCall(adminTextsQuery));
    expect(drawn).toContain(`data-modules="/assets/runtime-Qr12St34.js ${adminFiles.join(' ')}"></script>`);
    // Undrawn (the render failed), the browser fetches the layout's and the section's files beside the entry.
    const broken = await signedIn(t, await buildAdmin(t.db, { firstname: 'Broken' }));
    const undrawn = (await broken.get('/de_DE/admin/members', { headers: { 'user-agent': phone } })).body;
    expect(undrawn).toContain('<div id="root"></div>');
    expect(Object.keys(answersOf(undrawn))).toContain(textsCall(adminTextsQuery));
    for (const file of adminFiles)
      expect(undrawn).toContain(`<link rel="modulepreload" crossorigin href="${file}">`);
    // A member's pages, drawn or not, carry only the members' texts and no administration file.
    for (const [client, url] of [
      [admin, '/de_DE/groups'],
      [admin, '/de_DE'],
      [broken, '/de_DE/who_is_who'],
    ] as const) {
      const page = (await client.get(url, { headers: { 'user-agent': phone } })).body;
      expect(Object.keys(answersOf(page)), url).toContain(textsCall(memberTextsQuery));
      expect(Object.keys(answersOf(page)), url).not.toContain(textsCall(adminTextsQuery));
      for (const file of adminFiles) expect(page, url).not.toContain(file);
    }
    // A visitor who opens an administration address is sent on to sign in: without its texts.
    const visitor = (await t.app.inject({ method: 'GET', url: '/de_DE/admin/members' })).body;
    expect(Object.keys(answersOf(visitor))).not.toContain(textsCall(adminTextsQuery));
  });

  it('sends the page undrawn, for the browser to draw, when the render fails or does not finish in time', async () => {
    for (const firstname of ['Broken', 'Slow']) {
      const client = await signedIn(t, await buildUser(t.db, { firstname }));
      const response = await client.get('/de_DE', { headers: { 'user-agent': desktop } });
      expect(response.statusCode, firstname).toBe(200);
      expect(response.body, firstname).toContain('<div id="root"></div>');
      expect(response.body, firstname).toContain(
        '<script type="module" crossorigin src="/assets/index-Ab12Cd34.js">',
      );
      expect(response.body, firstname).toContain(
        `<link rel="modulepreload" crossorigin href="${dashboardFiles[0]}">`,
      );
      expect(answersOf(response.body)[sessionCall], firstname).toMatchObject({
        session: { status: 'authenticated' },
      });
    }
  });

  it('sends a page undrawn while as many renders as it makes at once are under way, and draws again after', async () => {
    const started = globalThis as { slowRenders?: number };
    const before = started.slowRenders ?? 0;
    const slow = await Promise.all(
      Array.from({ length: firstScreen.concurrentRenders }, async () =>
        signedIn(t, await buildUser(t.db, { firstname: 'Slow' })),
      ),
    );
    const ann = await signedIn(t, await buildUser(t.db, { firstname: 'Ann' }));
    const held = slow.map((client) => client.get('/de_DE', { headers: { 'user-agent': desktop } }));
    await expect.poll(() => (started.slowRenders ?? 0) - before, { timeout: 10_000 }).toBe(slow.length);
    const busy = await ann.get('/de_DE', { headers: { 'user-agent': desktop } });
    expect(busy.statusCode).toBe(200);
    expect(busy.body).toContain('<div id="root"></div>');
    await Promise.all(held);
    const drawn = await ann.get('/de_DE', { headers: { 'user-agent': desktop } });
    expect(drawn.body).toContain('<main><h1>Ann</h1>');
  });

  it('sends the page undrawn while the event loop is busier than FIRST_SCREEN_MAX_LOAD', async () => {
    const busy = await createTestApp({ env: { WEB_DIST: webDist, FIRST_SCREEN_MAX_LOAD: '0' } });
    try {
      const member = await buildUser(busy.db, { firstname: 'Ann' });
      const client = await signedIn(busy, member);
      // Past the first window of the load's measure: any work at all is more than 0.
      await new Promise((resolve) => setTimeout(resolve, 600));
      const page = await client.get('/de_DE', { headers: { 'user-agent': desktop } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="root"></div>');
      expect(page.body).toContain('<script type="module" crossorigin src="/assets/index-Ab12Cd34.js">');
    } finally {
      await busy.close();
    }
  });

  it('sends the page undrawn while requests wait for a database connection, and draws again after', async () => {
    const database = await createTestDatabase();
    let waiting = 1;
    const busy = await createTestApp({
      env: { WEB_DIST: webDist, FIRST_SCREEN_MAX_LOAD: '1' },
      database: { ...database, waiting: () => waiting },
    });
    try {
      const client = await signedIn(busy, await buildUser(busy.db, { firstname: 'Ann' }));
      const undrawn = await client.get('/de_DE', { headers: { 'user-agent': desktop } });
      expect(undrawn.statusCode).toBe(200);
      expect(undrawn.body).toContain('<div id="root"></div>');
      waiting = 0;
      const drawn = await client.get('/de_DE', { headers: { 'user-agent': desktop } });
      expect(drawn.body).toContain('<main><h1>Ann</h1>');
    } finally {
      await busy.close();
      await database.close();
    }
  });

  it("draws every page of a member and a visitor's, the sign-in forms too, but not the site's root", async () => {
    const member = await signedIn(t, await buildUser(t.db, { firstname: 'Ann' }));
    for (const url of ['/de_DE/groups', '/en_GB/who_is_who/3', '/de_DE/search_results?q=Ann']) {
      const page = (await member.get(url, { headers: { 'user-agent': desktop } })).body;
      expect(page, url).toContain('<main><h1>Ann</h1>');
      expect(queriesOf(page), url).toEqual({
        queries: [{ queryKey: ['path'], state: { data: `${url} </script>` } }],
      });
    }
    // A visitor's pages are drawn (a public CMS page, the TV, the sign-in forms), with the page's origin.
    for (const url of [
      '/de_DE/page/1',
      '/en_GB/bubbletool_tv?key=k',
      '/de_DE/login',
      '/en_GB/forgot_password',
      '/de_DE/reset_password?token=t',
    ]) {
      const visitor = await t.app.inject({ method: 'GET', url, headers: { 'user-agent': desktop } });
      expect(visitor.body, url).toContain(
        '<main><h1>Visitor</h1><p>1366</p><p>http://localhost:80 unchosen</p>',
      );
    }
    for (const url of ['/de_DE', '/']) {
      const visitor = await t.app.inject({ method: 'GET', url, headers: { 'user-agent': desktop } });
      expect(visitor.body, url).toContain('<div id="root"></div>');
    }
  });

  it('draws the sign-in page with what its cookies say (the cookie choice) and names its files to the loader', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/de_DE/login',
      headers: { 'user-agent': phone, cookie: 'cdisc=1; cookie_config=1; track_all=0' },
    });
    expect(page.body).toContain('<main><h1>Visitor</h1><p>400</p><p>http://localhost:80 chosen</p>');
    expect(page.body).toContain(
      `<script defer src="/load-after-paint.js" data-entry="/assets/index-Ab12Cd34.js" data-entry-imports="/assets/runtime-Qr12St34.js" data-modules="/assets/runtime-Qr12St34.js ${signInFiles[0]}"></script>`,
    );
  });

  it('draws nothing for a member who has not accepted the terms', async () => {
    const pending = await signedIn(t, await buildUser(t.db, { agb_nda_accepted: false }));
    for (const url of ['/de_DE', '/de_DE/groups'])
      expect((await pending.get(url)).body, url).toContain('<div id="root"></div>');
  });
});
