// The dashboard as a member opens it: on a phone the feed and the latest activities come first, the
// post box is one line until used (its editor loads only then), and every article shows once.
import { expect, test } from '@playwright/test';
import { acceptCookies, expectAccessible, members, stateOf } from '../fixtures/plaza';

test.use({ storageState: stateOf(members.anna) });
test.beforeEach(async ({ context }) => acceptCookies(context));

test.describe('on a phone', () => {
  // A phone says so in its user agent: the server draws the phone's layout into the page.
  test.use({
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36',
  });

  test('a phone shows the latest activities and the first post on the first screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/en_GB');
    const firstPost = page.getByRole('main').locator('article').first();
    await expect(firstPost).toBeVisible();
    expect((await firstPost.boundingBox())!.y).toBeLessThan(844);
    const activities = page.getByRole('heading', { name: 'Latest activities' });
    expect((await activities.boundingBox())!.y).toBeLessThan(844);
    // The post box is a line; the editor's chunk is not loaded with the page.
    await expect(page.getByRole('textbox', { name: 'Your post' })).toHaveCount(0);
    expect(scripts.filter((url) => /\/create-post-box-/.test(url))).toEqual([]);
    await page.getByRole('button', { name: /What's new/ }).click();
    await expect(page.getByRole('textbox', { name: 'Your post' })).toBeFocused();
    await expectAccessible(page);
  });
});

test('every article shows once on the dashboard', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/en_GB');
  await expect(page.getByRole('heading', { name: 'News', level: 2, exact: true })).toBeVisible();
  await expect(page.getByRole('main').locator('article').first()).toBeVisible();
  // Every link to an article (its teaser, its stream card, a web news entry), by address.
  const articleLinks = await page
    .getByRole('main')
    .locator('a[href*="/news/"]:not([href*="/news/post-"])')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  const seen = new Map<string, number>();
  for (const href of articleLinks) seen.set(href!, (seen.get(href!) ?? 0) + 1);
  expect([...seen].filter(([, count]) => count > 1)).toEqual([]);
});

test('the page comes with the dashboard drawn and its answers; the app takes the drawing over without asking again', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${url.pathname}${url.search}`);
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  // The first post as the server drew it, kept before the app's code runs (it loads after the first paint).
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { drawn: Element | null }).drawn = document.querySelector('#root article');
    });
  });
  const response = await page.goto('/en_GB');
  const html = await response!.text();
  // Drawn for a desktop's width, with the posts and the latest activities in the page itself.
  expect(html).toMatch(/<div id="root" data-assumed-width="1366"><div/);
  expect(html).toMatch(/<h2[^>]*>Latest activities<\/h2>/);
  expect(html).toMatch(/<article class="MuiPaper-root/);
  expect(html).toMatch(/<style data-emotion="css [^"]+">/);
  // The app's code is named to the script that loads it after the first paint, the dashboard's among it.
  expect(html).not.toContain('<script type="module"');
  expect(html).toMatch(
    /<script defer src="\/load-after-paint\.js" data-entry="\/assets\/index-[^"]+\.js" data-modules="[^"]*\/assets\/dashboard-view-[^"]+\.js/,
  );
  expect(html).toContain('<script id="plaza-first-answers" type="application/json">');
  // The app answers: the post box opens its editor.
  await page.getByRole('button', { name: /What's new/ }).click();
  await expect(page.getByRole('textbox', { name: 'Your post' })).toBeFocused();
  // It took the server's drawing over instead of drawing the page again.
  expect(
    await page.evaluate(() => {
      const drawn = (window as unknown as { drawn: Element | null }).drawn;
      return drawn !== null && drawn === document.querySelector('#root article') && drawn.isConnected;
    }),
  ).toBe(true);
  expect(errors).toEqual([]);
  // Nothing of the first screen was asked for again: it came with the page.
  for (const call of [
    '/api/v2/auth/is_authenticated',
    '/api/v2/languages/',
    '/api/v2/news?page=1&',
    '/api/v2/activities?',
  ])
    expect(calls.filter((made) => made.startsWith(call))).toEqual([]);
});

test.describe('in a time zone other than UTC', () => {
  test.use({ timezoneId: 'Europe/Berlin' });

  test("the rendered page shows the posts' times in the window's zone, not the server's UTC", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    const response = await page.goto('/en_GB');
    const html = await response!.text();
    const [, utcText] = /<time dateTime="[^"]+" data-moment="">([^<]+)<\/time>/.exec(html) ?? [];
    expect(utcText, 'the server wrote a time').toBeDefined();
    const first = page.getByRole('main').locator('article time[data-moment]').first();
    const local = await first.evaluate((time: HTMLTimeElement) => {
      const moment = new Date(time.dateTime);
      const two = (number: number) => String(number).padStart(2, '0');
      return `${two(moment.getDate())}.${two(moment.getMonth() + 1)}.${moment.getFullYear()} ${two(moment.getHours())}:${two(moment.getMinutes())}`;
    });
    expect(local).not.toBe(utcText);
    await expect(first).toHaveText(local);
    // And once the app has taken the page over.
    await page.getByRole('button', { name: /What's new/ }).click();
    await expect(page.getByRole('textbox', { name: 'Your post' })).toBeFocused();
    await expect(first).toHaveText(local);
  });
});
