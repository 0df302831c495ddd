import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import type { TestClient } from '../../../test/client';
import { buildAdmin, buildGroup, buildUser } from '../../../test/factories';
import { activitiesOf, signedIn } from '../../../test/group-helpers';
import { uploadFiles } from '../../../test/multipart';
import { mentionOf, writePost } from '../../../test/post-helpers';
import { topics } from '../../db/schema';
import { postsRepo } from './repo';

type User = Awaited<ReturnType<typeof buildUser>>;

describe('posts: a private or approval group’s posts stay with its members', () => {
  let t: TestApp;
  let insider: User;
  let outsider: User;
  let applicant: User;
  let insiderClient: TestClient;
  let outsiderClient: TestClient;
  let applicantClient: TestClient;
  let superadminClient: TestClient;
  let privateGroup: { id: number };
  let approvalGroup: { id: number };
  let topicId: number;
  let secret: { item_id: number; files: { id: number }[] };
  let guarded: { item_id: number };
  let open: { item_id: number };

  beforeAll(async () => {
    t = await createTestApp();
    insider = await buildUser(t.db, { firstname: 'Ina', lastname: 'Insider' });
    outsider = await buildUser(t.db, { firstname: 'Otto', lastname: 'Outsider' });
    applicant = await buildUser(t.db, { firstname: 'Anton', lastname: 'Applicant' });
    const superadmin = await buildAdmin(t.db);
    privateGroup = await buildGroup(t.db, { type: 'private', admins: [insider], invited: [outsider] });
    approvalGroup = await buildGroup(t.db, { type: 'approval', admins: [insider], applied: [applicant] });
    const openGroup = await buildGroup(t.db, { type: 'open', admins: [insider] });
    const [topic] = await t.db
      .insert(topics)
      .values({ group_id: privateGroup.id, name: 'Geheim', description: 'x', author_id: insider.id })
      .returning();
    topicId = topic!.id;
    insiderClient = await signedIn(t, insider);
    outsiderClient = await signedIn(t, outsider);
    applicantClient = await signedIn(t, applicant);
    superadminClient = await signedIn(t, superadmin);

    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const file = await uploadFiles(insiderClient, '/api/v2/posts/file', { data: png, filename: 'plan.png' });
    secret = await writePost(insiderClient, {
      description: `<p>Vertraulich ${mentionOf(outsider)} ${mentionOf(applicant)}</p>`,
      group_id: privateGroup.id,
      topic_id: topicId,
      files: [file.json().id],
    });
    guarded = await writePost(insiderClient, {
      description: `<p>Nur für Mitglieder ${mentionOf(applicant)}</p>`,
      group_id: approvalGroup.id,
    });
    open = await writePost(insiderClient, { description: '<p>Offen für alle</p>', group_id: openGroup.id });
    await insiderClient.put('/api/v2/likes', { type: 'post', id: secret.item_id, like: true });
    await insiderClient.put('/api/v2/comments', { type: 'post', id: secret.item_id, text: 'intern' });
  });
  afterAll(() => t.close());

  it('gives a mentioned member who cannot read the post no activity', async () => {
    expect((await activitiesOf(outsiderClient)).filter((a) => a.type === 'mention')).toEqual([]);
    expect((await activitiesOf(applicantClient)).filter((a) => a.type === 'mention')).toEqual([]);
    const asInsider = await insiderClient.get(`/api/v2/posts/${secret.item_id}`);
    // Only readers are recorded as mentioned.
    expect(asInsider.json().mentions).toEqual([]);
  });

  it('hides the posts from non-members in every single lookup', async () => {
    for (const client of [outsiderClient, applicantClient]) {
      for (const post of [secret, guarded]) {
        for (const url of [
          `/api/v2/posts/${post.item_id}`,
          `/api/v2/news/post-${post.item_id}`,
          `/api/v2/comments?type=post&id=${post.item_id}`,
          `/api/v2/likes?type=post&id=${post.item_id}`,
        ]) {
          expect((await client.get(url)).statusCode, url).toBe(404);
        }
      }
      expect((await client.get(`/api/v2/posts/file/${secret.files[0]!.id}`)).statusCode).toBe(404);
      const write = await client.put('/api/v2/comments', { type: 'post', id: secret.item_id, text: 'hi' });
      expect(write.statusCode).toBe(404);
      const like = await client.put('/api/v2/likes', { type: 'post', id: secret.item_id, like: true });
      expect(like.statusCode).toBe(404);
      expect((await client.delete(`/api/v2/posts/${secret.item_id}`)).statusCode).toBe(404);
    }
  });

  it('leaves them out of the news stream for non-members', async () => {
    for (const client of [outsiderClient, applicantClient]) {
      const news = (await client.get('/api/v2/news')).json();
      const ids = news.results.map((item: { id: string }) => item.id);
      expect(ids).toEqual([`post-${open.item_id}`]);
      const posts = (await client.get('/api/v2/news', { query: { type: 'post' } })).json();
      expect(posts.results.map((item: { id: string }) => item.id)).toEqual([`post-${open.item_id}`]);
    }
    const mine = (await insiderClient.get('/api/v2/news')).json();
    expect(mine.results).toHaveLength(3);
    const superadmin = (await superadminClient.get('/api/v2/news')).json();
    expect(superadmin.results).toHaveLength(3);
  });

  it('closes the group and topic streams to non-members', async () => {
    expect(
      (await outsiderClient.get('/api/v2/news', { query: { group_id: privateGroup.id } })).statusCode,
    ).toBe(404);
    expect(
      (await applicantClient.get('/api/v2/news', { query: { group_id: approvalGroup.id } })).statusCode,
    ).toBe(403);
    expect((await outsiderClient.get(`/api/v2/news/topic_filter/${topicId}`)).statusCode).toBe(404);
    const inside = (await insiderClient.get('/api/v2/news', { query: { group_id: privateGroup.id } })).json();
    expect(inside.results.map((p: { item_id: number }) => p.item_id)).toEqual([secret.item_id]);
    const topicStream = (await insiderClient.get(`/api/v2/news/topic_filter/${topicId}`)).json();
    expect(topicStream.results[0]).toMatchObject({
      item_id: secret.item_id,
      likes_count: 1,
      comments_count: 1,
    });
  });

  it("keeps the read rule in a group or topic page by itself, behind the streams' own check", async () => {
    const reader = (user: User) => ({ id: user.id, superadmin: false });
    const scopes = [{ groupId: privateGroup.id }, { topicId }, { groupId: privateGroup.id, topicId }];
    for (const scope of scopes) {
      expect((await postsRepo.page(t.db, reader(insider), scope, 20, 0)).map((p) => p.id)).toEqual([
        secret.item_id,
      ]);
      for (const stranger of [outsider, applicant]) {
        expect(await postsRepo.page(t.db, reader(stranger), scope, 20, 0), JSON.stringify(scope)).toEqual([]);
      }
      expect(await postsRepo.page(t.db, 'every_member', scope, 20, 0)).toEqual([]);
    }
    const guardedPage = await postsRepo.page(t.db, reader(applicant), { groupId: approvalGroup.id }, 20, 0);
    expect(guardedPage).toEqual([]);
  });

  it('answers 404 for the stream of a topic that is not active, though it holds posts, to its members and superadmins', async () => {
    await t.db.update(topics).set({ status: 'suggested' }).where(eq(topics.id, topicId));
    try {
      for (const client of [insiderClient, superadminClient]) {
        expect((await client.get(`/api/v2/news/topic_filter/${topicId}`)).statusCode).toBe(404);
      }
    } finally {
      await t.db.update(topics).set({ status: 'active' }).where(eq(topics.id, topicId));
    }
    expect((await superadminClient.get(`/api/v2/news/topic_filter/${topicId}`)).json().results).toHaveLength(
      1,
    );
  });

  it('keeps them off displays for every member (the TV)', async () => {
    const shown = await postsRepo.page(t.db, 'every_member', {}, 20, 0);
    expect(shown.map((p) => p.id)).toEqual([open.item_id]);
  });

  it('shows them to a member once they join', async () => {
    await insiderClient.put(`/api/v2/groups/applications/${await applicationId()}`);
    expect((await applicantClient.get(`/api/v2/posts/${guarded.item_id}`)).statusCode).toBe(200);
    expect((await applicantClient.get('/api/v2/news')).json().results).toHaveLength(2);
  });

  async function applicationId(): Promise<number> {
    const list = (await insiderClient.get('/api/v2/groups/applications')).json();
    return list.results.find((m: { group_id: number }) => m.group_id === approvalGroup.id).membership_id;
  }
});
