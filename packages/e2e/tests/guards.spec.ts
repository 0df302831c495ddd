import { expect, test } from '@playwright/test';
import { acceptCookies, expectAccessible, members, stateOf } from '../fixtures/plaza';

test.beforeEach(async ({ context }) => acceptCookies(context));

test('an unknown or missing language goes to the dashboard in the default language', async ({ page }) => {
  await page.goto('/xx_XX/groups');
  await expect(page).toHaveURL(/\/de_DE\/(login)?/);
  await page.goto('/');
  // Anonymous: the root view without a landing page shows the sign-in page.
  await expect(page).toHaveURL(/\/de_DE/);
  await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
});

test('a protected route sends an anonymous visitor to sign-in with the path as redirect', async ({
  page,
}) => {
  await page.goto('/en_GB/result-not-found');
  await expect(page).toHaveURL(/\/en_GB\/login\?redirect=%2Fresult-not-found$/);
});

test('an unknown route shows the 404 page with a way back', async ({ page }) => {
  await page.goto('/en_GB/no/such/page');
  await expect(page).toHaveURL(/\/en_GB\/404$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(
    page.getByRole('button', { name: /back/i }).or(page.getByRole('link', { name: /back/i })),
  ).toBeVisible();
  await expectAccessible(page);
});

test('a visitor opens the legal pages by their aliases without signing in, and is told the footer opens a new tab', async ({
  page,
}) => {
  await page.goto('/en_GB/imprint');
  await expect(page).toHaveURL(/\/en_GB\/page\/2$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Imprint' })).toBeVisible();
  await page.goto('/de_DE/privacy');
  await expect(page).toHaveURL(/\/de_DE\/page\/3$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Datenschutzerklärung' })).toBeVisible();
  const footer = page.getByRole('navigation', { name: 'Rechtliche Hinweise' });
  await expect(footer.getByRole('link', { name: 'Impressum (öffnet in einem neuen Tab)' })).toHaveAttribute(
    'target',
    '_blank',
  );
});

test('the error route shows the title and text from its query', async ({ page }) => {
  await page.goto('/en_GB/error?title=Payment%20failed&description=The%20card%20was%20declined');
  await expect(page.getByText('Payment failed')).toBeVisible();
  await expect(page.getByText('The card was declined')).toBeVisible();
});

test.describe('signed in', () => {
  test.use({ storageState: stateOf(members.anna) });

  test('an anonymous-only route sends a signed-in member to the dashboard', async ({ page }) => {
    await page.goto('/en_GB/forgot_password');
    await expect(page).toHaveURL(/\/en_GB\/?$/);
    await page.goto('/en_GB/login');
    await expect(page).toHaveURL(/\/en_GB\/?$/);
  });

  test('the signed-in member keeps the chosen language at the root', async ({ page }) => {
    await page.goto('/xx');
    await expect(page).toHaveURL(/\/de_DE\/?$/);
  });

  test('legal routes redirect to the CMS page of the settings pages map', async ({ page }) => {
    await page.goto('/en_GB/imprint');
    await expect(page).toHaveURL(/\/en_GB\/page\/2$/);
    await page.goto('/en_GB/page/legal-terms');
    await expect(page).toHaveURL(/\/en_GB\/page\/1$/);
    await page.goto('/en_GB/page/legal-unknown');
    await expect(page).toHaveURL(/\/en_GB\/404$/);
  });

  test('scroll resets to the top between pages but not on the dashboard', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 300 });
    await page.goto('/en_GB/404');
    await page.evaluate(() => window.scrollTo(0, 400));
    await page.goto('/en_GB/change_password');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});
