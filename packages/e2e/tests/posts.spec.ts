// Two members in two browsers: Greta writes a post with a mention of Ben, an emoji, a file and a
// link into a group; Ben sees the mention arrive live (badge and feed) without reloading, then likes
// and comments on the post's page; Greta sees the counts. Axe on the create-post box with the emoji
// picker open, the group stream, the feed, the dashboard and the post page.
import { type Browser, expect, type Page, test } from '@playwright/test';
import { addMember, createGroup, testPng } from '../fixtures/groups';
import { acceptCookies, expectAccessible, type Member, members, signIn } from '../fixtures/plaza';

const { groupAdmin: greta, groupMember: ben } = members;

test.beforeEach(async ({ context }) => acceptCookies(context));

/** A member in a browser of their own, signed in. */
async function browserOf(browser: Browser, member: Member): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 1366, height: 900 } });
  await acceptCookies(context);
  const page = await context.newPage();
  await signIn(page, member, 'en_GB');
  return page;
}

/** Waits until every running animation has finished (axe measures colours after a fade). */
async function settle(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
}

/** The number in the side drawer's unread badge (0 when hidden). */
async function unreadCount(page: Page): Promise<number> {
  const badge = page.getByLabel(/unread activit/);
  if (!(await badge.count())) return 0;
  const text = (await badge.first().getAttribute('aria-label')) ?? '';
  return Number(text.match(/\d+/)?.[0] ?? 0);
}

test('a post with a mention, an emoji, a file and a link reaches the mentioned member live; likes and comments come back', async ({
  browser,
  page,
}) => {
  const group = await createGroup(greta, 'open', 'Posts walk');
  await addMember(greta, group.id, ben);

  // Ben waits on the groups list (reading the feed would mark his activities read).
  const benPage = await browserOf(browser, ben);
  await benPage.goto('/en_GB/groups');
  await expect(benPage.getByRole('heading', { level: 1 })).toBeVisible();
  const unreadBefore = await unreadCount(benPage);

  // Greta writes into the group.
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, greta, 'en_GB');
  await page.goto(`/en_GB/groups/${group.id}`);
  const box = page.getByRole('region', { name: 'Write a post' });
  const post = page.getByRole('button', { name: 'Post', exact: true });
  await expect(post).toBeDisabled();
  const editor = box.getByRole('textbox', { name: 'Your post' });
  await editor.click();
  await page.keyboard.type('Hello @Mitglied');
  const option = page.getByRole('option', { name: 'Ben Mitglied' });
  await expect(option).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(editor.locator('[data-type="mention"]')).toHaveText('@Ben Mitglied');
  await page.keyboard.type(' the roof plan is ready ');

  await box.getByRole('button', { name: 'Insert emoji' }).click();
  const picker = page.getByRole('dialog', { name: 'Emojis' });
  await expect(picker.getByRole('gridcell').first()).toBeVisible();
  await settle(page);
  await expectAccessible(page);
  await picker.getByLabel('Search emojis').fill('rocket');
  await picker.getByRole('gridcell', { name: 'Rocket', exact: true }).click();
  await expect(picker).toBeHidden();
  await expect(editor).toContainText('🚀');

  await box.getByTestId('post-file-input').setInputFiles({
    name: 'roof-plan.png',
    mimeType: 'image/png',
    buffer: await testPng(),
  });
  await expect(box.getByRole('button', { name: 'Remove roof-plan.png' })).toBeVisible();

  // The e2e server cannot reach the internet and the preview guard has no switch for a local test
  // site, so the lookup comes back empty: the input says so and the post goes without a preview.
  await box.getByLabel('Link').fill('https://example.com/roof-plan');
  await expect(box.getByText('No preview is available for this link.', { exact: false })).toBeVisible();

  await expect(post).toBeEnabled();
  await post.click();
  const stream = page.getByRole('region', { name: 'Posts in this group' });
  const card = stream.getByRole('article').filter({ hasText: 'the roof plan is ready' });
  await expect(card).toBeVisible();
  await expect(card.getByText('@Ben Mitglied')).toBeVisible();
  await expect(card).toContainText('🚀');
  // Images are stored re-encoded as WebP.
  await expect(card.getByRole('img', { name: 'roof-plan.webp' })).toBeVisible();
  // The form is reset: empty text, no files, disabled again.
  await expect(editor).toHaveText('');
  await expect(box.getByRole('button', { name: 'Remove roof-plan.png' })).toHaveCount(0);
  await expect(post).toBeDisabled();
  await settle(page);
  await expectAccessible(page);

  // Ben sees the mention arrive without reloading: the badge counts it, and the feed (opened from
  // the navigation, still without a reload) lists it above the 'up to date' divider.
  await expect.poll(() => unreadCount(benPage)).toBeGreaterThan(unreadBefore);
  await benPage
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Activities' })
    .click();
  await expect(benPage.getByRole('heading', { name: 'Activities', level: 1 })).toBeVisible();
  const mention = benPage.getByRole('link', {
    name: new RegExp(`Greta Gruppe.*${group.name}.*(erwähnt|mentioned)`),
  });
  await expect(mention).toBeVisible();
  await expect(benPage.getByRole('separator', { name: 'You are up to date' })).toBeVisible();
  await expectAccessible(benPage);

  // The activity opens the post's page; Ben likes and comments.
  await mention.click();
  await expect(benPage).toHaveURL(/\/en_GB\/news\/post-\d+$/);
  const benCard = benPage.getByRole('article').filter({ hasText: 'the roof plan is ready' });
  await benCard.getByRole('button', { name: '0 likes. Like' }).click();
  await expect(benCard.getByRole('button', { name: '1 like. Like' })).toHaveAttribute('aria-pressed', 'true');
  await benCard.getByLabel('Write a comment').fill('Great plan, I am in!');
  await benCard.getByRole('button', { name: 'Send' }).click();
  await expect(benCard.getByText('Great plan, I am in!')).toBeVisible();
  await expect(benCard.getByLabel('Write a comment')).toHaveValue('');
  await settle(benPage);
  await expectAccessible(benPage);

  // Greta sees the counts.
  await page.reload();
  const gretaCard = page.getByRole('article').filter({ hasText: 'the roof plan is ready' });
  await expect(gretaCard.getByRole('button', { name: '1 like. Like' })).toBeVisible();
  await gretaCard.getByRole('button', { name: '1 comment' }).click();
  await expect(gretaCard.getByText('Great plan, I am in!')).toBeVisible();
  await benPage.context().close();
});

test('the dashboard shows the create-post box, the news stream and the latest activities', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, ben, 'en_GB');
  await page.goto('/en_GB');
  await expect(page.getByRole('region', { name: 'Write a post' })).toBeVisible();
  const news = page.getByRole('region', { name: 'News', exact: true });
  await expect(news.getByRole('article').first()).toBeVisible();
  // 'Load more' appends the next page below the first.
  const first = await news.getByRole('article').count();
  await news.getByRole('button', { name: 'Load more' }).click();
  await expect.poll(() => news.getByRole('article').count()).toBeGreaterThan(first);
  await expect(page.getByRole('heading', { name: 'Latest activities' })).toBeVisible();
  await settle(page);
  await expectAccessible(page);
});
