// Two members in two browsers, with their saved sessions. Greta writes a post with a mention of Ben,
// an emoji, a file and a link with its preview (the local site of start-server.ts) into a group; Ben
// sees the mention arrive live (bell and feed) without reloading. The create-post box refuses links
// that reach loopback in a way LINK_PREVIEW_HOSTS does not allow. Ben opens a post that mentions him
// from the feed, likes and comments on it; Greta sees the counts. Axe on the create-post box with
// the emoji picker open, the group stream, the feed, the dashboard and the post page.
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { addMember, createGroup, testPng, userIdOf } from '../fixtures/groups';
import {
  acceptCookies,
  animationsSettled,
  apiAs,
  expectAccessible,
  type Member,
  members,
  stateOf,
} from '../fixtures/plaza';
import { previewArticle, previewHost, previewSiteUrl } from '../fixtures/preview-site';

const { groupAdmin: greta, groupMember: ben } = members;

test.beforeEach(async ({ context }) => acceptCookies(context));

/** A member in a browser of their own, with the member's saved session. */
async function browserOf(browser: Browser, member: Member): Promise<Page> {
  const context = await browser.newContext({
    locale: 'en-GB',
    viewport: { width: 1366, height: 900 },
    storageState: stateOf(member),
  });
  await acceptCookies(context);
  return context.newPage();
}

/** The local site's article preview inside `scope`: title (a link to the page), description and image. */
async function expectPreview(scope: Locator): Promise<void> {
  const title = scope.getByRole('link', { name: previewArticle.title });
  await expect(title).toBeVisible();
  await expect(title).toHaveAttribute('href', previewSiteUrl('/article').url);
  await expect(scope.getByText(previewArticle.description)).toBeVisible();
  // The image is the server's WebP copy (img-src 'self'), decorative (alt=""), and it loaded.
  const image = scope.locator('img[src^="/uploads/images/"][src$=".webp"]');
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(320);
}

/** The unread count on the app bar's notification bell (0 when it shows none). */
async function unreadCount(page: Page): Promise<number> {
  const bell = page.getByRole('button', { name: /^(Open notifications|Benachrichtigungen öffnen)/ });
  const label = (await bell.getAttribute('aria-label')) ?? '';
  return Number(label.match(/\d+/)?.[0] ?? 0);
}

const desktop = { width: 1366, height: 900 };

test.describe('Greta writes', () => {
  test.use({ storageState: stateOf(greta), viewport: desktop });

  test('the create-post box previews the listed site and keeps links it refuses as plain links', async ({
    page,
  }) => {
    const group = await createGroup(greta, 'open', 'Link previews');
    await page.goto(`/en_GB/groups/${group.id}`);
    const box = page.getByRole('region', { name: 'Write a post' });
    // The box is one line until used.
    await box.getByRole('button', { name: /What's new/ }).click();
    const link = box.getByLabel('Link', { exact: true });
    const noPreview = box.getByText('No preview is available for this link.', { exact: false });
    const article = previewSiteUrl('/article');

    // Refused: a page of the listed site reached through a redirect to the bare loopback address,
    // and a name outside LINK_PREVIEW_HOSTS that points at loopback.
    for (const refused of [
      previewSiteUrl('/moved').url,
      article.url.replace(previewHost, '127.0.0.1.nip.io'),
    ]) {
      await link.fill(refused);
      await expect(noPreview).toBeVisible();
      // The link stays, as a plain card of its address without anything the site said of itself.
      const plain = box.getByRole('figure', { name: `Link to ${new URL(refused).host}` });
      await expect(plain).toBeVisible();
      await expect(plain.getByRole('link')).toHaveAttribute('href', refused);
      await expect(plain.getByRole('img')).toHaveCount(0);
    }

    // The article of the local site (mapped to 127.0.0.1 by LINK_PREVIEW_HOSTS) gets its preview card.
    await link.fill(article.url);
    await expectPreview(box.getByRole('figure', { name: `Preview of ${article.host}` }));
    await expect(noPreview).toHaveCount(0);
  });

  test('a post with a mention, an emoji, a file and a link preview reaches the mentioned member live', async ({
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
    await page.goto(`/en_GB/groups/${group.id}`);
    const box = page.getByRole('region', { name: 'Write a post' });
    await box.getByRole('button', { name: /What's new/ }).click();
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
    await animationsSettled(page);
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

    const link = box.getByLabel('Link', { exact: true });
    const article = previewSiteUrl('/article');
    await link.fill(article.url);
    await expectPreview(box.getByRole('figure', { name: `Preview of ${article.host}` }));

    await expect(post).toBeEnabled();
    await post.click();
    const stream = page.getByRole('region', { name: 'Posts in this group' });
    const card = stream.getByRole('article').filter({ hasText: 'the roof plan is ready' });
    await expect(card).toBeVisible();
    await expect(card.getByText('@Ben Mitglied')).toBeVisible();
    await expect(card).toContainText('🚀');
    // Images are stored re-encoded as WebP.
    // The image opens the lightbox; it is described by the post, not by its file name.
    const picture = card.getByRole('button', { name: 'Image in the post by Greta Gruppe, enlarge' });
    await expect(picture.locator('img')).toBeVisible();
    await expect(card.getByRole('img', { name: 'roof-plan.webp' })).toHaveCount(0);
    await expectPreview(card);
    // The box folds back to its one line; opened again, the form is reset: empty text, no files,
    // disabled again.
    await expect(editor).toHaveCount(0);
    await box.getByRole('button', { name: /What's new/ }).click();
    await expect(editor).toHaveText('');
    await expect(box.getByRole('button', { name: 'Remove roof-plan.png' })).toHaveCount(0);
    await expect(link).toHaveValue('');
    await expect(post).toBeDisabled();
    await animationsSettled(page);
    await expectAccessible(page);

    // Ben sees the mention arrive without reloading: the bell counts it, and the feed (opened from
    // the navigation, still without a reload) lists it above the 'up to date' divider.
    await expect.poll(() => unreadCount(benPage)).toBeGreaterThan(unreadBefore);
    await benPage
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Activities' })
      .click();
    await expect(benPage.getByRole('heading', { name: 'Activities', level: 1 })).toBeVisible();
    await expect(
      // In the English interface the sentence is English (it once came in the recipient's stored language).
      benPage.getByRole('link', {
        name: `Greta Gruppe mentioned you in a post in the group “${group.name}”.`,
      }),
    ).toBeVisible();
    await expect(benPage.getByRole('separator', { name: 'You are up to date' })).toBeVisible();
    await benPage.context().close();
  });
});

test.describe('Ben reads', () => {
  test.use({ storageState: stateOf(ben), viewport: desktop });

  test('the mentioned member opens the post from the feed, likes and comments; the author sees both', async ({
    browser,
    page,
  }) => {
    // Greta's post that mentions Ben, with the local site's link preview, written through the API.
    const group = await createGroup(greta, 'open', 'Posts read');
    await addMember(greta, group.id, ben);
    const benId = await userIdOf(ben);
    const api = await apiAs(greta);
    const created = await api.post('/api/v2/posts', {
      headers: await api.csrf(),
      data: {
        description: `<p>Hello <span data-type="mention" data-id="${benId}" data-label="Ben Mitglied">@Ben Mitglied</span> the roof plan is ready</p>`,
        group_id: group.id,
        preview: { url: previewSiteUrl('/article').url },
      },
    });
    expect(created.status()).toBe(201);
    await api.dispose();

    await page.goto('/en_GB/activity_feed');
    await expect(page.getByRole('heading', { name: 'Activities', level: 1 })).toBeVisible();
    const mention = page.getByRole('link', {
      name: `Greta Gruppe mentioned you in a post in the group “${group.name}”.`,
    });
    await expect(mention).toBeVisible();
    await expect(page.getByRole('separator', { name: 'You are up to date' })).toBeVisible();
    await expectAccessible(page);

    // The activity opens the post's page; Ben likes and comments.
    await mention.click();
    await expect(page).toHaveURL(/\/en_GB\/news\/post-\d+$/);
    const benCard = page.getByRole('article').filter({ hasText: 'the roof plan is ready' });
    await expectPreview(benCard);
    await benCard.getByRole('button', { name: '0 likes. Like' }).click();
    await expect(benCard.getByRole('button', { name: '1 like. Like' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await benCard.getByLabel('Write a comment').fill('Great plan, I am in!');
    await benCard.getByRole('button', { name: 'Send' }).click();
    await expect(benCard.getByText('Great plan, I am in!')).toBeVisible();
    await expect(benCard.getByLabel('Write a comment')).toHaveValue('');
    await animationsSettled(page);
    await expectAccessible(page);

    // Greta sees the counts on the group page.
    const gretaPage = await browserOf(browser, greta);
    await gretaPage.goto(`/en_GB/groups/${group.id}`);
    const gretaCard = gretaPage.getByRole('article').filter({ hasText: 'the roof plan is ready' });
    await expect(gretaCard.getByRole('button', { name: '1 like. Like' })).toBeVisible();
    await gretaCard.getByRole('button', { name: '1 comment' }).click();
    await expect(gretaCard.getByText('Great plan, I am in!')).toBeVisible();
    await gretaPage.context().close();
  });

  test('the dashboard shows the create-post box, the news stream and the latest activities', async ({
    page,
  }) => {
    await page.goto('/en_GB');
    await expect(page.getByRole('region', { name: 'Write a post' })).toBeVisible();
    const news = page.getByRole('region', { name: 'News', exact: true });
    await expect(news.getByRole('article').first()).toBeVisible();
    // 'Load more' appends the next page below the first.
    const first = await news.getByRole('article').count();
    await news.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => news.getByRole('article').count()).toBeGreaterThan(first);
    await expect(page.getByRole('heading', { name: 'Latest activities' })).toBeVisible();
    await animationsSettled(page);
    await expectAccessible(page);
  });
});
