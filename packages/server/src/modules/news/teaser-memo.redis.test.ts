import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildUser, testPassword } from '../../../test/factories';
import { type TwoInstances, twoInstances } from '../../../test/instances';
import { buildArticle } from '../../../test/post-helpers';
import { pages } from '../../db/schema';
import { NEWS_TEASERS_KEPT_MS } from './teaser-memo';

/**
 * Each instance keeps the news stream's teasers for a few seconds (teaser-memo.ts); a like made through
 * one instance must show on the others at once. Wall-clock time stands still, so B's copy never runs
 * out on its own: only the Redis bus can tell it.
 */
describe('the news teasers kept by each instance', () => {
  let instances: TwoInstances;
  let a: TestApp;
  let b: TestApp;
  let onA: TestClient;
  let onB: TestClient;
  let articleId: number;

  beforeAll(async () => {
    instances = await twoInstances();
    ({ a, b } = instances);
    const member = await buildUser(instances.database.db);
    articleId = (await buildArticle(instances.database.db, { title: 'Sommerfest', featured: true })).id;
    onA = new TestClient(a.app);
    await onA.login(member.username, testPassword);
    onB = new TestClient(b.app);
    for (const [name, value] of onA.jar) onB.jar.set(name, value);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(() => instances.close());

  /** The article as B's first page shows it in the top teaser. */
  const teaserOnB = async () => {
    const news = (await onB.get('/api/v2/news')).json();
    return news.topTeaser.results.find((article: { item_id: number }) => article.item_id === articleId) as {
      title: string;
      likes_count: number;
      liked_by_me: boolean;
    };
  };

  it("shows a like made on one instance in the other's teasers at once", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const before = await teaserOnB();
    expect(before).toMatchObject({ title: 'Sommerfest', liked_by_me: false });
    expect((await onA.put('/api/v2/likes', { type: 'news', id: articleId, like: true })).statusCode).toBe(
      200,
    );

    await expect.poll(async () => (await teaserOnB()).likes_count).toBe(before.likes_count + 1);
    expect((await teaserOnB()).liked_by_me).toBe(true);
  });

  it('keeps the teasers for a few seconds when a change was not announced, then reads them again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    expect((await teaserOnB()).title).toBe('Sommerfest');
    // A change the bus does not carry (another process writing the table): B keeps its copy for now ...
    await instances.database.db.update(pages).set({ title: 'Herbstfest' }).where(eq(pages.id, articleId));
    expect((await teaserOnB()).title).toBe('Sommerfest');
    // ... and no longer than NEWS_TEASERS_KEPT_MS.
    vi.setSystemTime(Date.now() + NEWS_TEASERS_KEPT_MS + 1);
    expect((await teaserOnB()).title).toBe('Herbstfest');
  });
});
