// The dashboard, the activity feed, a group with its stream, the emoji picker and an article, one test
// per page and view (German at 390 px, English at 1366 px: both widths and both languages): each passes
// axe and leaves a full-page screenshot in its output folder (looked at by hand, not compared: the pages
// show what the tests post). Ben uses his saved session.
import { expect, type Page, test } from '@playwright/test';
import { addMember, createGroup } from '../fixtures/groups';
import { acceptCookies, apiAs, expectAccessible, type Lang, members, stateOf } from '../fixtures/plaza';

const { groupAdmin: greta, groupMember: ben } = members;
const widths = { phone: 390, desktop: 1366 } as const;

test.use({ storageState: stateOf(ben) });
test.beforeEach(async ({ context }) => acceptCookies(context));

/** An open group with Ben as member and a post of Greta's in it, made through the API. */
let group: { id: number; name: string };
test.beforeAll(async () => {
  group = await createGroup(greta, 'open', 'Dach');
  await addMember(greta, group.id, ben);
  const api = await apiAs(greta);
  const created = await api.post('/api/v2/posts', {
    headers: await api.csrf(),
    data: {
      description: '<p>Das Dachbeet ist bereit, <strong>Freitag</strong> pflanzen wir Tomaten 🍅</p>',
      group_id: group.id,
    },
  });
  expect(created.status()).toBe(201);
  await api.dispose();
});

/** Checks axe (once animations have ended), keeps a full-page screenshot. */
async function shoot(page: Page, name: string): Promise<void> {
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

for (const [device, lang] of [
  ['phone', 'de_DE'],
  ['desktop', 'en_GB'],
] as [keyof typeof widths, Lang][]) {
  const width = widths[device];
  test.describe(`${lang} at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test(`the dashboard passes axe (${lang}, ${width} px)`, async ({ page }) => {
      await page.goto(`/${lang}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('article').first()).toBeVisible();
      await shoot(page, `${lang}-${device}-dashboard`);
    });

    test(`the activity feed passes axe (${lang}, ${width} px)`, async ({ page }) => {
      await page.goto(`/${lang}/activity_feed`);
      await expect(page.getByRole('separator').first()).toBeVisible();
      await shoot(page, `${lang}-${device}-activity-feed`);
    });

    test(`a group stream passes axe (${lang}, ${width} px)`, async ({ page }) => {
      await page.goto(`/${lang}/groups/${group.id}`);
      await expect(page.getByRole('article').first()).toBeVisible();
      await shoot(page, `${lang}-${device}-group-stream`);
    });

    test(`the emoji picker passes axe (${lang}, ${width} px)`, async ({ page }) => {
      await page.goto(`/${lang}/groups/${group.id}`);
      await expect(page.getByRole('article').first()).toBeVisible();
      // The post box is one line until used.
      const box = page.getByRole('region', { name: lang === 'de_DE' ? 'Beitrag schreiben' : 'Write a post' });
      await box.getByRole('button', { name: lang === 'de_DE' ? /Was gibt es Neues/ : /What's new/ }).click();
      await box.getByRole('button', { name: lang === 'de_DE' ? 'Emoji einfügen' : 'Insert emoji' }).click();
      await expect(page.getByRole('dialog').getByRole('gridcell').first()).toBeVisible();
      await shoot(page, `${lang}-${device}-emoji-picker`);
    });

    test(`an article opened from the dashboard passes axe (${lang}, ${width} px)`, async ({ page }) => {
      await page.goto(`/${lang}`);
      // Wide screens show the top stories above the stream; phones leave them out (the feed comes
      // first there) and list the articles in the stream.
      const teasers =
        device === 'desktop'
          ? page.getByRole('region', { name: 'Top stories' })
          : page.getByRole('region', { name: 'Neuigkeiten' });
      await teasers.locator('a[href*="/news/page-"]').first().click();
      await expect(page).toHaveURL(/\/news\/page-\d+$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await shoot(page, `${lang}-${device}-article`);
    });
  });
}
