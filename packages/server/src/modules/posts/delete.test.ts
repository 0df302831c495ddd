import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import type { TestClient } from '../../../test/client';
import { buildGroup, type buildUser } from '../../../test/factories';
import { uploadFiles } from '../../../test/multipart';
import { putSettings, writePost } from '../../../test/post-helpers';
import { postsFixture } from '../../../test/posts-fixture';
import { comments, likes, postFiles, topics } from '../../db/schema';
import { readObject } from '../../platform/storage';

type User = Awaited<ReturnType<typeof buildUser>>;

describe('posts: deleting', () => {
  let t: TestApp;
  let owner: User;
  let member: User;
  let stranger: User;
  let writer: User;
  let ownerClient: TestClient;
  let memberClient: TestClient;
  let strangerClient: TestClient;
  let writerClient: TestClient;
  let adminClient: TestClient;
  let group: { id: number };
  let topicId: number;

  beforeAll(async () => {
    ({
      t,
      owner,
      member,
      stranger,
      writer,
      ownerClient,
      memberClient,
      strangerClient,
      writerClient,
      adminClient,
      group,
      topicId,
    } = await postsFixture());
  });
  afterAll(() => t.close());

  it('deletes a post: the author, a group admin or a superadmin; nobody else', async () => {
    const make = () =>
      writePost(memberClient, { description: '<p>weg damit</p>', group_id: group.id, topic_id: topicId });
    const first = await make();
    expect((await strangerClient.delete(`/api/v2/posts/${first.item_id}`)).statusCode).toBe(403);
    expect((await memberClient.delete(`/api/v2/posts/${first.item_id}`)).statusCode).toBe(200);
    expect((await memberClient.get(`/api/v2/posts/${first.item_id}`)).statusCode).toBe(404);
    const second = await make();
    expect((await ownerClient.delete(`/api/v2/posts/${second.item_id}`)).statusCode).toBe(200);
    const third = await make();
    expect((await adminClient.delete(`/api/v2/posts/${third.item_id}`)).statusCode).toBe(200);
    expect((await adminClient.delete(`/api/v2/posts/${third.item_id}`)).statusCode).toBe(404);
  });

  it('offers delete in the streams to an admin of the post group only, not of another group or none', async () => {
    const memberOnly = await buildGroup(t.db, { admins: [stranger], members: [owner, writer] });
    const [memberOnlyTopic] = await t.db
      .insert(topics)
      .values({ group_id: memberOnly.id, name: 'Mit', description: 'x', author_id: stranger.id })
      .returning();
    const inAdminGroup = await writePost(writerClient, { description: '<p>a</p>', topic_id: topicId });
    const inMemberGroup = await writePost(writerClient, {
      description: '<p>b</p>',
      topic_id: memberOnlyTopic!.id,
    });
    await putSettings(adminClient, { allow_posts_without_grp_and_topic: true });
    const withoutGroup = await writePost(writerClient, { description: '<p>c</p>' });
    await putSettings(adminClient, { allow_posts_without_grp_and_topic: false });
    const news = await ownerClient.get('/api/v2/news?page=1&per_page=10');
    expect(news.statusCode).toBe(200);
    const permissionsOf = (post: { item_id: number }) =>
      news.json().results.find((item: { id: string }) => item.id === `post-${post.item_id}`)?.permissions;
    expect(permissionsOf(inAdminGroup)).toEqual(['delete']);
    expect(permissionsOf(inMemberGroup)).toEqual([]);
    expect(permissionsOf(withoutGroup)).toEqual([]);
    const groupStream = await ownerClient.get(`/api/v2/news?group_id=${group.id}&page=1&per_page=10`);
    expect(
      groupStream.json().results.find((item: { id: string }) => item.id === `post-${inAdminGroup.item_id}`)
        ?.permissions,
    ).toEqual(['delete']);
  });

  it('takes the posts of a deleted topic or group with their files, comments and likes', async () => {
    const doomed = await buildGroup(t.db, { admins: [owner], members: [member] });
    const [doomedTopic] = await t.db
      .insert(topics)
      .values({ group_id: doomed.id, name: 'Bald weg', description: 'x', author_id: owner.id })
      .returning();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const write = async (topic: number) => {
      const file = await uploadFiles(memberClient, '/api/v2/posts/file', { data: png, filename: 'a.png' });
      const post = await writePost(memberClient, {
        description: '<p>bald weg</p>',
        group_id: doomed.id,
        topic_id: topic,
        files: [file.json().id],
      });
      await ownerClient.put('/api/v2/likes', { type: 'post', id: post.item_id, like: true });
      await ownerClient.put('/api/v2/comments', { type: 'post', id: post.item_id, text: 'ok' });
      const [stored] = await t.db.select().from(postFiles).where(eq(postFiles.id, file.json().id));
      return { post, path: stored!.path };
    };
    const inTopic = await write(doomedTopic!.id);
    const [otherTopic] = await t.db
      .insert(topics)
      .values({ group_id: doomed.id, name: 'Bleibt', description: 'x', author_id: owner.id })
      .returning();
    const inGroup = await write(otherTopic!.id);
    expect(await readObject(t.storage, inTopic.path)).not.toBeNull();

    expect((await ownerClient.delete(`/api/v2/topics/${doomedTopic!.id}`)).statusCode).toBe(200);
    expect(await readObject(t.storage, inTopic.path)).toBeNull();
    expect((await ownerClient.get(`/api/v2/posts/${inTopic.post.item_id}`)).statusCode).toBe(404);
    expect((await ownerClient.get(`/api/v2/posts/${inGroup.post.item_id}`)).statusCode).toBe(200);

    expect((await ownerClient.delete(`/api/v2/groups/${doomed.id}`)).statusCode).toBe(200);
    expect(await readObject(t.storage, inGroup.path)).toBeNull();
    for (const { post } of [inTopic, inGroup]) {
      expect(await t.db.select().from(likes).where(eq(likes.target_id, post.item_id))).toEqual([]);
      expect(await t.db.select().from(comments).where(eq(comments.target_id, post.item_id))).toEqual([]);
    }
  });
});
