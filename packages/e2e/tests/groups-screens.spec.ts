// The groups list, a group page (every tab) and a topic page: axe-clean, and screenshots at
// desktop and phone width in German and English.
import { expect, test } from '@playwright/test';
import { addMember, createGroup, createTopic } from '../fixtures/groups';
import { acceptCookies, expectAccessible, type Lang, members, screenshot, signIn } from '../fixtures/plaza';

const { groupAdmin: greta, groupMember: ben } = members;

test.beforeEach(async ({ context }) => acceptCookies(context));

test('the group pages are accessible on every tab', async ({ page }) => {
  const group = await createGroup(greta, 'open', 'Photo walks');
  await addMember(greta, group.id, ben);
  const topic = await createTopic(greta, group.id, 'Harbour at dusk');
  await signIn(page, greta, 'en_GB');

  await page.goto('/en_GB/groups');
  await expect(page.getByRole('heading', { level: 1, name: 'Groups' })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(group.name) })).toBeVisible();
  await expectAccessible(page);

  await page.goto(`/en_GB/groups/${group.id}`);
  await expect(page.getByRole('heading', { level: 1, name: group.name })).toBeVisible();
  for (const tab of ['Topics', 'Files', 'Members', 'Info']) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    await expect(page.getByRole('tab', { name: tab, exact: true })).toHaveAttribute('aria-selected', 'true');
    await expectAccessible(page);
  }
  await page.getByRole('button', { name: 'Edit group' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit group' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('dialog', { name: 'Edit group' }).getByRole('button', { name: 'Cancel' }).click();

  await page.goto(`/en_GB/groups/${group.id}/topics/${topic}`);
  await expect(page.getByRole('heading', { name: 'Harbour at dusk' }).first()).toBeVisible();
  await expectAccessible(page);
});

for (const lang of ['de_DE', 'en_GB'] as Lang[]) {
  test(`screenshots of the groups pages in ${lang}`, async ({ page }) => {
    const group = await createGroup(
      greta,
      'approval',
      lang === 'de_DE' ? 'Fotospaziergänge' : 'Photo walks',
      {
        withImage: true,
      },
    );
    await addMember(greta, group.id, ben);
    const topic = await createTopic(
      greta,
      group.id,
      lang === 'de_DE' ? 'Hafen in der Dämmerung' : 'Harbour at dusk',
    );
    await signIn(page, greta, lang);
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
      await page.goto(`/${lang}/groups`);
      await expect(page.getByRole('link', { name: new RegExp(group.name) })).toBeVisible();
      await screenshot(page, `groups-list-${lang}`);
      await page.goto(`/${lang}/groups/${group.id}`);
      await expect(page.getByRole('heading', { level: 1, name: group.name })).toBeVisible();
      await expect(page.getByRole('link', { name: /Hafen in der Dämmerung|Harbour at dusk/ })).toBeVisible();
      await screenshot(page, `group-page-${lang}`);
      await page.goto(`/${lang}/groups/${group.id}/topics/${topic}`);
      await expect(
        page.getByRole('heading', { name: /Hafen in der Dämmerung|Harbour at dusk/ }).first(),
      ).toBeVisible();
      await screenshot(page, `topic-page-${lang}`);
    }
    await expectAccessible(page);
  });
}
