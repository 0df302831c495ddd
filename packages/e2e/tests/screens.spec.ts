import { expect, test } from '@playwright/test';
import { acceptCookies, expectAccessible, type Lang, members, screenshot, signIn } from '../fixtures/plaza';

const widths = { desktop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } };
const langs: Lang[] = ['de_DE', 'en_GB'];

const anonymousPages = ['login', 'forgot_password', 'reset_password?user_id=1&hash=x', '404', '403', 'error'];
const memberPages = ['', 'change_password', 'result-not-found', '404'];

for (const [device, viewport] of Object.entries(widths)) {
  for (const lang of langs) {
    test(`pages are accessible and look right: ${device}, ${lang}`, async ({ page, context }) => {
      await acceptCookies(context);
      await page.setViewportSize(viewport);
      for (const path of anonymousPages) {
        await page.goto(`/${lang}/${path}`);
        await expect(page.locator('main').first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expectAccessible(page);
        await screenshot(page, `${lang}-${device}-anon-${path.split('?')[0] || 'root'}`);
      }
      await signIn(page, members.shots, lang);
      for (const path of memberPages) {
        await page.goto(`/${lang}/${path}`);
        await expect(page.locator('main').first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expectAccessible(page);
        await screenshot(page, `${lang}-${device}-member-${path || 'dashboard'}`);
      }
    });
  }
}

test('the language changer switches the interface language', async ({ page, context }) => {
  await acceptCookies(context);
  await page.goto('/de_DE/login');
  await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Sprache' }).click();
  await page.getByRole('option', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/en_GB\/login/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', /en/);
});

test('the navigation from the server follows the language', async ({ page, context }) => {
  await acceptCookies(context);
  await signIn(page, members.shots, 'de_DE');
  const nav = page.getByRole('navigation').first();
  await expect(nav.getByRole('link', { name: 'Gruppen' })).toBeVisible();
  await page.goto('/en_GB');
  await expect(nav.getByRole('link', { name: 'Groups' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Gruppen' })).toBeHidden();
});
