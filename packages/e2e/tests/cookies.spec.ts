import { expect, test } from '@playwright/test';
import { expectAccessible, screenshot } from '../fixtures/plaza';

async function cookieValues(context: import('@playwright/test').BrowserContext) {
  const all = await context.cookies();
  const value = (name: string) => all.find((c) => c.name === name);
  return { cdisc: value('cdisc'), trackAll: value('track_all'), config: value('cookie_config') };
}

test('the sign-in page asks below the form, never over it, and stores "necessary only" for a year', async ({
  page,
  context,
}) => {
  await page.goto('/en_GB/login');
  const notice = page.getByRole('region', { name: 'We use cookies' });
  await expect(notice).toBeVisible();
  // The overlay once arrived after the form and covered it: the form stays usable, no dialog comes.
  await page.waitForTimeout(2500);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click({ trial: true });
  // The text points to the cookie settings at the bottom of the page: they are there, with the legal pages.
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('button', { name: 'Cookie settings' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Imprint' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Privacy' })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'cookie-notice-en_GB');
  await notice.getByRole('button', { name: 'Necessary only' }).click();
  await page.waitForLoadState('load');
  await expect(page.getByRole('dialog')).toBeHidden();
  const stored = await cookieValues(context);
  expect(stored.cdisc?.value).toBe('1');
  expect(stored.trackAll?.value).toBe('0');
  expect(stored.config?.value).toBe('1');
  const days = ((stored.cdisc?.expires ?? 0) - Date.now() / 1000) / 86_400;
  expect(days).toBeGreaterThan(364);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
});

test('the details view keeps the necessary category checked and saves a selection', async ({
  page,
  context,
}) => {
  await page.goto('/de_DE/login');
  await page
    .getByRole('region', { name: 'Wir verwenden Cookies' })
    .getByRole('button', { name: 'Einstellungen' })
    .click();
  const overlay = page.getByRole('dialog', { name: 'Cookie-Einstellungen' });
  const boxes = overlay.getByRole('switch');
  await expect(boxes.first()).toBeChecked();
  await expect(boxes.first()).toBeDisabled();
  await expectAccessible(page);
  await screenshot(page, 'cookie-details-de_DE');
  const count = await boxes.count();
  expect(count).toBeGreaterThan(1);
  await boxes.nth(1).check();
  await overlay.getByRole('button', { name: 'Auswahl speichern' }).click();
  await page.waitForLoadState('load');
  await expect(page.getByRole('dialog')).toBeHidden();
  const stored = await cookieValues(context);
  expect(stored.config?.value.split('-')).toContain('1');
  expect(stored.config?.value.split('-').length).toBe(2);
  await page.reload();
  await expect(page.getByRole('dialog')).toBeHidden();
});

test('the overlay opens by itself on other pages and accept all stores every category and track_all', async ({
  page,
  context,
}) => {
  await page.goto('/en_GB/404');
  const overlay = page.getByRole('dialog', { name: 'We use cookies' });
  await expect(overlay).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'cookie-overlay-en_GB');
  await overlay.getByRole('button', { name: 'Accept all' }).click();
  await page.waitForLoadState('load');
  await expect(page.getByRole('dialog')).toBeHidden();
  const stored = await cookieValues(context);
  expect(stored.trackAll?.value).toBe('1');
  expect(stored.config?.value.split('-').length).toBeGreaterThan(1);
});
