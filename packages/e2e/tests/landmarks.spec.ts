// axe once found the phone's navigation drawer without a name, and two search landmarks of the same
// name (the app bar's and the page's own) on the who-is-who and the occasions at desktop width.
import { expect, test } from '@playwright/test';
import { acceptCookies, expectAccessible, members, stateOf } from '../fixtures/plaza';

test.use({ storageState: stateOf(members.anna) });
test.beforeEach(async ({ context }) => acceptCookies(context));

for (const lang of ['de_DE', 'en_GB'] as const) {
  test(`the phone's navigation drawer is named and passes axe (${lang})`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/${lang}/groups`);
    await page
      .getByRole('button', { name: lang === 'de_DE' ? 'Navigation öffnen' : 'Open navigation' })
      .click();
    const drawer = page.getByRole('dialog', {
      name: lang === 'de_DE' ? 'Hauptnavigation' : 'Main navigation',
    });
    await expect(drawer).toBeVisible();
    await expectAccessible(page);
  });

  for (const path of ['who_is_who', 'occasions']) {
    test(`/${lang}/${path} has distinct landmarks at desktop width`, async ({ page }) => {
      await page.setViewportSize({ width: 1366, height: 900 });
      await page.goto(`/${lang}/${path}`);
      await expect(page.getByRole('search')).toHaveCount(2);
      await page.waitForLoadState('networkidle');
      await expectAccessible(page);
    });
  }
}
