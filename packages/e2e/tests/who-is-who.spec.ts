// The who-is-who (search by name, by skill and by a filter, then the profile), the extended search bar
// with its field chips and suggestions, the basic search box (which searches everything), the occasions page and the occasions
// slider: walks in German and English, axe on every page and the open filter panel; screenshots at
// 1366, 1024 and 390 px, one test per page and language, kept under test-results/screenshots to look
// at by hand. Dora uses her saved session.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { userIdOf } from '../fixtures/groups';
import {
  acceptCookies,
  animationsSettled,
  apiAs,
  expectAccessible,
  type Lang,
  members,
  screenshot,
  stateOf,
} from '../fixtures/plaza';

const { directorySearcher: dora, directoryColleague: quirin, admin } = members;
const skill = 'Quantencomputing';
const town = 'Rostock';
const today = new Date();

const texts = {
  de_DE: {
    title: 'Wer ist wer',
    search: 'Kolleginnen und Kollegen suchen',
    bar: 'Personen und Inhalte suchen',
    people: (q: string) => `Kolleginnen und Kollegen nach „${q}“ durchsuchen`,
    filters: 'Filter',
    location: /Standort|Location/,
    apply: 'Filter anwenden',
    clear: 'Suche zurücksetzen',
    allFields: 'Alle Felder',
    skills: 'Fähigkeiten',
    inField: `Ergebnisse für „${skill}“ in Fähigkeiten`,
    occasions: 'Anlässe',
    birthday: 'Geburtstag',
    sliderTitle: 'Geburtstage und Jubiläen',
    showAll: 'Alle anzeigen',
  },
  en_GB: {
    title: 'Who is who',
    search: 'Search colleagues',
    bar: 'Search people and content',
    people: (q: string) => `Search colleagues for “${q}”`,
    filters: 'Filters',
    location: /Location|Standort/,
    apply: 'Apply filters',
    clear: 'Clear search',
    allFields: 'All fields',
    skills: 'Skills',
    inField: `Results for “${skill}” in Skills`,
    occasions: 'Occasions',
    birthday: 'Birthday',
    sliderTitle: 'Birthdays and anniversaries',
    showAll: 'Show all',
  },
} as const;

/** Today as the occasions show it: 'Do MMMM YYYY' (e.g. '5th March 2026', '5. März 2026'). */
function todayText(lang: Lang): string {
  const day = today.getDate();
  const month = today.toLocaleString(lang === 'de_DE' ? 'de-DE' : 'en-GB', { month: 'long' });
  if (lang === 'de_DE') return `${day}. ${month} ${today.getFullYear()}`;
  const suffix =
    day % 10 === 1 && day !== 11
      ? 'st'
      : day % 10 === 2 && day !== 12
        ? 'nd'
        : day % 10 === 3 && day !== 13
          ? 'rd'
          : 'th';
  return `${day}${suffix} ${month} ${today.getFullYear()}`;
}

/** Changes the settings' extended search through the administrator's API. */
async function setAdvancedSearch(value: unknown): Promise<void> {
  const api = await apiAs(admin);
  const response = await api.put('/api/v2/settings', {
    headers: await api.csrf(),
    data: { advanced_search: value },
  });
  expect(response.status()).toBe(200);
  await api.dispose();
}

/** The extended search with two fields, named in the test's language (settings names are not translated). */
const extendedFor = (lang: Lang) => ({
  type: 'extended',
  fields: [
    { field_id: 'skills', name: texts[lang].skills },
    { field_id: 'locations', name: lang === 'de_DE' ? 'Standort' : 'Location' },
  ],
});
let quirinId = 0;
let originalSearch: unknown;

test.beforeAll(async () => {
  quirinId = await userIdOf(quirin);
  const api = await apiAs(admin);
  originalSearch = (await (await api.get('/api/v2/settings')).json()).advanced_search;
  const dd = String(today.getDate()).padStart(2, '0');
  const mm = String(today.getMonth() + 1).padStart(2, '0');
  const response = await api.put(`/api/v2/users/${quirinId}`, {
    headers: await api.csrf(),
    data: {
      position: 'Quantum researcher',
      skills: [skill, 'Python'],
      locations: [town],
      special_tasks: [
        'First aid',
        'Fire warden',
        'Mentor',
        'Works council',
        'Safety',
        'Hiring',
        'Onboarding',
      ],
      birthday: `${dd}/${mm}/1990`,
      is_birth_year_visible: true,
    },
  });
  expect(response.status()).toBe(200);
  await api.dispose();
});

test.afterAll(async () => setAdvancedSearch(originalSearch));
test.use({ storageState: stateOf(dora) });
test.beforeEach(async ({ context }) => acceptCookies(context));

/** axe-core over the occasions slider only (the pages around it belong to other features). */
async function expectSliderAccessible(page: Page): Promise<void> {
  await animationsSettled(page);
  const results = await new AxeBuilder({ page })
    .include('[data-widget="occasions-slider"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** The result cards' profile links. */
const cards = (page: Page) =>
  page.getByRole('list', { name: /Kolleginnen und Kollegen|Colleagues/ }).getByRole('link');

for (const lang of ['en_GB', 'de_DE'] as Lang[]) {
  const t = texts[lang];

  test(`finds a colleague by name, by skill and by a filter and opens the profile (${lang})`, async ({
    page,
  }) => {
    await page.goto(`/${lang}/who_is_who`);
    await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
    await expect(cards(page).first()).toBeVisible();
    await expectAccessible(page);

    // By name: blank text does nothing, the text is trimmed into the address.
    const box = page.getByRole('searchbox', { name: t.search });
    await box.fill('   ');
    await box.press('Enter');
    await expect(page).not.toHaveURL(/query=/);
    await box.fill('  Quirin Quant ');
    await box.press('Enter');
    await expect(page).toHaveURL(/query=Quirin\+Quant(&|$)/);
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toHaveText('Quirin Quant');

    // By skill.
    await box.fill(skill);
    await box.press('Enter');
    await expect(cards(page).first()).toHaveText('Quirin Quant');
    await page.getByRole('button', { name: t.clear }).click();
    await expect(page).not.toHaveURL(/query=/);

    // By a filter: inactive until applied, then in the address.
    await page.getByRole('button', { name: t.filters, exact: true }).click();
    await page.getByRole('combobox', { name: t.location }).click();
    await page.getByRole('option', { name: town }).click();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(page).not.toHaveURL(/filters/);
    await expectAccessible(page);
    await page.getByRole('button', { name: t.apply }).click();
    await expect(page).toHaveURL(/filters%5Blocations%5D=Rostock|filters\[locations\]=Rostock/);
    await expect(cards(page)).toHaveCount(1);
    await expect(page.getByRole('button', { name: new RegExp(`${t.filters} \\(1`) })).toBeVisible();

    // The card caps special tasks at 5 with a '+2' that shows the rest.
    const tasks = page.getByRole('list', { name: /Sonderaufgaben|Special tasks/ });
    await expect(tasks.getByRole('listitem')).toHaveCount(6);
    await tasks.getByRole('button', { name: /^\+2/ }).click();
    await expect(tasks.getByRole('listitem')).toHaveCount(7);

    await cards(page).first().click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/who_is_who/${quirinId}$`));
    await expect(page.getByRole('heading', { name: 'Quirin Quant' }).first()).toBeVisible();
  });

  test(`the extended search bar searches a field and opens a suggestion (${lang})`, async ({ page }) => {
    await setAdvancedSearch(extendedFor(lang));
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`/${lang}/who_is_who`);
    const bar = page.getByRole('combobox', { name: t.bar });
    await bar.click();
    const layer = page.locator('.MuiBackdrop-root').first();
    await expect(layer).toBeVisible();
    await expect(page.getByRole('button', { name: t.allFields })).toHaveAttribute('aria-pressed', 'true');
    await bar.press('Escape');
    await expect(layer).toBeHidden();

    // A field chip and a value suggestion.
    await bar.click();
    await page.getByRole('button', { name: t.skills, exact: true }).click();
    await expect(page.getByRole('button', { name: t.skills, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await bar.fill('Quanten');
    await expect(page.getByRole('option', { name: skill })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('option', { name: skill }).click();
    await expect(page).toHaveURL(/type=extendedSearch&q=Quantencomputing&field_id=skills/);
    await expect(page.getByText(t.inField)).toBeVisible();
    await expect(cards(page).first()).toHaveText('Quirin Quant');
    await expect(layer).toBeHidden();

    // The people search of the typed text in all fields (Enter would search everything); a click on the
    // layer closes it.
    await bar.fill('Rostock');
    await page.getByRole('button', { name: t.allFields }).click();
    await page.getByRole('option', { name: t.people('Rostock') }).click();
    await expect(page).toHaveURL(/type=extendedSearch&q=Rostock$/);
    await expect(cards(page).first()).toHaveText('Quirin Quant');
    await bar.click();
    await expect(layer).toBeVisible();
    await layer.click({ position: { x: 600, y: 600 } });
    await expect(layer).toBeHidden();

    // A person suggestion from all fields opens the profile by keyboard.
    await bar.fill('Quirin');
    await expect(page.getByRole('option', { name: 'Quirin Quant' })).toBeVisible();
    await bar.press('ArrowDown');
    await bar.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/${lang}/who_is_who/${quirinId}$`));
  });

  test(`the occasions page and the slider show a birthday (${lang})`, async ({ page }) => {
    await page.goto(`/${lang}/occasions`);
    await expect(page.getByRole('heading', { level: 1, name: t.occasions })).toBeVisible();
    await expectAccessible(page);
    const box = page.getByRole('searchbox');
    await box.fill(' Quirin ');
    await box.press('Enter');
    await expect(page).toHaveURL(/query=Quirin(&|$)/);
    const card = page.getByRole('link', { name: /Quirin Quant/ });
    await expect(card).toContainText(t.birthday);
    await expect(card).toContainText(todayText(lang));
    await page.getByRole('button', { name: t.filters, exact: true }).click();
    await expectAccessible(page);

    await page.goto(`/${lang}`);
    const slider = page.getByRole('heading', { name: t.sliderTitle });
    await expect(slider).toBeVisible();
    await expect(page.getByRole('link', { name: /Quirin Quant/ }).first()).toBeVisible();
    await expectSliderAccessible(page);
    await page.getByRole('link', { name: t.showAll }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/occasions$`));
  });
}

test('the basic search box of the side drawer searches the whole community, people included', async ({
  page,
}) => {
  await setAdvancedSearch({ type: 'basic', fields: [] });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/en_GB/groups');
  const box = page.getByRole('complementary').getByRole('combobox', { name: 'Search' });
  await box.fill('  Quirin  ');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/en_GB\/search_results\?q=Quirin$/);
  await expect(
    page.getByRole('region', { name: 'Members' }).getByRole('link', { name: /Quirin Quant/ }),
  ).toBeVisible();
});

const widths = [1366, 1024, 390];
const viewportOf = (width: number) => ({ width, height: width > 800 ? 900 : 844 });

for (const lang of ['de_DE', 'en_GB'] as Lang[]) {
  const t = texts[lang];

  test.describe(`screenshots in ${lang}`, () => {
    test.beforeEach(async () => setAdvancedSearch(extendedFor(lang)));

    test(`the who-is-who with a search at every width: screenshots kept (${lang})`, async ({ page }) => {
      for (const width of widths) {
        await page.setViewportSize(viewportOf(width));
        await page.goto(`/${lang}/who_is_who?query=Quirin`);
        await expect(cards(page).first()).toBeVisible();
        await screenshot(page, `who-is-who-${lang}`);
      }
    });

    test(`the who-is-who filter panel at every width: screenshots kept (${lang})`, async ({ page }) => {
      for (const width of widths) {
        await page.setViewportSize(viewportOf(width));
        await page.goto(`/${lang}/who_is_who`);
        await expect(cards(page).first()).toBeVisible();
        await page.getByRole('button', { name: t.filters, exact: true }).click();
        await expect(page.getByRole('button', { name: t.apply })).toBeVisible();
        // The panel opens with a height transition; the picture is taken once it has finished.
        await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
        await screenshot(page, `who-is-who-filters-${lang}`);
      }
    });

    test(`the occasions page at every width: screenshots kept (${lang})`, async ({ page }) => {
      for (const width of widths) {
        await page.setViewportSize(viewportOf(width));
        await page.goto(`/${lang}/occasions`);
        await expect(page.getByRole('link', { name: /Quirin Quant/ }).first()).toBeVisible();
        await screenshot(page, `occasions-${lang}`);
      }
    });

    test(`the occasions slider on the dashboard at every width: screenshots kept (${lang})`, async ({
      page,
    }) => {
      for (const width of widths) {
        await page.setViewportSize(viewportOf(width));
        await page.goto(`/${lang}`);
        await expect(page.getByRole('heading', { name: t.sliderTitle })).toBeVisible();
        await expect(page.getByRole('link', { name: /Quirin Quant/ }).first()).toBeVisible();
        await screenshot(page, `occasions-slider-${lang}`);
      }
    });

    test(`the extended search's suggestions at desktop widths: screenshots kept (${lang})`, async ({
      page,
    }) => {
      for (const width of widths.filter((w) => w > 800)) {
        await page.setViewportSize(viewportOf(width));
        await page.goto(`/${lang}/who_is_who`);
        const bar = page.getByRole('combobox', { name: t.bar });
        await bar.click();
        await bar.fill('Quanten');
        await expect(
          page.getByRole('option', { name: 'Quirin Quant' }).or(page.getByRole('option').first()),
        ).toBeVisible();
        await screenshot(page, `extended-search-${lang}`);
        await bar.press('Escape');
      }
    });
  });
}
