// Employer ratings: a superadmin adds a location; two members review it (through the API), so it is still
// hidden; Anna reviews it on its page with the keyboard-usable form and sees the figures appear with the
// third review; a superadmin downloads the export (a real .xlsx), which a member neither sees nor gets.
// The demo content's list and a rating page pass axe at 390 and 1280 px in German and English.
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import {
  acceptCookies,
  apiAs,
  expectAccessible,
  type Lang,
  type Member,
  members,
  stateOf,
} from '../fixtures/plaza';

const { anna, admin, profileViewer, directoryColleague } = members;

const texts = {
  de_DE: {
    heading: 'Arbeitgeberbewertungen',
    hidden: 'Noch zu wenige Bewertungen',
    export: 'Bewertungen herunterladen (Excel)',
  },
  en_GB: {
    heading: 'Employer ratings',
    hidden: 'Not enough reviews yet',
    export: 'Download ratings (Excel)',
  },
} as const;

test.beforeEach(async ({ context }) => acceptCookies(context));

/** A review through the API: every category of the location with the same points. */
async function reviewAs(member: Member, id: number, points: number, comment: string): Promise<void> {
  const api = await apiAs(member);
  const rating = await (await api.get(`/api/v2/ratings/${id}`)).json();
  const response = await api.post(`/api/v2/ratings/${id}/reviews`, {
    headers: await api.csrf(),
    data: {
      overall_evaluation: points,
      recommendation: true,
      comment,
      scores: rating.ratings.map((category: { id: number }) => ({ category_id: category.id, score: points })),
    },
  });
  expect(response.status()).toBe(200);
  await api.dispose();
}

/** Chooses a number of stars in a star input (a group of radios named by its legend) by keyboard. */
async function chooseStars(page: Page, group: string, stars: number): Promise<void> {
  const radios = page.getByRole('dialog').getByRole('group', { name: group, exact: true });
  await radios.getByRole('radio', { name: `${stars} stars`, exact: true }).focus();
  await page.keyboard.press('Space');
  await expect(radios.getByRole('radio', { name: `${stars} stars`, exact: true })).toBeChecked();
}

test.describe('reviewing and the hidden state', () => {
  test.use({ storageState: stateOf(anna), viewport: { width: 1280, height: 900 } });

  test('shows the figures once the third review arrives', async ({ page }) => {
    const api = await apiAs(admin);
    const created = await api.post('/api/v2/admin/locations', {
      headers: await api.csrf(),
      data: { name: `E2E Standort ${Date.now()}`, city: 'Kiel' },
    });
    expect(created.status()).toBe(201);
    const location = await created.json();
    await api.dispose();
    await reviewAs(profileViewer, location.id, 6, 'Solide.');
    await reviewAs(directoryColleague, location.id, 8, 'Sehr angenehm.');

    await page.goto(`/en_GB/ratings/${location.id}`);
    await expect(page.getByRole('heading', { level: 1, name: location.name })).toBeVisible();
    await expect(page.getByText(texts.en_GB.hidden)).toBeVisible();
    await expect(page.getByText('Sehr angenehm.')).toHaveCount(0);

    await page.getByRole('button', { name: 'Rate this employer' }).click();
    const dialog = page.getByRole('dialog', { name: `Your rating of ${location.name}` });
    await expect(dialog).toBeVisible();
    await chooseStars(page, 'Overall evaluation', 5);
    for (const category of ['Work atmosphere', 'Leadership', 'Work-life balance', 'Pay and benefits']) {
      await chooseStars(page, category, 5);
    }
    await dialog.getByRole('radio', { name: 'Yes' }).check();
    await dialog.getByRole('textbox', { name: 'Comment (optional)' }).fill('Great place to work.');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Send rating' }).click();
    await expect(dialog).toBeHidden();

    // Points 6, 8 and 10: 8 points = 4 stars overall; every category alike; all three recommend.
    await expect(page.getByText(texts.en_GB.hidden)).toHaveCount(0);
    await expect(page.getByRole('img', { name: '4 out of 5 stars' }).first()).toBeVisible();
    await expect(page.getByText('100 % recommend this employer')).toBeVisible();
    await expect(page.getByText('Great place to work.')).toBeVisible();
    await expect(page.getByText('Sehr angenehm.')).toBeVisible();
    await expect(page.getByRole('img', { name: '8 out of 10 stars' })).toHaveCount(4);
    await expect(page.getByRole('button', { name: 'Change my rating for this year' })).toBeVisible();

    // A member sees no export link and the server refuses the export.
    await page.goto('/en_GB/ratings');
    await expect(page.getByRole('heading', { level: 1, name: texts.en_GB.heading })).toBeVisible();
    await expect(page.getByRole('link', { name: texts.en_GB.export })).toHaveCount(0);
    const refused = await page.request.get('/api/v2/ratings/ratings_export?locale=en_GB');
    expect(refused.status()).toBe(403);
  });
});

test.describe('the export', () => {
  test.use({ storageState: stateOf(admin), viewport: { width: 1280, height: 900 } });

  test('downloads a real xlsx workbook', async ({ page }) => {
    await page.goto('/de_DE/ratings');
    await expect(page.getByRole('heading', { level: 1, name: texts.de_DE.heading })).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: texts.de_DE.export }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^ratings-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const bytes = await readFile((await download.path())!);
    // An .xlsx is a zip archive holding the workbook's parts.
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    expect(bytes.includes(Buffer.from('xl/workbook.xml'))).toBe(true);
  });

  test('manages locations and rating categories on the administration page', async ({ page }) => {
    await page.goto('/en_GB/ratings');
    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link').click();
    await page
      .getByRole('navigation', { name: 'Administration sections' })
      .getByRole('link', { name: 'Ratings' })
      .click();
    await expect(page).toHaveURL(/\/en_GB\/admin\/ratings$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Locations and rating categories' }),
    ).toBeVisible();
    await expect(page.getByRole('list', { name: 'Locations' }).getByText('Zentrale Berlin')).toBeVisible();
    await page.getByRole('button', { name: 'Add category' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add category' });
    const label = `Kantine ${Date.now()}`;
    await dialog.getByRole('textbox', { name: 'Label (German)' }).fill(label);
    await dialog.getByRole('textbox', { name: 'Label (English)' }).fill('Canteen');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByRole('list', { name: 'Rating categories' }).getByText(`${label} / Canteen`),
    ).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Delete Canteen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText(`${label} / Canteen`)).toHaveCount(0);
  });
});

for (const lang of ['de_DE', 'en_GB'] as const satisfies readonly Lang[]) {
  for (const width of [390, 1280]) {
    test.describe(`${lang} at ${width} px`, () => {
      test.use({ storageState: stateOf(anna), viewport: { width, height: 900 } });

      test('the list and a rating page pass axe', async ({ page }) => {
        await page.goto(`/${lang}/ratings`);
        await expect(page.getByRole('heading', { level: 1, name: texts[lang].heading })).toBeVisible();
        await expect(page.getByRole('link', { name: /Zentrale Berlin/ })).toBeVisible();
        await expectAccessible(page);
        await page.getByRole('link', { name: /Zentrale Berlin/ }).click();
        await expect(page.getByRole('heading', { level: 1, name: 'Zentrale Berlin' })).toBeVisible();
        await expect(
          page.getByRole('heading', { level: 2, name: lang === 'de_DE' ? 'Kommentare' : 'Comments' }),
        ).toBeVisible();
        await expectAccessible(page);
        await page.goto(`/${lang}/ratings?filters[city]=Leipzig`);
        await expect(page.getByText(texts[lang].hidden)).toBeVisible();
        await expectAccessible(page);
      });
    });
  }
}
