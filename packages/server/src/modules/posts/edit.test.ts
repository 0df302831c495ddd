import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import type { TestClient } from '../../../test/client';
import { buildAdmin, buildGroup, buildUser } from '../../../test/factories';
import { activitiesOf, signedIn } from '../../../test/group-helpers';
import { mentionOf, writePost } from '../../../test/post-helpers';
import { posts } from '../../db/schema';

type User = Awaited<ReturnType<typeof buildUser>>;

// Members could not correct their own posts and comments: there was no way to edit either.
describe('editing own posts and comments', () => {
  let t: TestApp;
  let author: User;
  let reader: User;
  let later: User;
  let authorClient: TestClient;
  let readerClient: TestClient;
  let groupAdminClient: TestClient;
  let adminClient: TestClient;
  let group: { id: number };

  beforeAll(async () => {
    t = await createTestApp();
    author = await buildUser(t.db, { firstname: 'Anna', lastname: 'Author', selected_language: 'en_GB' });
    reader = await buildUser(t.db, { firstname: 'Rolf', lastname: 'Reader', selected_language: 'en_GB' });
    later = await buildUser(t.db, { firstname: 'Lea', lastname: 'Later', selected_language: 'en_GB' });
    const groupAdmin = await buildUser(t.db);
    group = await buildGroup(t.db, {
      name: 'Kantine',
      admins: [groupAdmin],
      members: [author, reader, later],
    });
    authorClient = await signedIn(t, author);
    readerClient = await signedIn(t, reader);
    groupAdminClient = await signedIn(t, groupAdmin);
    adminClient = await signedIn(t, await buildAdmin(t.db));
  });
  afterAll(() => t.close());

  it('lets the author change a post’s text, sanitised, and tells only newly mentioned members', async () => {
    const post = await writePost(authorClient, {
      description: `<p>Lunch at 12, ${mentionOf(reader)}?</p>`,
      group_id: group.id,
    });
    expect(post.permissions).toEqual(['edit', 'delete']);
    // A post never edited says so; the edit gives its time, which readers see as "edited".
    expect(post.edited_at).toBeNull();
    const changed = await authorClient.put(`/api/v2/posts/${post.item_id}`, {
      description: `<p>Lunch at 1, ${mentionOf(reader)} and ${mentionOf(later)}!</p><script>alert(1)</script>`,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().description).toContain('Lunch at 1');
    expect(changed.json().description).not.toContain('script');
    expect(Date.parse(changed.json().edited_at)).toBeGreaterThan(Date.parse(post.created_at));
    const read = (await readerClient.get(`/api/v2/posts/${post.item_id}`)).json();
    expect(read.edited_at).toBe(changed.json().edited_at);
    expect(
      changed
        .json()
        .mentions.map((m: { id: number }) => m.id)
        .sort(),
    ).toEqual([reader.id, later.id].sort());
    const mentionsOf = async (client: TestClient) =>
      (await activitiesOf(client)).filter(
        (a) => a.type === 'mention' && a.url === `/news/post-${post.item_id}`,
      );
    expect(await mentionsOf(readerClient)).toHaveLength(1);
    expect(await mentionsOf(await signedIn(t, later))).toHaveLength(1);
    // The stream shows the new text.
    const again = (await readerClient.get(`/api/v2/posts/${post.item_id}`)).json();
    expect(again.description).toBe(changed.json().description);
    expect(again.permissions).toEqual([]);
  });

  it('shows the mentions an edit leaves, in the stream too, and keeps the post’s mention count with them', async () => {
    const post = await writePost(authorClient, {
      description: `<p>Coffee, ${mentionOf(reader)} and ${mentionOf(later)}?</p>`,
      group_id: group.id,
    });
    const mentionsNow = async () => {
      const stream = (await readerClient.get(`/api/v2/news?group_id=${group.id}&page=1&per_page=10`)).json();
      const [row] = await t.db
        .select({ count: posts.mention_count })
        .from(posts)
        .where(eq(posts.id, post.item_id));
      const shown = stream.results.find((item: { item_id: number }) => item.item_id === post.item_id);
      return {
        shown: shown.mentions.map((m: { id: number }) => m.id).sort(),
        count: row?.count,
      };
    };
    expect(await mentionsNow()).toEqual({ shown: [reader.id, later.id].sort(), count: 2 });

    const edit = (description: string) => authorClient.put(`/api/v2/posts/${post.item_id}`, { description });
    expect((await edit(`<p>Coffee, ${mentionOf(later)}?</p>`)).statusCode).toBe(200);
    expect(await mentionsNow()).toEqual({ shown: [later.id], count: 1 });
    expect((await edit('<p>Coffee, anyone?</p>')).statusCode).toBe(200);
    expect(await mentionsNow()).toEqual({ shown: [], count: 0 });
  });

  it('refuses a post’s text to everyone but its author, and empty text', async () => {
    const post = await writePost(authorClient, { description: '<p>Mine</p>', group_id: group.id });
    const body = { description: '<p>Not yours</p>' };
    for (const client of [readerClient, groupAdminClient, adminClient]) {
      expect((await client.put(`/api/v2/posts/${post.item_id}`, body)).statusCode).toBe(403);
    }
    const empty = await authorClient.put(`/api/v2/posts/${post.item_id}`, { description: '<p> </p>' });
    expect(empty.statusCode).toBe(400);
    expect((await authorClient.put('/api/v2/posts/999999', body)).statusCode).toBe(404);
    expect((await readerClient.get(`/api/v2/posts/${post.item_id}`)).json().description).toBe('<p>Mine</p>');
  });

  it('lets only a comment’s writer change it', async () => {
    const post = await writePost(authorClient, { description: '<p>Cake?</p>', group_id: group.id });
    const written = await readerClient.put('/api/v2/comments', {
      type: 'post',
      id: post.item_id,
      text: 'Yse!',
    });
    const comment = written.json();
    expect(comment.permissions).toEqual(['edit', 'delete']);
    for (const client of [authorClient, adminClient]) {
      const refused = await client.put(`/api/v2/comments/${comment.id}`, { text: 'Nope' });
      expect(refused.statusCode).toBe(403);
    }
    const changed = await readerClient.put(`/api/v2/comments/${comment.id}`, { text: '  Yes! <b>x</b> ' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().text).toBe('Yes! <b>x</b>');
    const list = (
      await authorClient.get('/api/v2/comments', { query: { type: 'post', id: post.item_id } })
    ).json();
    expect(list.results.map((c: { text: string }) => c.text)).toEqual(['Yes! <b>x</b>']);
    expect(list.results[0].permissions).toEqual(['delete']);
    expect((await readerClient.put('/api/v2/comments/999999', { text: 'x' })).statusCode).toBe(404);
  });
});
