// The pages that show no content of their own, anonymous and signed in: one test per page and view,
// each checks the page with axe (WCAG 2.1 A/AA) and compares it with its stored screenshot
// (fixtures/screenshots.ts says what keeps the pictures stable and how to renew them). Every page is
// seen in two views that between them cover both widths and both languages (German on a phone, English
// on a desktop): the layout depends on the width and the texts on the language, not on the two
// together, and each extra view cost the gate a test per page. The dashboard's axe walk is in
// posts-screens.spec.ts. A page with a changed layout must not match its stored picture.
import { expect, type Page, test } from '@playwright/test';
import { acceptCookies, expectAccessible, type Lang, members, stateOf } from '../fixtures/plaza';
import { expectScreenshot, expectScreenshotToDiffer, freezeClock } from '../fixtures/screenshots';

const viewports = { desktop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } } as const;
/** The two views of every page. */
const views: [keyof typeof viewports, Lang][] = [
  ['phone', 'de_DE'],
  ['desktop', 'en_GB'],
];

/** Picture name and path under `/<lang>/`. */
const anonymousPages = [
  ['login', 'login'],
  ['forgot-password', 'forgot_password'],
  ['reset-password', 'reset_password?user_id=1&hash=x'],
  ['not-found', '404'],
  ['forbidden', '403'],
  ['error', 'error'],
] as const;
const memberPages = [
  ['change-password', 'change_password'],
  ['result-not-found', 'result-not-found'],
  ['not-found', '404'],
] as const;

test.use({ timezoneId: 'Europe/Berlin' });
test.beforeEach(async ({ context, page }) => {
  await acceptCookies(context);
  await freezeClock(page);
});

/** Opens a page and waits until it has loaded what it shows. */
async function open(page: Page, lang: Lang, path: string): Promise<void> {
  await page.goto(`/${lang}/${path}`);
  await expect(page.locator('main').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

for (const [device, lang] of views) {
  const viewport = viewports[device];
  test.describe(`anonymous, ${device}, ${lang}`, () => {
    test.use({ viewport });
    for (const [name, path] of anonymousPages) {
      test(`${name} passes axe and matches its screenshot (anonymous, ${device}, ${lang})`, async ({
        page,
      }) => {
        await open(page, lang, path);
        await expectAccessible(page);
        await expectScreenshot(page, `anonymous-${name}-${device}-${lang}.png`);
      });
    }
  });

  test.describe(`signed in, ${device}, ${lang}`, () => {
    test.use({ viewport, storageState: stateOf(members.shots) });
    for (const [name, path] of memberPages) {
      test(`${name} passes axe and matches its screenshot (signed in, ${device}, ${lang})`, async ({
        page,
      }) => {
        await open(page, lang, path);
        // Still there: the saved session holds (anonymous visitors go to the sign-in page).
        await expect(page).toHaveURL(new RegExp(`/${lang}/${path}$`));
        await expectAccessible(page);
        await expectScreenshot(page, `member-${name}-${device}-${lang}.png`);
      });
    }
  });
}

test.describe('a changed layout', () => {
  test.use({ viewport: viewports.desktop });

  for (const [change, css] of [
    ['the page content 8 px lower', 'main { position: relative; top: 8px; }'],
    ['the submit button 40 px narrower', 'main button[type="submit"] { max-width: calc(100% - 40px); }'],
    ['the headings one size larger', 'main h1 { font-size: 120% !important; }'],
  ] as const) {
    test(`does not match the stored screenshot: ${change}`, async ({ page }) => {
      await open(page, 'en_GB', 'login');
      await page.addStyleTag({ content: css });
      await expectScreenshotToDiffer(page, 'anonymous-login-desktop-en_GB.png');
    });
  }
});

test('the language changer switches the interface language', async ({ page }) => {
  await page.goto('/de_DE/login');
  await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
  // The sign-in pages' select is the browser's own (app/light/language-select.tsx).
  await page.getByRole('combobox', { name: 'Sprache' }).selectOption({ label: 'English' });
  await expect(page).toHaveURL(/\/en_GB\/login/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', /en/);
});

test.describe('signed in', () => {
  test.use({ storageState: stateOf(members.shots) });

  test('the navigation from the server follows the language', async ({ page }) => {
    await page.goto('/de_DE');
    const nav = page.getByRole('navigation').first();
    await expect(nav.getByRole('link', { name: 'Gruppen' })).toBeVisible();
    await page.goto('/en_GB');
    await expect(nav.getByRole('link', { name: 'Groups' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Gruppen' })).toBeHidden();
  });
});
