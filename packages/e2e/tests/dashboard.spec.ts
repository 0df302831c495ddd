// The dashboard as a member opens it: on a phone the feed and the latest activities come first, the
// post box is one line until used (its editor loads only then), and every article shows once.
import { expect, test } from '@playwright/test';
import { acceptCookies, expectAccessible, members, stateOf } from '../fixtures/plaza';

test.use({ storageState: stateOf(members.anna) });
test.beforeEach(async ({ context }) => acceptCookies(context));

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

test("the page brings the session, the texts, the first news page and the names of the dashboard's code", async ({
  page,
}) => {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${url.pathname}${url.search}`);
  });
  const response = await page.goto('/en_GB');
  const html = await response!.text();
  expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/dashboard-view-[^"]+\.js">/);
  expect(html).toContain('<script id="plaza-first-answers" type="application/json">');
  await expect(page.getByRole('main').locator('article').first()).toBeVisible();
  // The widgets beside the stream still ask; the session, the texts and the stream's first page came with
  // the page.
  await expect.poll(() => calls.some((call) => call.startsWith('/api/v2/activities?'))).toBe(true);
  expect(calls.filter((call) => call.startsWith('/api/v2/auth/is_authenticated'))).toEqual([]);
  expect(calls.filter((call) => call.startsWith('/api/v2/languages/'))).toEqual([]);
  expect(calls.filter((call) => call.startsWith('/api/v2/news?page=1&'))).toEqual([]);
});
