// The dashboard as a member opens it: on a phone the feed and the latest activities come first, the
// post box is one line until used (its editor loads only then), and every article shows once.
import { expect, test } from '@playwright/test';
import { acceptCookies, apiCallsOf, baseURL, expectAccessible, members, stateOf } from '../fixtures/plaza';

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
  const calls = apiCallsOf(page);
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
  // Its styles, named for the app's style cache to take over (web app/style-cache.ts).
  expect(html).toMatch(/<style data-style-names="[^"]+">/);
  // The app's code is named to the script that loads it after the first paint, the dashboard's among it.
  expect(html).not.toContain('<script type="module"');
  expect(html).toMatch(
    /<script defer src="\/load-after-paint\.js" data-entry="\/assets\/index-[^"]+\.js" data-entry-imports="[^"]*\/assets\/react-dom-[^"]+\.js[^"]*" data-modules="[^"]*\/assets\/dashboard-view-[^"]+\.js/,
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
  // Nothing of the first screen was asked for again: it came with the page. (The latest activities are
  // asked for once more when the socket first confirms: what happened since the render would be missed.)
  for (const call of ['/api/v2/auth/is_authenticated', '/api/v2/languages/', '/api/v2/news?page=1&'])
    expect(calls.filter((made) => made.startsWith(call))).toEqual([]);
  expect(calls.filter((made) => made.startsWith('/api/v2/activities?')).length).toBeLessThanOrEqual(1);
});

/**
 * A time zone in which `moment` falls on another day than in UTC, at whatever hour it is: UTC+14 from
 * 10:00 UTC on, UTC-11 before 11:00 UTC.
 */
const zoneOnAnotherDay = (moment: Date) =>
  moment.getUTCHours() >= 10 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';

/** The text of a `<time>` in the window's zone: its day (DD.MM.YYYY), or its day and time. */
const inWindowZone = (time: HTMLTimeElement, withTime: boolean) => {
  const moment = new Date(time.dateTime);
  const two = (number: number) => String(number).padStart(2, '0');
  const day = `${two(moment.getDate())}.${two(moment.getMonth() + 1)}.${moment.getFullYear()}`;
  return withTime ? `${day} ${two(moment.getHours())}:${two(moment.getMinutes())}` : day;
};

test("in another time zone the page shows times and days in the window's zone, and the app takes it over", async ({
  browser,
  page,
}) => {
  // The server renders in UTC. Its page is read first, to pick a zone where the first article's day is
  // another day: the app must take over a page whose texts differ from its own first render.
  const html = await (await page.request.get('/en_GB')).text();
  const [, published, utcDay] = /<time dateTime="([^"]+)" data-moment="day">([^<]+)<\/time>/.exec(html) ?? [];
  const [, utcTime] = /<time dateTime="[^"]+" data-moment="">([^<]+)<\/time>/.exec(html) ?? [];
  expect(utcDay, "the server wrote an article's day").toBeDefined();
  expect(utcTime, "the server wrote a post's time").toBeDefined();
  const context = await browser.newContext({
    baseURL,
    storageState: stateOf(members.anna),
    timezoneId: zoneOnAnotherDay(new Date(published!)),
  });
  await acceptCookies(context);
  const zoned = await context.newPage();
  const errors: string[] = [];
  zoned.on('pageerror', (error) => errors.push(error.message));
  await zoned.setViewportSize({ width: 1366, height: 900 });
  await zoned.goto('/en_GB');
  const main = zoned.getByRole('main');
  const time = main.locator('article time[data-moment=""]').first();
  const day = main.locator('time[data-moment="day"]').first();
  const localTime = await time.evaluate(inWindowZone, true);
  const localDay = await day.evaluate(inWindowZone, false);
  expect(localTime).not.toBe(utcTime);
  expect(localDay).not.toBe(utcDay);
  await expect(time).toHaveText(localTime);
  await expect(day).toHaveText(localDay);
  // The app takes the page over as it is (no hydration error), so a click made meanwhile is not lost.
  await zoned.getByRole('button', { name: /What's new/ }).click();
  await expect(zoned.getByRole('textbox', { name: 'Your post' })).toBeFocused();
  await expect(time).toHaveText(localTime);
  await expect(day).toHaveText(localDay);
  expect(errors).toEqual([]);
  await context.close();
});
