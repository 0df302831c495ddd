// The legal pages (imprint, privacy, terms, Q&A): the footer's links and the terms link of the
// sign-in page open them with their demo texts in both languages, signed in or not; they once led to 404.
import { expect, test } from '@playwright/test';
import { acceptCookies, expectAccessible, members, stateOf } from '../fixtures/plaza';

const titles = {
  de_DE: ['Impressum', 'Datenschutzerklärung', 'Nutzungsbedingungen', 'Fragen und Antworten'],
  en_GB: ['Imprint', 'Privacy policy', 'Terms of use', 'Questions and answers'],
} as const;
const links = {
  de_DE: ['Impressum', 'Datenschutz', 'Nutzungsbedingungen', 'Fragen und Antworten'],
  en_GB: ['Imprint', 'Privacy', 'Terms of use', 'Questions and answers'],
} as const;
/** What each footer link tells screen readers besides its name. */
const newTab = { de_DE: '(öffnet in einem neuen Tab)', en_GB: '(opens in a new tab)' } as const;

test.beforeEach(async ({ context }) => acceptCookies(context));

test.describe('signed in', () => {
  test.use({ storageState: stateOf(members.anna) });

  for (const lang of ['de_DE', 'en_GB'] as const) {
    test(`every footer link opens its legal page (${lang})`, async ({ page, context }) => {
      await page.goto(`/${lang}/groups`);
      const footer = page.getByRole('contentinfo');
      for (const [index, name] of links[lang].entries()) {
        const [tab] = await Promise.all([
          context.waitForEvent('page'),
          footer.getByRole('link', { name: `${name} ${newTab[lang]}`, exact: true }).click(),
        ]);
        await expect(tab.getByRole('heading', { level: 1, name: titles[lang][index] })).toBeVisible();
        await expect(tab).toHaveTitle(`${titles[lang][index]} - Nordlicht GmbH`);
        await tab.close();
      }
    });
  }
});

test('a visitor reads the terms and the imprint without signing in', async ({ page }) => {
  await page.goto('/en_GB/page/legal-terms');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeVisible();
  await expect(page.getByText('Demo text')).toBeVisible();
  await expectAccessible(page);
  await page.goto('/de_DE/page/legal-imprint');
  await expect(page.getByRole('heading', { level: 1, name: 'Impressum' })).toBeVisible();
});
