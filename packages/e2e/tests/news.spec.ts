// A news article with likes and comments in two browsers: Ben likes and comments, Greta sees the
// counts and the comment. Axe on the article page.
import { expect, test } from '@playwright/test';
import {
  acceptCookies,
  animationsSettled,
  apiAs,
  expectAccessible,
  members,
  stateOf,
} from '../fixtures/plaza';

const { groupAdmin: greta, groupMember: ben } = members;

test.use({ storageState: stateOf(ben) });
test.beforeEach(async ({ context }) => acceptCookies(context));

/** A seeded article that takes likes and comments, found through the news list. */
async function likeableArticle(): Promise<{ id: string; title: string; images: { title: string | null } }> {
  const api = await apiAs(ben);
  const list = await (await api.get('/api/v2/news?type=article&per_page=20')).json();
  await api.dispose();
  const article = (
    list.results as {
      id: string;
      title: string;
      images: { title: string | null };
      likes_allowed: boolean;
      comments_allowed: boolean;
    }[]
  ).find((item) => item.likes_allowed && item.comments_allowed);
  expect(article, 'the demo content has an article open to likes and comments').toBeTruthy();
  return article!;
}

test('a member likes and comments on an article; another member sees both', async ({ browser, page }) => {
  const article = await likeableArticle();
  await page.goto(`/en_GB/news/${article.id}`);
  await expect(page.getByRole('heading', { name: article.title, level: 1 })).toBeVisible();
  const like = page.getByRole('button', { name: /likes?\. Like$/ });
  const before = Number((await like.getAttribute('aria-label'))?.match(/\d+/)?.[0]);
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveText(String(before + 1));
  const text = `Thanks for the update ${Date.now().toString(36)}`;
  await page.getByLabel('Write a comment').fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(text)).toBeVisible();
  await animationsSettled(page);
  await expectAccessible(page);

  const context = await browser.newContext({ locale: 'de-DE', storageState: stateOf(greta) });
  await acceptCookies(context);
  const other = await context.newPage();
  await other.goto(`/de_DE/news/${article.id}`);
  const otherLike = other.getByRole('button', { name: /Likes?\. Gefällt mir$/ });
  await expect(otherLike).toHaveText(String(before + 1));
  await expect(otherLike).toHaveAttribute('aria-pressed', 'false');
  await expect(other.getByText(text)).toBeVisible();
  await context.close();

  // Unlike takes the like back.
  await like.click();
  await expect(like).toHaveText(String(before));
});

// A click on the like button once landed on the article: the page moved under it as the picture arrived
// (no place kept for it) and as the app took the page over (the comment field drawn two rows high, then
// one, so a page scrolled to its end moved down).
test('the article page keeps its layout while the app takes it over and its picture arrives', async ({
  page,
}) => {
  const article = await likeableArticle();
  expect(article.images.title, 'the demo article has a picture').toBeTruthy();
  // The picture is held back until the page is ready for a click, as on a slow network.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(new URL(article.images.title!, 'http://plaza.test').pathname, async (route) => {
    await held;
    await route.continue();
  });
  // The page's load event waits for the picture: the page is read as soon as it is there, as drawn.
  await page.goto(`/en_GB/news/${article.id}`, { waitUntil: 'domcontentloaded' });
  const pageHeight = () => page.evaluate(() => document.documentElement.scrollHeight);
  const like = page.getByRole('button', { name: /likes?\. Like$/ });
  const drawn = { height: await pageHeight(), like: await like.boundingBox() };
  await expect(like).toBeEnabled();
  release();
  await expect
    .poll(() => page.locator('article header img').evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
  expect({ height: await pageHeight(), like: await like.boundingBox() }).toEqual(drawn);
});

test('an unknown article id goes to the not-found page', async ({ page }) => {
  await page.goto('/en_GB/news/page-999999');
  await expect(page).toHaveURL(/\/en_GB\/404$/);
});
