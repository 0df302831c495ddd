// The administration area (issue 51): a superadmin opens /admin and walks every section (axe on each, a
// screenshot kept), restores an earlier version of the settings from the version history, and finds
// that in the audit log; a member without any section is refused. Sessions are the saved ones.
import { expect, test } from '@playwright/test';
import { acceptCookies, apiAs, expectAccessible, members, screenshot, stateOf } from '../fixtures/plaza';
import { expectScreenshot, freezeClock } from '../fixtures/screenshots';

const { admin, anna } = members;

/** Every section of the contract's `adminSections`, in its order, with its title in the navigation. */
const sections = {
  settings: 'Settings',
  branding: 'Branding',
  menus: 'Menus',
  texts: 'Texts',
  cookies: 'Cookies',
  signup: 'Sign-up',
  sso: 'Single sign-on',
  pages: 'Pages',
  members: 'Members',
  jobs: 'Jobs',
  ratings: 'Ratings',
  shop: 'Shop',
  subscriptions: 'Subscriptions',
  tv: 'TV displays',
  history: 'Version history',
  audit: 'Audit log',
} as const;

test.describe('a superadmin', () => {
  test.use({ storageState: stateOf(admin), timezoneId: 'Europe/Berlin' });
  test.beforeEach(async ({ context }) => acceptCookies(context));

  test('opens the administration from its entry in the navigation at its first section', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/en_GB/groups');
    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link').click();
    await expect(page).toHaveURL(/\/en_GB\/admin\/settings$/);
    const nav = page.getByRole('navigation', { name: 'Administration sections' });
    await expect(nav.getByRole('link')).toHaveText(Object.values(sections));
    await expect(nav.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
  });

  for (const [key, title] of Object.entries(sections)) {
    test(`opens the ${key} section beside the navigation, axe-clean`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`/en_GB/admin/${key}`);
      const nav = page.getByRole('navigation', { name: 'Administration sections' });
      await expect(nav.getByRole('link', { name: title, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      await expectAccessible(page);
      await screenshot(page, `admin-${key}`);
    });
  }

  test('on a phone the sections open from a menu button, by keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/de_DE/admin/history');
    const button = page.getByRole('button', { name: 'Bereiche' });
    await button.focus();
    await page.keyboard.press('Enter');
    const nav = page.getByRole('navigation', { name: 'Bereiche der Verwaltung' });
    await expect(nav.getByRole('link', { name: 'Versionsverlauf' })).toHaveAttribute('aria-current', 'page');
    await expectAccessible(page);
    await nav.getByRole('link', { name: 'Protokoll' }).click();
    await expect(page).toHaveURL(/\/de_DE\/admin\/audit$/);
    await expect(nav).toBeHidden();
  });

  test('restores an earlier version of the settings, which the audit log then shows', async ({ page }) => {
    const api = await apiAs(admin);
    const before = (await (await api.get('/api/v2/settings')).json()) as {
      allow_posts_without_grp_and_topic: boolean;
    };
    const changed = await api.put('/api/v2/settings', {
      headers: await api.csrf(),
      data: { allow_posts_without_grp_and_topic: !before.allow_posts_without_grp_and_topic },
    });
    expect(changed.status()).toBe(200);

    await page.goto('/en_GB/admin/history?document=settings');
    const list = page.getByRole('list', { name: 'Versions' });
    const rows = list.getByRole('listitem');
    await expect(rows.first().getByText('Current')).toBeVisible();
    await expect(rows.first().getByRole('button', { name: 'Restore' })).toHaveCount(0);
    const earlier = rows.nth(1);
    await earlier.getByRole('button', { name: 'Show changes' }).click();
    await expect(earlier.getByLabel('Difference between the current value and this version')).toContainText(
      `"allow_posts_without_grp_and_topic": ${before.allow_posts_without_grp_and_topic}`,
    );
    await expectAccessible(page);
    await earlier.getByRole('button', { name: 'Restore' }).click();
    const dialog = page.getByRole('dialog', { name: 'Restore this version?' });
    await dialog.getByRole('button', { name: 'Restore' }).click();
    await expect(page.getByRole('status').getByText('The version was restored.')).toBeVisible();
    await expect(rows.first().getByText(/Restored from version \d+/)).toBeVisible();
    const after = await (await api.get('/api/v2/settings')).json();
    expect(after.allow_posts_without_grp_and_topic).toBe(before.allow_posts_without_grp_and_topic);
    await api.dispose();

    await page.goto('/en_GB/admin/audit');
    await page.getByRole('combobox', { name: 'Resource' }).click();
    await page.getByRole('option', { name: 'Settings', exact: true }).click();
    await page.getByRole('textbox', { name: 'Action' }).fill('settings.restore');
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page).toHaveURL(/resource_type=settings&action=settings\.restore/);
    const entry = page.getByRole('list', { name: 'Audit entries' }).getByRole('listitem').first();
    await expect(entry).toContainText('settings.restore');
    await expect(entry).toContainText('Erika Admin');
    await entry.getByRole('button', { name: 'Details' }).click();
    await expect(entry.getByLabel('Before and after')).toContainText('allow_posts_without_grp_and_topic');
    await expectAccessible(page);
  });

  test('the audit log with filters that match nothing looks as it did', async ({ page }) => {
    await freezeClock(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/en_GB/admin/audit?resource_type=gift&from=2000-01-01&to=2000-01-02');
    await expect(page.getByText('No entries match these filters.')).toBeVisible();
    await expectScreenshot(page, 'admin-audit-empty.png');
  });
});

test.describe('a member without any section', () => {
  test.use({ storageState: stateOf(anna) });
  test.beforeEach(async ({ context }) => acceptCookies(context));

  test('has no administration entry and is refused the area and its sections', async ({ page }) => {
    await page.goto('/en_GB/groups');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Administration' })).toHaveCount(0);
    for (const path of [
      '/en_GB/admin',
      '/en_GB/admin/audit',
      '/en_GB/admin/history',
      '/en_GB/manage_pages',
    ]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/en_GB\/403$/);
    }
  });
});
