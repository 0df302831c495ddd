// Every page of a member comes drawn by the server with the data it shows (server platform/first-screen.ts,
// web server-render.tsx), not only the dashboard (dashboard.spec.ts): the app takes the drawing over with
// that data instead of asking for it again, and answers at once.
import { expect, test } from '@playwright/test';
import { createGroup } from '../fixtures/groups';
import { acceptCookies, apiCallsOf, members, stateOf } from '../fixtures/plaza';

test.use({ storageState: stateOf(members.anna) });
test.beforeEach(async ({ context }) => acceptCookies(context));

test('a group page comes drawn with its data, and the app takes it over without asking again', async ({
  page,
}) => {
  const group = await createGroup(members.anna, 'open', 'Drawn by the server');
  await page.setViewportSize({ width: 390, height: 844 });
  const calls = apiCallsOf(page);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/WebSocket/.test(message.text())) errors.push(message.text());
  });
  // The group's heading as the server drew it, kept before the app's code runs.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { drawn: Element | null }).drawn = document.querySelector('#root h1');
    });
  });
  const response = await page.goto(`/en_GB/groups/${group.id}`);
  const html = await response!.text();
  // Drawn for a desktop's width (the user agent says nothing of a phone), with the group's name and tabs.
  expect(html).toMatch(/<div id="root" data-assumed-width="1366">/);
  expect(html).toContain(`>${group.name}</h1>`);
  expect(html).toMatch(/<button[^>]*role="tab"[^>]*>[\s\S]*?Members/);
  expect(html).toContain('<script id="plaza-first-queries" type="application/json">');

  // The app answers: another tab opens.
  await page.getByRole('tab', { name: 'Members' }).click();
  await expect(page).toHaveURL(/selectedTab=members/);
  // It took the server's drawing over instead of drawing the page again.
  expect(
    await page.evaluate(() => {
      const drawn = (window as unknown as { drawn: Element | null }).drawn;
      return drawn !== null && drawn === document.querySelector('#root h1') && drawn.isConnected;
    }),
  ).toBe(true);
  expect(errors).toEqual([]);
  // The group and the session came with the page: not asked for again.
  for (const call of ['/api/v2/auth/is_authenticated', `/api/v2/groups/${group.id}?`, '/api/v2/languages/'])
    expect(calls.filter((made) => made.startsWith(call) || made === call.replace(/\?$/, ''))).toEqual([]);
});

test('a reader who scrolled a drawn page before the app ran stays where they are when it takes over', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 400 });
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => window.scrollTo(0, 300));
  });
  await page.goto('/en_GB/who_is_who');
  // The app has taken the page over once its fields take input again.
  await expect(page.getByRole('combobox', { name: 'Search people and content' })).toBeEditable();
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => window.scrollY)).toBe(300);
});
