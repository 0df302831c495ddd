import { expect, test } from '@playwright/test';
import {
  acceptCookies,
  expectAccessible,
  fillLogin,
  mailLinkTo,
  members,
  screenshot,
  setSettings,
  signIn,
} from '../fixtures/plaza';

test.beforeEach(async ({ context }) => acceptCookies(context));

test('signs in by username and lands on the dashboard', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(url.pathname);
  });
  const response = await page.goto('/de_DE/login');
  await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
  // The page names the form's code (to the loader of a drawn page, else to the browser) and brings the
  // session and the texts: the form asks for neither.
  expect(await response!.text()).toMatch(
    /(data-modules="[^"]*|<link rel="modulepreload" crossorigin href=")\/assets\/login-page-[^"]+\.js/,
  );
  expect(calls.filter((call) => /^\/api\/v2\/(auth\/is_authenticated|languages\/)/.test(call))).toEqual([]);
  await expectAccessible(page);
  await fillLogin(page, members.anna);
  await expect(page).toHaveURL(/\/de_DE\/?$/);
  await expect(page.getByRole('link', { name: /Anna Berg/ }).first()).toBeVisible();
  await expectAccessible(page);
});

test('refuses a wrong password with an error and stays on the sign-in page', async ({ page }) => {
  await page.goto('/en_GB/login');
  await fillLogin(page, members.anna, { lang: 'en_GB', password: 'not-the-password' });
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/en_GB\/login/);
  await screenshot(page, 'login-wrong-password-en_GB');
});

test('asks for all required fields before calling the server', async ({ page }) => {
  await page.goto('/en_GB/login');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText(/required/i);
});

test('signs in by email when login_identifier is email', async ({ page }) => {
  await setSettings({ login_options: { login_identifier: 'email' } });
  try {
    await page.goto('/de_DE/login');
    await expect(page.getByLabel('E-Mail-Adresse', { exact: false })).toBeVisible();
    await fillLogin(page, members.anna, { by: 'email' });
    await expect(page).toHaveURL(/\/de_DE\/?$/);
  } finally {
    await setSettings({ login_options: { login_identifier: 'username' } });
  }
});

test('holds a member who has not accepted the terms until the box is ticked', async ({ page }) => {
  await page.goto('/en_GB/login');
  await fillLogin(page, members.nda, { lang: 'en_GB' });
  const box = page.getByRole('checkbox', { name: /terms of use/ });
  await expect(box).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await screenshot(page, 'login-nda-en_GB');
  await box.check();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/en_GB\/?$/);
});

test('returns to the requested page after sign-in', async ({ page }) => {
  await page.goto('/de_DE/change_password');
  await expect(page).toHaveURL(
    /\/de_DE\/login\?redirect=%2Fchange_password|\/de_DE\/login\?redirect=\/change_password/,
  );
  await fillLogin(page, members.anna);
  await expect(page).toHaveURL(/\/de_DE\/change_password$/);
});

test('keeps a deep link to a group through sign-in', async ({ page }) => {
  await page.goto('/de_DE/groups/1');
  await expect(page).toHaveURL(/\/de_DE\/login\?redirect=%2Fgroups%2F1$/);
  await fillLogin(page, members.anna);
  await expect(page).toHaveURL(/\/de_DE\/groups\/1$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The sign-in page's own guard once sent the member on to the dashboard a moment later.
  await page.waitForTimeout(1500);
  await expect(page).toHaveURL(/\/de_DE\/groups\/1$/);
});

test('resets a forgotten password through the mailed link', async ({ page }) => {
  await page.goto('/en_GB/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/en_GB\/forgot_password/);
  await expectAccessible(page);
  await page.getByLabel('Email address', { exact: false }).fill(members.reset.email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByText(/we have sent a link/)).toBeVisible();

  const link = new URL(await mailLinkTo(members.reset.email));
  expect(link.pathname).toMatch(/reset_password$/);
  expect(link.searchParams.get('user_id')).toBeTruthy();
  expect(link.searchParams.get('hash')).toBeTruthy();
  await page.goto(`${link.pathname}${link.search}`);
  await expectAccessible(page);
  await screenshot(page, 'reset-password');
  const fresh = 'Fresh-pass-2026!';
  await page.getByRole('textbox', { name: /^(New password|Neues Passwort)$/ }).fill(fresh);
  await page.getByRole('textbox', { name: /^(Repeat new password|Neues Passwort wiederholen)$/ }).fill(fresh);
  await page.getByRole('button', { name: /Save password|Passwort speichern/ }).click();
  await expect(page.getByText(/new password is saved|neues Passwort ist gespeichert/i)).toBeVisible();

  await page.goto('/en_GB/login');
  await fillLogin(page, members.reset, { lang: 'en_GB', password: members.reset.password });
  await expect(page.getByRole('alert')).toBeVisible();
  await fillLogin(page, members.reset, { lang: 'en_GB', password: fresh });
  await expect(page).toHaveURL(/\/en_GB\/?$/);
});

test('changes the password of a signed-in member', async ({ page }) => {
  await signIn(page, members.change, 'en_GB');
  await page.goto('/en_GB/change_password');
  await expectAccessible(page);
  const fresh = 'Changed-pass-2026!';
  await page.getByLabel('Current password', { exact: false }).fill(members.change.password);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(fresh);
  await page.getByLabel('Repeat new password', { exact: false }).fill(fresh);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText(/Your password has been changed/)).toBeVisible();
});

test('signs out and lands on the sign-in page', async ({ page }) => {
  await signIn(page, members.anna);
  await page.goto('/de_DE/logout');
  await expect(page).toHaveURL(/\/de_DE\/login/);
  await page.goto('/de_DE/change_password');
  await expect(page).toHaveURL(/\/de_DE\/login/);
});
