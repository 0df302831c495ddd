// The search across the community (issue 16): a member types in the side drawer's search box, sees
// suggestions, submits, sees results of several kinds (a group, its topic, a post) and opens one; a term
// without hits lands on result-not-found, whose back button goes one step back.
import { expect, test } from '@playwright/test';
import { createGroup, createTopic } from '../fixtures/groups';
import { acceptCookies, apiAs, expectAccessible, members, setSettings, stateOf } from '../fixtures/plaza';

const { groupAdmin: greta, anna } = members;

test.use({ storageState: stateOf(anna) });
test.beforeEach(async ({ context }) => acceptCookies(context));

let originalSearch: unknown;
test.beforeAll(async () => {
  const api = await apiAs(members.admin);
  originalSearch = (await (await api.get('/api/v2/settings')).json()).advanced_search;
  await api.dispose();
  // The side drawer's basic search box shows with the basic search (the extended one has its own bar).
  await setSettings({ advanced_search: { type: 'basic', fields: [] } });
});
test.afterAll(async () => setSettings({ advanced_search: originalSearch }));

test('a member searches from the side drawer, sees suggestions and results of several kinds, opens one', async ({
  page,
}) => {
  // A word of its own for this run: Greta's open group, its topic and a post in it hold it.
  const word = `Zitronenfalter${Date.now().toString(36)}`;
  const group = await createGroup(greta, 'open', `${word} Freunde`);
  const topic = await createTopic(greta, group.id, `${word} Beobachtungen`);
  const api = await apiAs(greta);
  const created = await api.post('/api/v2/posts', {
    headers: await api.csrf(),
    data: {
      description: `<p>Heute drei ${word} im Garten gesehen.</p>`,
      group_id: group.id,
      topic_id: topic,
    },
  });
  expect(created.status()).toBe(201);
  await api.dispose();

  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/en_GB/groups');
  const box = page.getByRole('complementary').getByRole('combobox', { name: 'Search' });
  // A blank term does nothing.
  await box.fill('   ');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/en_GB\/groups$/);

  // Suggestions while typing (a prefix of the word).
  await box.fill(word.slice(0, -2));
  const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(suggestions.getByRole('option', { name: new RegExp(`${word} Freunde`) })).toBeVisible();
  await expect(suggestions.getByRole('option', { name: new RegExp(`${word} Beobachtungen`) })).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');

  await box.fill(word);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/en_GB/search_results\\?q=${word}$`));
  const groups = page.getByRole('region', { name: 'Groups' });
  const topics = page.getByRole('region', { name: 'Topics' });
  const posts = page.getByRole('region', { name: 'Posts' });
  await expect(groups.getByRole('link', { name: group.name })).toBeVisible();
  await expect(topics.getByRole('link', { name: new RegExp(`${word} Beobachtungen`) })).toBeVisible();
  await expect(posts.getByRole('link', { name: new RegExp(`Heute drei ${word}`) })).toBeVisible();
  await expectAccessible(page);

  await topics.getByRole('link', { name: new RegExp(`${word} Beobachtungen`) }).click();
  await expect(page).toHaveURL(new RegExp(`/en_GB/groups/${group.id}/topics/${topic}$`));
});

test('a term without hits lands on result-not-found, and back goes one step back', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/de_DE/groups');
  const box = page.getByRole('complementary').getByRole('combobox', { name: 'Suche' });
  await box.fill(`Nirgendwo${Date.now().toString(36)}`);
  await box.press('Enter');
  await expect(page).toHaveURL(/\/de_DE\/result-not-found$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Zurück' }).click();
  await expect(page).toHaveURL(/\/de_DE\/groups$/);
});
