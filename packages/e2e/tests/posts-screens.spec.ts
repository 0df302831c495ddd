// Screenshots of the dashboard, the activity feed, a group with its stream and an article at 390 and
// 1366 px in German and English, with axe on each (looked at by hand; kept under the output folder).
import { expect, type Page, test } from '@playwright/test';
import { addMember, createGroup } from '../fixtures/groups';
import { acceptCookies, apiAs, expectAccessible, type Lang, members, signIn } from '../fixtures/plaza';

const { groupAdmin: greta, groupMember: ben } = members;
const widths = { phone: 390, desktop: 1366 } as const;

test.beforeEach(async ({ context }) => acceptCookies(context));

async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

for (const lang of ['de_DE', 'en_GB'] as Lang[]) {
  for (const [device, width] of Object.entries(widths)) {
    test(`posts, news and activities in ${lang} at ${width} px`, async ({ page }) => {
      const group = await createGroup(greta, 'open', `Dach ${lang} ${device}`);
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

      await page.setViewportSize({ width, height: 900 });
      await signIn(page, ben, lang);
      await page.goto(`/${lang}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('article').first()).toBeVisible();
      await shoot(page, `${lang}-${device}-dashboard`);

      await page.goto(`/${lang}/activity_feed`);
      await expect(page.getByRole('separator').first()).toBeVisible();
      await shoot(page, `${lang}-${device}-activity-feed`);

      await page.goto(`/${lang}/groups/${group.id}`);
      await expect(page.getByRole('article').first()).toBeVisible();
      await shoot(page, `${lang}-${device}-group-stream`);

      await page.getByRole('button', { name: lang === 'de_DE' ? 'Emoji einfügen' : 'Insert emoji' }).click();
      await expect(page.getByRole('dialog').getByRole('gridcell').first()).toBeVisible();
      await shoot(page, `${lang}-${device}-emoji-picker`);
      await page.keyboard.press('Escape');

      await page.goto(`/${lang}`);
      const teaser = page.getByRole('region', { name: lang === 'de_DE' ? 'Top-Themen' : 'Top stories' });
      await teaser.getByRole('link').first().click();
      await expect(page).toHaveURL(/\/news\/page-\d+$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await shoot(page, `${lang}-${device}-article`);
    });
  }
}
