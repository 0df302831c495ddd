import { limits } from '@plaza/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildAdmin, buildGroup, buildUser } from '../../../test/factories';
import { signedIn } from '../../../test/group-helpers';
import { buildArticle, buildCategory, writePost } from '../../../test/post-helpers';
import { topics } from '../../db/schema';

type User = Awaited<ReturnType<typeof buildUser>>;
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

describe('news stream, teasers, filters, group and topic streams', () => {
  let t: TestApp;
  let member: User;
  let client: TestClient;
  let englishClient: TestClient;
  let groupId: number;
  let topicId: number;
  let company: { id: number };
  let sports: { id: number };
  const articleIds: number[] = [];
  const postIds: number[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    member = await buildUser(t.db, { firstname: 'Nora', lastname: 'News' });
    const english = await buildUser(t.db, { selected_language: 'en_GB' });
    const group = await buildGroup(t.db, { admins: [member], members: [english] });
    groupId = group.id;
    const [topic] = await t.db
      .insert(topics)
      .values({ group_id: groupId, name: 'Laufen', description: 'x', author_id: member.id })
      .returning();
    topicId = topic!.id;
    const [misc] = await t.db
      .insert(topics)
      .values({ group_id: groupId, name: 'Sonstiges', description: 'x', author_id: member.id })
      .returning();
    client = await signedIn(t, member);
    englishClient = await signedIn(t, english);
    company = await buildCategory(t.db, { de_DE: 'Unternehmen', en_GB: 'Company' });
    sports = await buildCategory(t.db, { de_DE: 'Sport', en_GB: 'Sports' });
    // Ten articles, one per minute back from 100 minutes ago; the three newest are featured.
    for (let i = 0; i < 10; i += 1) {
      const row = await buildArticle(t.db, {
        title: `Artikel ${i}`,
        publish_date: minutesAgo(100 - i),
        category_id: i % 2 === 0 ? company.id : sports.id,
        featured: i >= 7,
      });
      articleIds.push(row.id);
    }
    await buildArticle(t.db, {
      title: 'Zukunft',
      publish_date: new Date(Date.now() + 3_600_000),
      featured: true,
    });
    await buildArticle(t.db, { title: 'Seite', type: 'page' });
    for (let i = 0; i < 3; i += 1) {
      const post = await writePost(client, {
        description: `<p>Beitrag ${i}</p>`,
        group_id: groupId,
        topic_id: i === 0 ? topicId : misc!.id,
      });
      postIds.push(post.item_id);
    }
  });
  afterAll(() => t.close());

  it('refuses anonymous callers', async () => {
    const anonymous = new TestClient(t.app);
    for (const url of [
      '/api/v2/news',
      '/api/v2/news.filters',
      '/api/v2/news/top_teaser',
      `/api/v2/news/topic_filter/${topicId}`,
      `/api/v2/news/${articleIds[0]}`,
    ]) {
      expect((await anonymous.get(url)).statusCode, url).toBe(401);
    }
  });

  it('mixes published articles and posts, newest first, paged', async () => {
    const first = (await client.get('/api/v2/news', { query: { per_page: 5 } })).json();
    // A stream has no total (counting every readable post would cost more than the page): `next` says more.
    expect(first.pagination).toEqual({
      self: 1,
      first: 1,
      prev: null,
      next: 2,
      last: null,
      total: null,
      per_page: 5,
    });
    expect(first.results.map((i: { id: string }) => i.id)).toEqual([
      `post-${postIds[2]}`,
      `post-${postIds[1]}`,
      `post-${postIds[0]}`,
      `page-${articleIds[9]}`,
      `page-${articleIds[8]}`,
    ]);
    expect(first.results[3]).toMatchObject({
      meta: { type: 'article' },
      item_id: articleIds[9],
      title: 'Artikel 9',
      category: { id: sports.id, name: 'Sport' },
      comments_allowed: true,
      likes_allowed: true,
      author: { name: '' },
    });
    const third = (await client.get('/api/v2/news', { query: { per_page: 5, page: 3 } })).json();
    expect(third.results.map((i: { title: string }) => i.title)).toEqual([
      'Artikel 2',
      'Artikel 1',
      'Artikel 0',
    ]);
    // Later pages carry no teasers or filters (page 1 replaces, later pages append).
    expect(third.topTeaser.results).toEqual([]);
    expect(third.filters).toEqual([]);
  });

  it('sends the teasers with page 1 as the spec sizes them', async () => {
    const news = (await client.get('/api/v2/news')).json();
    expect(news.topTeaser).toMatchObject({ options: { isCircle: true }, sliderInterval: 5000 });
    expect(news.topTeaser.results.map((a: { title: string }) => a.title)).toEqual([
      'Artikel 9',
      'Artikel 8',
      'Artikel 7',
    ]);
    expect(news.horizontalTeaser.maxRecords).toBe(2);
    expect(news.horizontalTeaser.results).toHaveLength(2);
    expect(news.webNews.maxRecords).toBe(7);
    expect(news.webNews.results).toHaveLength(7);
    const teaser = (await client.get('/api/v2/news/top_teaser')).json();
    expect(teaser.results).toHaveLength(3);
    expect(teaser.sliderInterval).toBe(5000);
  });

  it('filters by category and by type, with labels in the viewer’s language', async () => {
    const filters = (await englishClient.get('/api/v2/news.filters')).json().results;
    expect(filters).toEqual([
      {
        id: 1,
        identifier: 'category',
        label: 'Category',
        properties: expect.arrayContaining([
          { id: company.id, value: 'Company', type: 'category' },
          { id: sports.id, value: 'Sports', type: 'category' },
        ]),
      },
      {
        id: 2,
        identifier: 'type',
        label: 'Type',
        properties: [
          { id: 'article', value: 'Articles', type: 'type' },
          { id: 'post', value: 'Posts', type: 'type' },
        ],
      },
    ]);
    const german = (await client.get('/api/v2/news.filters')).json().results;
    expect(german[0].label).toBe('Kategorie');
    const sportsOnly = (await client.get('/api/v2/news', { query: { category: String(sports.id) } })).json();
    expect(sportsOnly.results).toHaveLength(5);
    const both = (
      await client.get('/api/v2/news', { query: { category: `${sports.id},${company.id}` } })
    ).json();
    expect(both.results).toHaveLength(10);
    const postsOnly = (await client.get('/api/v2/news', { query: { type: 'post' } })).json();
    expect(postsOnly.results.map((i: { id: string }) => i.id)).toEqual(
      postIds.map((id) => `post-${id}`).reverse(),
    );
    const articlesOnly = (await client.get('/api/v2/news', { query: { type: 'article' } })).json();
    expect(articlesOnly.results).toHaveLength(10);
    expect(articlesOnly.results.every((i: { meta: { type: string } }) => i.meta.type === 'article')).toBe(
      true,
    );
  });

  it('pages through the whole stream: each item once, and no next page after the last', async () => {
    const seen: string[] = [];
    let page: number | null = 1;
    while (page !== null) {
      const answer: { results: { id: string }[]; pagination: { self: number; next: number | null } } = (
        await client.get('/api/v2/news', { query: { per_page: 5, page } })
      ).json();
      seen.push(...answer.results.map((i) => i.id));
      expect(answer.pagination.self).toBe(page);
      page = answer.pagination.next;
    }
    expect(seen).toHaveLength(13);
    expect(new Set(seen).size).toBe(13);
    const past = (await client.get('/api/v2/news', { query: { per_page: 5, page: 4 } })).json();
    expect(past.results).toEqual([]);
    expect(past.pagination.next).toBeNull();
  });

  it('refuses a stream page deeper than the contract allows', async () => {
    const deep = await client.get('/api/v2/news', { query: { page: limits.maxStreamPage + 1 } });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().errors[0].message).toContain('page');
  });

  it('streams a group and a topic', async () => {
    const group = (await client.get('/api/v2/news', { query: { group_id: groupId } })).json();
    expect(group.results.map((p: { item_id: number }) => p.item_id)).toEqual([...postIds].reverse());
    expect(group.topTeaser.results).toEqual([]);
    const topic = (await client.get(`/api/v2/news/topic_filter/${topicId}`)).json();
    expect(topic.results.map((p: { item_id: number }) => p.item_id)).toEqual([postIds[0]]);
    expect(topic.pagination.next).toBeNull();
    expect((await client.get('/api/v2/news/topic_filter/999999')).statusCode).toBe(404);
    expect((await client.get('/api/v2/news', { query: { group_id: 999_999 } })).statusCode).toBe(404);
  });

  it('reads one item by its stream id', async () => {
    const byNumber = await client.get(`/api/v2/news/${articleIds[3]}`);
    expect(byNumber.json()).toMatchObject({ id: `page-${articleIds[3]}`, title: 'Artikel 3' });
    const byPrefix = await client.get(`/api/v2/news/page-${articleIds[3]}`);
    expect(byPrefix.json().title).toBe('Artikel 3');
    const post = await client.get(`/api/v2/news/post-${postIds[1]}`);
    expect(post.json()).toMatchObject({ meta: { type: 'post' }, item_id: postIds[1] });
    expect((await client.get('/api/v2/news/999999')).statusCode).toBe(404);
    expect((await client.get('/api/v2/news/post-999999')).statusCode).toBe(404);
  });

  it('refuses bad input with 400', async () => {
    const queries: Record<string, string | number>[] = [
      { page: 0 },
      { per_page: 1000 },
      { category: 'abc' },
      { category: '1,,2' },
      { type: 'video' },
      { group_id: 'x' },
    ];
    for (const query of queries) {
      const response = await client.get('/api/v2/news', { query });
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
    }
    for (const id of ['abc', 'post-', 'page-0', 'image-1', '1.5']) {
      expect((await client.get(`/api/v2/news/${id}`)).statusCode, id).toBe(400);
    }
  });
  it("shows an article's new like, comment and title in the teasers at once, each member's own like as theirs", async () => {
    const newest = articleIds[9]!;
    const teaserOf = async (reader: TestClient) => {
      const news = (await reader.get('/api/v2/news')).json();
      const top = news.topTeaser.results.find((a: { item_id: number }) => a.item_id === newest);
      const web = news.webNews.results.find((a: { item_id: number }) => a.item_id === newest);
      expect(web, 'the web news show the same article as the top teaser').toEqual(top);
      return top as { title: string; likes_count: number; comments_count: number; liked_by_me: boolean };
    };
    const before = await teaserOf(client);
    await teaserOf(englishClient);
    // The instance keeps the teasers for a few seconds; the writes below must show all the same.
    const liked = await client.put('/api/v2/likes', { type: 'news', id: newest, like: true });
    expect(liked.statusCode).toBe(200);
    expect(await teaserOf(client)).toMatchObject({ likes_count: before.likes_count + 1, liked_by_me: true });
    expect(await teaserOf(englishClient)).toMatchObject({
      likes_count: before.likes_count + 1,
      liked_by_me: false,
    });
    const commented = await englishClient.put('/api/v2/comments', {
      type: 'news',
      id: newest,
      text: 'Great news',
    });
    expect(commented.statusCode, commented.body).toBe(201);
    expect(await teaserOf(client)).toMatchObject({
      comments_count: before.comments_count + 1,
      liked_by_me: true,
    });
    await client.put('/api/v2/likes', { type: 'news', id: newest, like: false });
    expect(await teaserOf(client)).toMatchObject({ likes_count: before.likes_count, liked_by_me: false });

    const admin = await signedIn(t, await buildAdmin(t.db));
    const saved = await admin.put(`/api/v2/admin/pages/${newest}`, {
      type: 'article',
      title: 'Artikel 9, neu',
      visibility: 'all',
      likes_allowed: true,
      comments_allowed: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await admin.post(`/api/v2/admin/pages/${newest}/publish`)).statusCode).toBe(200);
    const news = (await englishClient.get('/api/v2/news')).json();
    expect(news.webNews.results.map((article: { title: string }) => article.title)).toContain(
      'Artikel 9, neu',
    );
  });
});
