// The administration's document editors (issue 51): an administrator re-brands the community (name,
// colours, logo), changes the main menu and a text, and a member in another browser sees each after a
// reload, with no server restart. One test per editor page, each page axe-checked. The documents are
// put back as they were afterwards, so later specs see the demo community.
import { type Browser, expect, type Page, test } from '@playwright/test';
import { testPng } from '../fixtures/groups';
import { acceptCookies, apiAs, expectAccessible, members, stateOf } from '../fixtures/plaza';

const documentKeys = ['settings', 'menu', 'settings_menu', 'cookie_config', 'text_overrides'] as const;
type Key = (typeof documentKeys)[number];
const before = new Map<Key, unknown>();

async function readDocument(key: Key) {
  const api = await apiAs(members.admin);
  const response = await api.get(`/api/v2/admin/documents/${key}`);
  expect(response.status()).toBe(200);
  const document = (await response.json()) as { value: unknown; version_id: number | null };
  await api.dispose();
  return document;
}

test.beforeAll(async () => {
  for (const key of documentKeys) before.set(key, (await readDocument(key)).value);
});

test.afterAll(async () => {
  const api = await apiAs(members.admin);
  for (const key of documentKeys) {
    const { version_id } = await readDocument(key);
    const response = await api.put(`/api/v2/admin/documents/${key}`, {
      headers: await api.csrf(),
      data: { value: before.get(key), base_version_id: version_id },
    });
    expect(response.status(), `restoring ${key}`).toBe(200);
  }
  const logo = await api.delete('/api/v2/admin/branding/logo', { headers: await api.csrf() });
  expect(logo.status()).toBe(200);
  await api.dispose();
});

test.beforeEach(async ({ context }) => acceptCookies(context));
test.use({ viewport: { width: 1280, height: 900 }, storageState: stateOf(members.admin) });

/** A member's page in a browser of their own. */
async function memberPage(browser: Browser, path: string): Promise<Page> {
  const context = await browser.newContext({ storageState: stateOf(members.anna) });
  await acceptCookies(context);
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

async function save(form: ReturnType<Page['locator']> | Page) {
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form.getByText('Saved. Members see the change when they next load a page.')).toBeVisible();
}

test('branding: name, colours and logo reach a member after a reload', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const member = await memberPage(browser, '/en_GB/groups');
  await expect(member.getByRole('heading', { level: 1, name: 'Groups' })).toBeVisible();

  await page.goto('/en_GB/admin/branding');
  await expect(page.getByRole('heading', { level: 1, name: 'Branding' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Company name' }).fill('Nordwind e2e');
  await page.getByRole('textbox', { name: 'Primary colour', exact: true }).fill('#7a1f5c');
  // The check and the preview follow the form before it is saved.
  await expect(page.getByTestId('contrast-primary_color-text')).toContainText('passes');
  await expect(page.getByTestId('brand-preview-header')).toHaveCSS('background-color', 'rgb(122, 31, 92)');
  await expect(page.getByTestId('brand-preview-header')).toContainText('Nordwind e2e');
  // A colour that fails is shown failing.
  await page.getByRole('textbox', { name: 'Secondary colour', exact: true }).fill('#808080');
  await expect(page.getByTestId('contrast-secondary_color-filled')).toContainText('fails');
  await page.getByRole('textbox', { name: 'Secondary colour', exact: true }).fill('#0f5132');
  await expect(page.getByTestId('contrast-secondary_color-filled')).toContainText('passes');

  // The upload is stored at once (the server checks the file); the draft keeps the other edits.
  await page
    .locator('input[type="file"]')
    .first()
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await testPng(240, 80) });
  await expect(page.getByRole('img', { name: 'Current Logo' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Company name' })).toHaveValue('Nordwind e2e');
  // A file that is no image is refused with the server's reason.
  await page
    .locator('input[type="file"]')
    .nth(1)
    .setInputFiles({ name: 'favicon.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
  await expect(page.getByRole('alert').filter({ hasText: /./ }).first()).toBeVisible();
  await expectAccessible(page);
  await save(page);

  await member.reload();
  await expect(member).toHaveTitle(/Nordwind e2e/);
  await expect(member.getByRole('img', { name: 'Nordwind e2e' })).toBeVisible();
  const primary = await member.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--pz-primary').trim(),
  );
  expect(primary).toBe('#7a1f5c');
  await member.context().close();
});

test('menus: a renamed and moved entry reaches a member', async ({ page, browser }) => {
  await page.goto('/en_GB/admin/menus');
  await expect(page.getByRole('heading', { level: 1, name: 'Menus' })).toBeVisible();
  const mainForm = page.locator('form').filter({ has: page.getByRole('heading', { name: 'Main menu' }) });
  const first = mainForm.getByRole('listitem').first();
  await first.getByRole('button', { name: 'Write own titles' }).click();
  await first.getByRole('textbox', { name: 'Title (English)' }).fill('Start e2e');
  // By keyboard: the move button with Enter, twice (the focus follows the entry).
  await first.getByRole('button', { name: 'Move Start e2e down' }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(
    mainForm.getByRole('listitem').nth(2).getByRole('textbox', { name: 'Title (English)' }),
  ).toHaveValue('Start e2e');
  await expectAccessible(page);
  await save(mainForm);

  const member = await memberPage(browser, '/en_GB/groups');
  const nav = member.getByRole('navigation', { name: 'Navigation' });
  await expect(nav.getByRole('link', { name: 'Start e2e' })).toBeVisible();
  const names = await nav.getByRole('link').allInnerTexts();
  expect(names.indexOf('Start e2e')).toBeGreaterThan(0);
  await member.context().close();
});

test('texts: an own text reaches a member', async ({ page, browser }) => {
  await page.goto('/en_GB/admin/texts');
  await expect(page.getByRole('heading', { level: 1, name: 'Texts' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search texts' }).fill('groups.list.intro');
  const row = page
    .getByRole('list', { name: 'Texts' })
    .getByRole('listitem')
    .filter({ hasText: 'groups.list.intro' });
  await expect(row).toHaveCount(1);
  await row.getByRole('textbox', { name: 'Own text (English)' }).fill('Teams of this community, e2e.');
  await expectAccessible(page);
  await save(page);

  const member = await memberPage(browser, '/en_GB/groups');
  await expect(member.getByText('Teams of this community, e2e.')).toBeVisible();
  // The page the server draws shows it already (no built-in text first): in its markup, not only in the
  // answers it brings along for the app.
  const html = await (await member.request.get('/en_GB/groups')).text();
  const markup = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');
  expect(markup).toContain('Teams of this community, e2e.');
  expect(markup).not.toContain('Find people who share your interests');
  await member.context().close();
});

test('settings: a flag with its meaning is saved', async ({ page }) => {
  await page.goto('/en_GB/admin/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const flag = page.getByRole('switch', { name: 'Occasions slider' });
  await expect(
    page.getByText('Shows birthdays and anniversaries as a slider on the dashboard.'),
  ).toBeVisible();
  const was = await flag.isChecked();
  await flag.click();
  await expectAccessible(page);
  await save(page);
  expect(
    ((await readDocument('settings')).value as { show_occasions_slider: boolean }).show_occasions_slider,
  ).toBe(!was);
});

test('cookies: a category renamed in both languages is saved', async ({ page }) => {
  await page.goto('/en_GB/admin/cookies');
  await expect(page.getByRole('heading', { level: 1, name: 'Cookies' })).toBeVisible();
  const first = page.getByRole('region').first();
  await first.getByRole('textbox', { name: 'Category name (English)' }).fill('Essential e2e');
  await first.getByRole('textbox', { name: 'Category name (German)' }).fill('Notwendig e2e');
  await expectAccessible(page);
  await save(page);
  const stored = (await readDocument('cookie_config')).value as {
    cookie_types: { name: Record<string, string> }[];
  };
  expect(stored.cookie_types[0]?.name).toEqual({ de_DE: 'Notwendig e2e', en_GB: 'Essential e2e' });
});

test('signup: the sign-in identifier is saved', async ({ page }) => {
  await page.goto('/en_GB/admin/signup');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign-up and sign-in' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Sign in with' }).click();
  await page.getByRole('option', { name: 'E-mail address' }).click();
  await expectAccessible(page);
  await save(page);
  const stored = (await readDocument('settings')).value as { login_options: { login_identifier: string } };
  expect(stored.login_options.login_identifier).toBe('email');
});
