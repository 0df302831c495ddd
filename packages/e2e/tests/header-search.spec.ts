// The header's search reaches the whole community (issue 47, point 3): with the extended search bar a
// member types a word that names no one, is offered "search everything" after the (no) people
// suggestions, and lands on the results page, where a group file is found by its name while a file of a
// private group stays hidden; at 1280 px by Enter, at 390 px from the search icon by keyboard, in German
// and English. Screenshots under test-results/screenshots.
import { expect, test } from '@playwright/test';
import { createGroup, testPng } from '../fixtures/groups';
import {
  acceptCookies,
  apiAs,
  expectAccessible,
  type Member,
  members,
  screenshot,
  setSettings,
  stateOf,
} from '../fixtures/plaza';

const { groupAdmin: greta, anna, admin } = members;

test.use({ storageState: stateOf(anna) });
test.beforeEach(async ({ context }) => acceptCookies(context));

/** `member` uploads a file of this name to the group through the API. */
async function uploadFile(member: Member, groupId: number, name: string): Promise<void> {
  const api = await apiAs(member);
  const response = await api.post(`/api/v2/groups/${groupId}/files`, {
    headers: await api.csrf(),
    multipart: { file: { name, mimeType: 'image/png', buffer: await testPng(64, 64) } },
  });
  expect(response.status()).toBe(201);
  await api.dispose();
}

const word = `Lageplan${Date.now().toString(36)}`;
let group = { id: 0, name: '' };
let originalSearch: unknown;

test.beforeAll(async () => {
  const api = await apiAs(admin);
  originalSearch = (await (await api.get('/api/v2/settings')).json()).advanced_search;
  await api.dispose();
  await setSettings({ advanced_search: { type: 'extended', fields: [] } });
  group = await createGroup(greta, 'open', 'Sommerfest');
  const secret = await createGroup(greta, 'private', 'Vorstand');
  await uploadFile(greta, group.id, `${word}_Festwiese.png`);
  await uploadFile(greta, secret.id, `${word}_Vorstand.png`);
});
test.afterAll(async () => setSettings({ advanced_search: originalSearch }));

test('at 1280 px Enter searches everything; a group file is found by name, a private group’s file is not (de)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/de_DE/groups');
  const bar = page.getByRole('combobox', { name: 'Personen und Inhalte suchen' });
  await bar.fill(word);
  await expect(page.getByRole('option', { name: `Alles nach „${word}“ durchsuchen` })).toBeVisible();
  await screenshot(page, 'header-search-open-de_DE');
  await bar.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/de_DE/search_results\\?q=${word}$`));
  const files = page.getByRole('region', { name: 'Dateien' });
  const file = files.getByRole('link', { name: new RegExp(`${word}_Festwiese\\.png`) });
  await expect(file).toBeVisible();
  await expect(file).toContainText(`in ${group.name}`);
  await expect(page.getByText(`${word}_Vorstand.png`)).toHaveCount(0);
  await expectAccessible(page);
  await screenshot(page, 'header-search-results-de_DE');
  await file.click();
  await expect(page).toHaveURL(new RegExp(`/de_DE/groups/${group.id}\\?selectedTab=files$`));
});

test('at 390 px the search icon opens the bar, and "search everything" is reached by keyboard (en)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/en_GB/groups');
  await page.getByRole('button', { name: 'Search people and content' }).click();
  const bar = page.getByRole('combobox', { name: 'Search people and content' });
  await expect(bar).toBeFocused();
  await bar.pressSequentially(word);
  const everything = page.getByRole('option', { name: `Search everything for “${word}”` });
  await expect(everything).toBeVisible();
  await bar.press('ArrowDown');
  await expect(bar).toHaveAttribute('aria-activedescendant', (await everything.getAttribute('id')) ?? '');
  await expectAccessible(page);
  await screenshot(page, 'header-search-open-en_GB');
  await bar.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/en_GB/search_results\\?q=${word}$`));
  await expect(
    page.getByRole('region', { name: 'Files' }).getByRole('link', { name: new RegExp(`${word}_Festwiese`) }),
  ).toBeVisible();
  await screenshot(page, 'header-search-results-en_GB');
});
