import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import type { TestClient } from '../../../test/client';
import type { buildUser } from '../../../test/factories';
import { putSettings, writePost } from '../../../test/post-helpers';
import { postsFixture } from '../../../test/posts-fixture';

type User = Awaited<ReturnType<typeof buildUser>>;

describe('posts: posting as a chosen author', () => {
  let t: TestApp;
  let owner: User;
  let member: User;
  let memberClient: TestClient;
  let writerClient: TestClient;
  let adminClient: TestClient;
  let group: { id: number };
  let emptyGroup: { id: number };
  let topicId: number;

  beforeAll(async () => {
    ({ t, owner, member, memberClient, writerClient, adminClient, group, emptyGroup, topicId } =
      await postsFixture());
  });
  afterAll(() => t.close());

  it('is refused when author_function is off, even for superadmins', async () => {
    await putSettings(adminClient, { author_function: false });
    for (const client of [writerClient, adminClient]) {
      const response = await client.post('/api/v2/posts', {
        description: '<p>x</p>',
        group_id: emptyGroup.id,
        author_id: owner.id,
      });
      expect(response.statusCode).toBe(403);
    }
    const authors = await writerClient.get('/api/v2/posts/authors');
    expect(authors.json()).toMatchObject({ enabled: false, results: [] });
  });

  it('is refused without superadmin or post_as_author while author_function is on', async () => {
    await putSettings(adminClient, { author_function: true });
    const response = await memberClient.post('/api/v2/posts', {
      description: '<p>x</p>',
      group_id: emptyGroup.id,
      author_id: owner.id,
    });
    expect(response.statusCode).toBe(403);
    expect((await memberClient.get('/api/v2/posts/authors')).json().enabled).toBe(false);
    // Naming oneself is no choice at all.
    const self = await writePost(memberClient, {
      description: '<p>x</p>',
      group_id: emptyGroup.id,
      author_id: member.id,
    });
    expect(self.author.id).toBe(member.id);
  });

  it('shows the chosen author with post_as_author or superadmin', async () => {
    const authors = await writerClient.get('/api/v2/posts/authors', { query: { search: 'olg' } });
    expect(authors.json()).toMatchObject({
      enabled: true,
      results: [{ id: owner.id, name: 'Olga Owner' }],
    });
    const post = await writePost(writerClient, {
      description: '<p>Im Namen der Chefin</p>',
      group_id: group.id,
      topic_id: topicId,
      author_id: owner.id,
    });
    expect(post.author).toMatchObject({ id: owner.id, name: 'Olga Owner' });
    // The writer may still change and delete what they wrote.
    expect(post.permissions).toEqual(['edit', 'delete']);
    const bySuperadmin = await writePost(adminClient, {
      description: '<p>Vom Vorstand</p>',
      group_id: emptyGroup.id,
      author_id: member.id,
    });
    expect(bySuperadmin.author.id).toBe(member.id);
    const unknown = await writerClient.post('/api/v2/posts', {
      description: '<p>x</p>',
      group_id: group.id,
      topic_id: topicId,
      author_id: 999_999,
    });
    expect(unknown.statusCode).toBe(400);
    await putSettings(adminClient, { author_function: false });
  });
});
