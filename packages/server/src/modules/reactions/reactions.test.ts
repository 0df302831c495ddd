import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildAdmin, buildGroup, buildUser } from '../../../test/factories';
import { activitiesOf, signedIn } from '../../../test/group-helpers';
import { buildArticle, writePost } from '../../../test/post-helpers';
import { posts, users } from '../../db/schema';

type User = Awaited<ReturnType<typeof buildUser>>;

describe('comments and likes on news and posts', () => {
  let t: TestApp;
  let author: User;
  let reader: User;
  let authorClient: TestClient;
  let readerClient: TestClient;
  let otherClient: TestClient;
  let adminClient: TestClient;
  let postId: number;
  let articleId: number;
  let closedArticleId: number;
  let futureArticleId: number;

  beforeAll(async () => {
    t = await createTestApp();
    author = await buildUser(t.db, { firstname: 'Paula', lastname: 'Poster' });
    reader = await buildUser(t.db, { firstname: 'Rolf', lastname: 'Reader' });
    const other = await buildUser(t.db, { firstname: 'Odo', lastname: 'Other' });
    const admin = await buildAdmin(t.db);
    const group = await buildGroup(t.db, { admins: [author], members: [reader, other] });
    authorClient = await signedIn(t, author);
    readerClient = await signedIn(t, reader);
    otherClient = await signedIn(t, other);
    adminClient = await signedIn(t, admin);
    postId = (await writePost(authorClient, { description: '<p>Hallo</p>', group_id: group.id })).item_id;
    articleId = (await buildArticle(t.db, { title: 'Offen' })).id;
    closedArticleId = (
      await buildArticle(t.db, { title: 'Zu', comments_allowed: false, likes_allowed: false })
    ).id;
    futureArticleId = (await buildArticle(t.db, { publish_date: new Date(Date.now() + 86_400_000) })).id;
  });
  afterAll(() => t.close());

  it('refuses anonymous callers (401)', async () => {
    const anonymous = new TestClient(t.app);
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/v2/comments?type=post&id=${postId}`],
      ['GET', `/api/v2/likes?type=news&id=${articleId}`],
      ['PUT', '/api/v2/comments', { type: 'post', id: postId, text: 'x' }],
      ['PUT', '/api/v2/likes', { type: 'post', id: postId, like: true }],
      ['PUT', '/api/v2/likes', { type: 'news', id: articleId, like: true }],
      ['DELETE', '/api/v2/comments/1'],
    ];
    for (const [method, url, body] of calls) {
      expect((await anonymous.call(method as 'GET', url, body)).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('refuses bad input (400) and unknown targets (404)', async () => {
    const bad: unknown[] = [
      {},
      { type: 'page', id: postId, text: 'x' },
      { type: 'post', id: 'abc', text: 'x' },
      { type: 'post', id: postId, text: '' },
      { type: 'post', id: postId, text: 'x'.repeat(2001) },
      { type: 'post', id: postId, text: ' \n\t ' },
    ];
    for (const body of bad) expect((await readerClient.put('/api/v2/comments', body)).statusCode).toBe(400);
    expect((await readerClient.put('/api/v2/likes', { type: 'post', id: postId })).statusCode).toBe(400);
    expect(
      (await readerClient.put('/api/v2/likes', { type: 'post', id: postId, like: 'yes' })).statusCode,
    ).toBe(400);
    expect((await readerClient.get('/api/v2/comments', { query: { type: 'post' } })).statusCode).toBe(400);
    expect((await readerClient.get('/api/v2/likes', { query: { type: 'x', id: 1 } })).statusCode).toBe(400);
    expect(
      (await readerClient.put('/api/v2/likes', { type: 'post', id: 999_999, like: true })).statusCode,
    ).toBe(404);
    expect(
      (await readerClient.put('/api/v2/likes', { type: 'news', id: futureArticleId, like: true })).statusCode,
    ).toBe(404);
    expect((await readerClient.delete('/api/v2/comments/999999')).statusCode).toBe(404);
  });

  it('likes and unlikes a post; its author gets one like activity, never for their own like', async () => {
    const liked = await readerClient.put('/api/v2/likes', { type: 'post', id: postId, like: true });
    expect(liked.json()).toEqual({ count: 1, liked_by_me: true });
    // Liking twice counts once.
    expect(
      (await readerClient.put('/api/v2/likes', { type: 'post', id: postId, like: true })).json().count,
    ).toBe(1);
    await authorClient.put('/api/v2/likes', { type: 'post', id: postId, like: true });
    const list = (await otherClient.get('/api/v2/likes', { query: { type: 'post', id: postId } })).json();
    expect(list).toMatchObject({ count: 2, liked_by_me: false, can_like: true });
    expect(list.results.map((p: { name: string }) => p.name).sort()).toEqual(['Paula Poster', 'Rolf Reader']);
    const likes = (await activitiesOf(authorClient)).filter((a) => a.type === 'like');
    expect(likes).toHaveLength(1);
    expect(likes[0]).toMatchObject({ text: 'Rolf Reader gefällt Ihr Beitrag.', url: `/news/post-${postId}` });
    const unliked = await readerClient.put('/api/v2/likes', { type: 'post', id: postId, like: false });
    expect(unliked.json()).toEqual({ count: 1, liked_by_me: false });
    const post = (await readerClient.get(`/api/v2/posts/${postId}`)).json();
    expect(post).toMatchObject({ likes_count: 1, liked_by_me: false });
  });

  it('comments on a post as plain text, stored as written; the author is told; the list pages oldest first', async () => {
    const first = await readerClient.put('/api/v2/comments', {
      type: 'post',
      id: postId,
      text: '<b>Super</b> & danke <3',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      text: '<b>Super</b> & danke <3',
      author: { id: reader.id, name: 'Rolf Reader' },
      permissions: ['edit', 'delete'],
    });
    await otherClient.put('/api/v2/comments', { type: 'post', id: postId, text: 'Zweiter' });
    await authorClient.put('/api/v2/comments', { type: 'post', id: postId, text: 'Eigener' });
    const page = (
      await readerClient.get('/api/v2/comments', { query: { type: 'post', id: postId, per_page: 2 } })
    ).json();
    expect(page.results.map((c: { text: string }) => c.text)).toEqual(['<b>Super</b> & danke <3', 'Zweiter']);
    expect(page.pagination).toMatchObject({ total: 3, next: 2 });
    expect(page.can_comment).toBe(true);
    // Own comments, and others' only for the post author.
    expect(page.results[1].permissions).toEqual([]);
    const asAuthor = (
      await authorClient.get('/api/v2/comments', { query: { type: 'post', id: postId } })
    ).json();
    expect(asAuthor.results.every((c: { permissions: string[] }) => c.permissions.includes('delete'))).toBe(
      true,
    );
    const comments = (await activitiesOf(authorClient)).filter((a) => a.type === 'comment');
    expect(comments.map((a) => a.text).sort()).toEqual([
      'Odo Other hat Ihren Beitrag kommentiert.',
      'Rolf Reader hat Ihren Beitrag kommentiert.',
    ]);
    expect((await readerClient.get(`/api/v2/posts/${postId}`)).json().comments_count).toBe(3);
  });

  it("deletes a comment: its writer, the post's author or a superadmin; nobody else", async () => {
    const write = async (client: TestClient) =>
      (await client.put('/api/v2/comments', { type: 'post', id: postId, text: 'löschbar' })).json()
        .id as number;
    const byOther = await write(otherClient);
    expect((await readerClient.delete(`/api/v2/comments/${byOther}`)).statusCode).toBe(403);
    expect((await otherClient.delete(`/api/v2/comments/${byOther}`)).statusCode).toBe(200);
    const second = await write(otherClient);
    expect((await authorClient.delete(`/api/v2/comments/${second}`)).statusCode).toBe(200);
    const third = await write(readerClient);
    expect((await adminClient.delete(`/api/v2/comments/${third}`)).statusCode).toBe(200);
    expect((await adminClient.delete(`/api/v2/comments/${third}`)).statusCode).toBe(404);
  });

  it('comments on and likes an article when it allows them', async () => {
    const like = await readerClient.put('/api/v2/likes', { type: 'news', id: articleId, like: true });
    expect(like.json()).toEqual({ count: 1, liked_by_me: true });
    const comment = await readerClient.put('/api/v2/comments', { type: 'news', id: articleId, text: 'Toll' });
    expect(comment.statusCode).toBe(201);
    const article = (await readerClient.get(`/api/v2/news/${articleId}`)).json();
    expect(article).toMatchObject({ likes_count: 1, comments_count: 1, liked_by_me: true });
    // Nobody owns an article: comments are deleted by their writer or a superadmin only.
    expect((await otherClient.delete(`/api/v2/comments/${comment.json().id}`)).statusCode).toBe(403);

    const closed = { type: 'news', id: closedArticleId };
    expect((await readerClient.put('/api/v2/likes', { ...closed, like: true })).statusCode).toBe(403);
    expect((await readerClient.put('/api/v2/comments', { ...closed, text: 'x' })).statusCode).toBe(403);
    expect((await readerClient.get('/api/v2/comments', { query: closed })).json().can_comment).toBe(false);
    expect((await readerClient.get('/api/v2/likes', { query: closed })).json().can_like).toBe(false);
  });

  it('keeps the counts of a post right through likes, comments and a deleted member (the cascade)', async () => {
    const passer = await buildUser(t.db, { firstname: 'Gerd', lastname: 'Gone' });
    const passerClient = await signedIn(t, passer);
    const group = await buildGroup(t.db, { admins: [author], members: [passer] });
    const post = (await writePost(authorClient, { description: '<p>Zähl mich</p>', group_id: group.id }))
      .item_id;
    const counts = async () => {
      const [row] = await t.db
        .select({ likes: posts.like_count, comments: posts.comment_count })
        .from(posts)
        .where(eq(posts.id, post));
      return row;
    };
    await passerClient.put('/api/v2/likes', { type: 'post', id: post, like: true });
    await authorClient.put('/api/v2/likes', { type: 'post', id: post, like: true });
    await passerClient.put('/api/v2/comments', { type: 'post', id: post, text: 'eins' });
    const second = (
      await authorClient.put('/api/v2/comments', { type: 'post', id: post, text: 'zwei' })
    ).json();
    expect(await counts()).toEqual({ likes: 2, comments: 2 });
    await authorClient.put('/api/v2/likes', { type: 'post', id: post, like: false });
    await authorClient.delete(`/api/v2/comments/${second.id}`);
    expect(await counts()).toEqual({ likes: 1, comments: 1 });
    // The member goes: their like and comment go by foreign key, and the counts with them.
    await t.db.delete(users).where(eq(users.id, passer.id));
    expect(await counts()).toEqual({ likes: 0, comments: 0 });
    const shown = (await authorClient.get(`/api/v2/news/post-${post}`)).json();
    expect(shown).toMatchObject({ likes_count: 0, comments_count: 0 });
  });
});
