// CMS pages for readers (issue 16): a visitor reads a public page and the imprint, is stopped at a
// members' page and comes back to it after signing in; the demo page shows every module axe-clean at
// phone and desktop width. The pages are made here through the superadmin's API.
import { expect, type Page, test } from '@playwright/test';
import { acceptCookies, apiAs, expectAccessible, fillLogin, members, stateOf } from '../fixtures/plaza';

const pages = { public: 0, membersOnly: 0 };

async function publishPage(draft: Record<string, unknown>): Promise<number> {
  const api = await apiAs(members.admin);
  const created = await api.post('/api/v2/admin/pages', { headers: await api.csrf(), data: draft });
  expect(created.ok(), await created.text()).toBe(true);
  const { id } = (await created.json()) as { id: number };
  const published = await api.post(`/api/v2/admin/pages/${id}/publish`, { headers: await api.csrf() });
  expect(published.ok(), await published.text()).toBe(true);
  await api.dispose();
  return id;
}

test.beforeAll(async () => {
  pages.public = await publishPage({
    title: 'Open day at Nordlicht',
    visibility: 'all',
    modules: [
      { type: 'rich_text', data: { title: 'Programme', html: '<p>Tours every hour from 10 am.</p>' } },
      {
        type: 'fundraising_widget',
        data: { title: 'Charity run', goal: 10_000, raised: 2_500, link: 'https://example.org/' },
      },
    ],
  });
  pages.membersOnly = await publishPage({
    title: 'Team handbook',
    visibility: 'members',
    modules: [{ type: 'rich_text', data: { title: 'How we work', html: '<p>For members only.</p>' } }],
  });
});

test.beforeEach(async ({ context }) => acceptCookies(context));

test('a visitor reads a public page and the imprint, signs in at a members’ page and lands back on it', async ({
  page,
}) => {
  await page.goto(`/en_GB/page/${pages.public}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Open day at Nordlicht' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Programme' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Fundraising progress' })).toBeVisible();
  await expectAccessible(page);

  await page.goto('/en_GB/page/legal-imprint');
  await expect(page.getByRole('heading', { level: 1, name: 'Imprint' })).toBeVisible();

  await page.goto(`/en_GB/page/${pages.membersOnly}`);
  await expect(page).toHaveURL(new RegExp(`/en_GB/login\\?redirect=%2Fpage%2F${pages.membersOnly}$`));
  await fillLogin(page, members.anna, { lang: 'en_GB' });
  await expect(page).toHaveURL(new RegExp(`/en_GB/page/${pages.membersOnly}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Team handbook' })).toBeVisible();
  await expect(page.getByText('For members only.')).toBeVisible();
});

test.describe('demo page', () => {
  test.use({ storageState: stateOf(members.anna) });

  async function openDemo(page: Page, lang: 'de_DE' | 'en_GB') {
    await page.goto(`/${lang}/dummy`);
    await expect(page.getByRole('heading', { level: 1, name: /Demo/ })).toBeVisible();
  }

  for (const width of [390, 1280]) {
    test(`shows every module axe-clean without sideways scrolling at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await openDemo(page, 'en_GB');
      // The shop teaser shows the shop's active products (the demo's shop items) with "add to cart".
      const shop = page.getByRole('region', { name: 'Shop' });
      await expect(shop.getByRole('button', { name: /^Add to cart: / }).first()).toBeVisible();
      // The reviews widget shows the employer-rating card of every location to a member.
      const card = page.getByRole('region', { name: 'Employer rating' });
      await expect(card.getByRole('link', { name: 'See the ratings' })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectAccessible(page);
    });
  }

  test('the gallery opens in a lightbox that the keyboard steps through and closes', async ({ page }) => {
    await openDemo(page, 'de_DE');
    await page.getByRole('button', { name: 'Vergrößern: Team-Frühstück am Freitag' }).click();
    await expect(page.getByRole('dialog', { name: 'Bild 2 von 6' })).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('dialog', { name: 'Bild 3 von 6' })).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
  });
});
