import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { TestClient } from '../../test/client';
import { activities, groups, posts } from '../db/schema';
import { seedDemoContent } from './index';

describe('demo news and posts of the seed', () => {
  let t: TestApp;
  let admin: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    const seeded = await seedDemoContent(t.db, { publicUrl: 'http://plaza.test', storage: t.storage });
    admin = new TestClient(t.app);
    await admin.login(seeded.admin!.username, seeded.admin!.password);
  });
  afterAll(() => t.close());

  it('fills the news stream with articles, teasers, filters and posts with reactions', async () => {
    const news = (await admin.get('/api/v2/news', { query: { per_page: 100 } })).json();
    const articles = news.results.filter((i: { meta: { type: string } }) => i.meta.type === 'article');
    const postItems = news.results.filter((i: { meta: { type: string } }) => i.meta.type === 'post');
    expect(articles).toHaveLength(8);
    // The superadmin reads every group, so every demo post is in the stream.
    expect(postItems).toHaveLength(10);
    expect(news.topTeaser.results).toHaveLength(3);
    expect(news.webNews.results).toHaveLength(7);
    expect(news.filters[0].properties).toHaveLength(4);
    expect(postItems.some((p: { group: unknown }) => p.group === null)).toBe(true);
    expect(postItems.some((p: { mentions: unknown[] }) => p.mentions.length > 0)).toBe(true);
    expect(
      postItems.some(
        (p: { likes_count: number; comments_count: number }) => p.likes_count > 0 && p.comments_count > 0,
      ),
    ).toBe(true);
    expect(articles.some((a: { comments_allowed: boolean }) => !a.comments_allowed)).toBe(true);
  });

  it('gives every article a generated picture that is served', async () => {
    const teaser = (await admin.get('/api/v2/news/top_teaser')).json();
    const picture = teaser.results[0].images.title as string;
    expect(picture).toMatch(/^\/uploads\/images\/[0-9a-f]{32}\.webp$/);
    const served = await admin.get(picture);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('tells mentioned members, in their language, with a link to the post', async () => {
    const [leadership] = await t.db.select().from(groups).where(eq(groups.name, 'Leadership Circle'));
    const [secret] = await t.db.select().from(posts).where(eq(posts.group_id, leadership!.id));
    const mentionRows = await t.db
      .select()
      .from(activities)
      .where(eq(activities.url, `/news/post-${secret!.id}`));
    expect(mentionRows).toHaveLength(1);
    expect(mentionRows[0]!.type).toBe('mention');
  });
});
