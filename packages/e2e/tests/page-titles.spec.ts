// Every page once had the same tab title: now each names itself, then the company.
import { expect, test } from '@playwright/test';
import { acceptCookies, members, stateOf } from '../fixtures/plaza';

test.beforeEach(async ({ context }) => acceptCookies(context));

test('a visitor sees the sign-in page’s own title', async ({ page }) => {
  await page.goto('/de_DE/login');
  await expect(page).toHaveTitle('Anmelden - Nordlicht GmbH');
  await page.goto('/en_GB/forgot_password');
  await expect(page).toHaveTitle('Forgot password - Nordlicht GmbH');
});

test.describe('signed in', () => {
  test.use({ storageState: stateOf(members.anna) });

  for (const [path, title] of [
    ['/de_DE', 'Startseite - Nordlicht GmbH'],
    ['/de_DE/groups', 'Gruppen - Nordlicht GmbH'],
    ['/de_DE/who_is_who', 'Wer ist wer - Nordlicht GmbH'],
    ['/en_GB/activity_feed', 'Activities - Nordlicht GmbH'],
    ['/en_GB/occasions', 'Occasions - Nordlicht GmbH'],
    ['/de_DE/groups/1', 'Running Club - Nordlicht GmbH'],
    ['/en_GB/404', 'Page not found - Nordlicht GmbH'],
  ] as const) {
    test(`${path} is titled "${title}"`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
    });
  }
});
