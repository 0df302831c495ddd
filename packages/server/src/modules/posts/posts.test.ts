import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildGroup, type buildUser } from '../../../test/factories';
import { activitiesOf } from '../../../test/group-helpers';
import { mentionOf, putSettings, writePost } from '../../../test/post-helpers';
import { postsFixture } from '../../../test/posts-fixture';

type User = Awaited<ReturnType<typeof buildUser>>;

describe('posts: writing, options, mentions', () => {
  let t: TestApp;
  let owner: User;
  let member: User;
  let ownerClient: TestClient;
  let memberClient: TestClient;
  let strangerClient: TestClient;
  let adminClient: TestClient;
  let group: { id: number };
  let emptyGroup: { id: number };
  let topicId: number;
  let otherTopicId: number;

  beforeAll(async () => {
    ({
      t,
      owner,
      member,
      ownerClient,
      memberClient,
      strangerClient,
      adminClient,
      group,
      emptyGroup,
      topicId,
      otherTopicId,
    } = await postsFixture());
  });
  afterAll(() => t.close());

  it('refuses anonymous callers on every post call', async () => {
    const anonymous = new TestClient(t.app);
    const calls: [string, string, unknown?][] = [
      ['POST', '/api/v2/posts', { description: '<p>x</p>' }],
      ['GET', '/api/v2/posts/1'],
      ['DELETE', '/api/v2/posts/1'],
      ['POST', '/api/v2/posts/file', {}],
      ['GET', '/api/v2/posts/file/1'],
      ['DELETE', '/api/v2/posts/file/1'],
      ['GET', '/api/v2/posts/authors'],
      ['GET', '/api/v2/posts/options'],
      ['GET', '/api/v2/posts/options/1'],
    ];
    for (const [method, url, body] of calls) {
      const response = await anonymous.call(method as 'GET', url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('writes a post into a group topic with sanitised HTML, shown to members with its counts', async () => {
    const post = await writePost(memberClient, {
      description: '<p>Heute <strong>Lasagne</strong> 😋 <img src=x onerror=alert(1)></p>',
      group_id: group.id,
      topic_id: topicId,
    });
    expect(post).toMatchObject({
      id: `post-${post.item_id}`,
      meta: { type: 'post' },
      author: { id: member.id, name: 'Mia Member' },
      description: '<p>Heute <strong>Lasagne</strong> 😋 </p>',
      group: { id: group.id, name: 'Kantine' },
      topic: { id: topicId, name: 'Speiseplan' },
      files: [],
      preview: null,
      likes_count: 0,
      comments_count: 0,
      liked_by_me: false,
      permissions: ['edit', 'delete'],
    });
    const seen = await ownerClient.get(`/api/v2/posts/${post.item_id}`);
    expect(seen.statusCode).toBe(200);
    // A group admin may delete a member's post.
    expect(seen.json().permissions).toEqual(['delete']);
    const other = await strangerClient.get(`/api/v2/posts/${post.item_id}`);
    // Kantine is open: everyone reads it, but only the author and admins may delete.
    expect(other.json().permissions).toEqual([]);
  });

  it('takes the group from a topic given alone', async () => {
    const post = await writePost(memberClient, { description: '<p>Nur Thema</p>', topic_id: topicId });
    expect(post.group).toEqual({ id: group.id, name: 'Kantine' });
  });

  it('refuses posting into a group without post_content (403) and into a hidden one (404)', async () => {
    const notMember = await strangerClient.post('/api/v2/posts', {
      description: '<p>x</p>',
      group_id: group.id,
      topic_id: topicId,
    });
    expect(notMember.statusCode).toBe(403);
    const privateGroup = await buildGroup(t.db, { type: 'private', admins: [owner] });
    const hidden = await strangerClient.post('/api/v2/posts', {
      description: '<p>x</p>',
      group_id: privateGroup.id,
    });
    expect(hidden.statusCode).toBe(404);
  });

  it('refuses a topic of another group and unknown topics', async () => {
    const mismatch = await memberClient.post('/api/v2/posts', {
      description: '<p>x</p>',
      group_id: group.id,
      topic_id: otherTopicId,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors[0].field).toBe('topic_id');
    const unknown = await memberClient.post('/api/v2/posts', { description: '<p>x</p>', topic_id: 999_999 });
    expect(unknown.statusCode).toBe(404);
  });

  it('needs a group and topic unless posts without them are allowed', async () => {
    const noGroup = await memberClient.post('/api/v2/posts', { description: '<p>Für alle</p>' });
    expect(noGroup.statusCode).toBe(400);
    expect(noGroup.json().errors[0].field).toBe('group_id');
    const noTopic = await memberClient.post('/api/v2/posts', { description: '<p>x</p>', group_id: group.id });
    expect(noTopic.statusCode).toBe(400);
    expect(noTopic.json().errors[0].field).toBe('topic_id');
    // A group without topics takes posts without one.
    await writePost(memberClient, { description: '<p>ok</p>', group_id: emptyGroup.id });

    await putSettings(adminClient, { allow_posts_without_grp_and_topic: true });
    const everyone = await writePost(memberClient, { description: '<p>Für alle</p>' });
    expect(everyone.group).toBeNull();
    expect((await strangerClient.get(`/api/v2/posts/${everyone.item_id}`)).statusCode).toBe(200);
    const groupOnly = await writePost(memberClient, { description: '<p>Gruppe</p>', group_id: group.id });
    expect(groupOnly.topic).toBeNull();
    await putSettings(adminClient, { allow_posts_without_grp_and_topic: false });
  });

  it('refuses bad input with 400', async () => {
    const bodies: unknown[] = [
      {},
      { description: '' },
      { description: '   ' },
      { description: '<script>alert(1)</script>', group_id: emptyGroup.id },
      { description: '<p>x</p>', group_id: 'abc' },
      { description: '<p>x</p>', group_id: emptyGroup.id, files: ['a'] },
      {
        description: '<p>x</p>',
        group_id: emptyGroup.id,
        files: Array.from({ length: 11 }, (_, i) => i + 1),
      },
      { description: '<p>x</p>', group_id: emptyGroup.id, preview: { url: 'javascript:alert(1)' } },
      { description: '<p>x</p>', group_id: emptyGroup.id, preview: { url: 'ftp://example.com/file' } },
      { description: 'x'.repeat(20_001), group_id: emptyGroup.id },
    ];
    for (const body of bodies) {
      const response = await memberClient.post('/api/v2/posts', body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect((await memberClient.get('/api/v2/posts/abc')).statusCode).toBe(400);
  });

  it('lists the groups and topics a member may post into', async () => {
    const options = await memberClient.get('/api/v2/posts/options');
    expect(options.statusCode).toBe(200);
    const body = options.json();
    expect(body.allow_without_group).toBe(false);
    expect(body.results.map((o: { label: string }) => o.label)).toEqual(['Kantine', 'Ohne Themen']);
    expect(body.results[0]).toEqual({
      identifier: `group-${group.id}`,
      label: 'Kantine',
      id: group.id,
      type: 'group',
      properties: [{ key: 'topic', value: 'Speiseplan', id: topicId, type: 'topic' }],
    });
    const topicsOf = await memberClient.get(`/api/v2/posts/options/${group.id}`);
    expect(topicsOf.json().results).toEqual([
      { key: 'topic', value: 'Speiseplan', id: topicId, type: 'topic' },
    ]);
    expect((await strangerClient.get(`/api/v2/posts/options/${group.id}`)).statusCode).toBe(403);
    expect((await memberClient.get('/api/v2/posts/options/999999')).statusCode).toBe(404);
    const superadminOptions = await adminClient.get('/api/v2/posts/options');
    expect(superadminOptions.json().results.map((o: { label: string }) => o.label)).toContain('Andere');
  });

  it('notifies mentioned members in their language, once, and never the author', async () => {
    const language = await ownerClient.post(`/api/v2/users/${owner.id}/user_data`, {
      selected_language: 'en_GB',
    });
    expect(language.statusCode).toBe(200);
    const post = await writePost(memberClient, {
      description: `<p>${mentionOf(owner)} ${mentionOf(owner)} ${mentionOf(member)} schau mal</p>`,
      group_id: group.id,
      topic_id: topicId,
    });
    expect(post.mentions).toEqual([
      { id: member.id, name: 'Mia Member' },
      { id: owner.id, name: 'Olga Owner' },
    ]);
    const ownerFeed = await activitiesOf(ownerClient);
    const mentions = ownerFeed.filter((a) => a.type === 'mention');
    expect(mentions).toHaveLength(1);
    expect(mentions[0]).toMatchObject({
      text: 'Mia Member mentioned you in a post in the group “Kantine”.',
      url: `/news/post-${post.item_id}`,
      user_id: member.id,
    });
    expect((await activitiesOf(memberClient)).filter((a) => a.type === 'mention')).toHaveLength(0);
  });
});
