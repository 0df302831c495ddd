// The groups list, a group page (each tab and the edit overlay) and a topic page, one test per page:
// axe-clean in English; and each of the three pages in German and English with full-page screenshots
// at desktop and phone width, kept under test-results/screenshots to look at by hand (not compared:
// the pages show names and images the tests make), then axe. Greta uses her saved session.
import { expect, test } from '@playwright/test';
import { addMember, createGroup, createTopic } from '../fixtures/groups';
import { acceptCookies, expectAccessible, type Lang, members, screenshot, stateOf } from '../fixtures/plaza';

const { groupAdmin: greta, groupMember: ben } = members;
const langs: Lang[] = ['de_DE', 'en_GB'];
const topicName = { de_DE: 'Hafen in der Dämmerung', en_GB: 'Harbour at dusk' } as const;

test.use({ storageState: stateOf(greta) });
test.beforeEach(async ({ context }) => acceptCookies(context));

type Made = { group: { id: number; name: string }; topic: number };

/**
 * Made through the API: for axe, an open group with Ben as member and one topic; per language for the
 * screenshots, an approval group with an image, Ben as member and one topic.
 */
let forAxe: Made;
const made = {} as Record<Lang, Made>;
test.beforeAll(async () => {
  const group = await createGroup(greta, 'open', 'Photo walks');
  await addMember(greta, group.id, ben);
  forAxe = { group, topic: await createTopic(greta, group.id, topicName.en_GB) };
  for (const lang of langs) {
    const group = await createGroup(
      greta,
      'approval',
      lang === 'de_DE' ? 'Fotospaziergänge' : 'Photo walks',
      {
        withImage: true,
      },
    );
    await addMember(greta, group.id, ben);
    made[lang] = { group, topic: await createTopic(greta, group.id, topicName[lang]) };
  }
});

test.describe('accessible', () => {
  test('the groups list is accessible', async ({ page }) => {
    const { group } = forAxe;
    await page.goto('/en_GB/groups');
    await expect(page.getByRole('heading', { level: 1, name: 'Groups' })).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(group.name) })).toBeVisible();
    await expectAccessible(page);
  });

  for (const tab of ['Topics', 'Files', 'Members', 'Info']) {
    test(`the group page's ${tab} tab is accessible`, async ({ page }) => {
      const { group } = forAxe;
      await page.goto(`/en_GB/groups/${group.id}`);
      await expect(page.getByRole('heading', { level: 1, name: group.name })).toBeVisible();
      await page.getByRole('tab', { name: tab, exact: true }).click();
      await expect(page.getByRole('tab', { name: tab, exact: true })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await expectAccessible(page);
    });
  }

  test("the group page's edit overlay is accessible", async ({ page }) => {
    const { group } = forAxe;
    await page.goto(`/en_GB/groups/${group.id}`);
    await expect(page.getByRole('heading', { level: 1, name: group.name })).toBeVisible();
    await page.getByRole('button', { name: 'Edit group' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit group' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  test('the topic page is accessible', async ({ page }) => {
    const { group, topic } = forAxe;
    await page.goto(`/en_GB/groups/${group.id}/topics/${topic}`);
    await expect(page.getByRole('heading', { name: topicName.en_GB }).first()).toBeVisible();
    await expectAccessible(page);
  });
});

for (const lang of langs) {
  test.describe(`screenshots in ${lang}`, () => {
    const sizes = [
      { width: 1366, height: 900 },
      { width: 390, height: 844 },
    ];

    test(`the groups list in ${lang}: screenshots kept, then axe`, async ({ page }) => {
      const { group } = made[lang];
      for (const size of sizes) {
        await page.setViewportSize(size);
        await page.goto(`/${lang}/groups`);
        await expect(page.getByRole('link', { name: new RegExp(group.name) })).toBeVisible();
        await screenshot(page, `groups-list-${lang}`);
      }
      await expectAccessible(page);
    });

    test(`a group page in ${lang}: screenshots kept, then axe`, async ({ page }) => {
      const { group } = made[lang];
      for (const size of sizes) {
        await page.setViewportSize(size);
        await page.goto(`/${lang}/groups/${group.id}`);
        await expect(page.getByRole('heading', { level: 1, name: group.name })).toBeVisible();
        await expect(page.getByRole('link', { name: topicName[lang] })).toBeVisible();
        await screenshot(page, `group-page-${lang}`);
      }
      await expectAccessible(page);
    });

    test(`a topic page in ${lang}: screenshots kept, then axe`, async ({ page }) => {
      const { group, topic } = made[lang];
      for (const size of sizes) {
        await page.setViewportSize(size);
        await page.goto(`/${lang}/groups/${group.id}/topics/${topic}`);
        await expect(page.getByRole('heading', { name: topicName[lang] }).first()).toBeVisible();
        await screenshot(page, `topic-page-${lang}`);
      }
      await expectAccessible(page);
    });
  });
}
