import { existsSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildAdmin, buildGroup, buildUser } from '../../../test/factories';
import { activitiesOf, signedIn } from '../../../test/group-helpers';
import { uploadFiles } from '../../../test/multipart';
import { mentionOf, putSettings, writePost } from '../../../test/post-helpers';
import { comments, likes, postFiles, posts, topics } from '../../db/schema';
import { resolveStoredPath } from '../uploads/storage';

type User = Awaited<ReturnType<typeof buildUser>>;

describe('posts: writing, authors, options, files, deleting', () => {
  let t: TestApp;
  let owner: User;
  let member: User;
  let stranger: User;
  let writer: User;
  let admin: User;
  let ownerClient: TestClient;
  let memberClient: TestClient;
  let strangerClient: TestClient;
  let writerClient: TestClient;
  let adminClient: TestClient;
  let group: { id: number };
  let emptyGroup: { id: number };
  let otherGroup: { id: number };
  let topicId: number;
  let otherTopicId: number;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.db, { firstname: 'Olga', lastname: 'Owner' });
    member = await buildUser(t.db, { firstname: 'Mia', lastname: 'Member' });
    stranger = await buildUser(t.db, { firstname: 'Sam', lastname: 'Stranger' });
    writer = await buildUser(t.db, {
      firstname: 'Wanda',
      lastname: 'Writer',
      permissions: ['post_as_author'],
    });
    admin = await buildAdmin(t.db, { firstname: 'Ada', lastname: 'Admin' });
    group = await buildGroup(t.db, { name: 'Kantine', admins: [owner], members: [member, writer] });
    emptyGroup = await buildGroup(t.db, { name: 'Ohne Themen', admins: [owner], members: [member] });
    otherGroup = await buildGroup(t.db, { name: 'Andere', admins: [stranger] });
    const [topic] = await t.db
      .insert(topics)
      .values({ group_id: group.id, name: 'Speiseplan', description: 'Was es gibt', author_id: owner.id })
      .returning();
    topicId = topic!.id;
    const [other] = await t.db
      .insert(topics)
      .values({ group_id: otherGroup.id, name: 'Fremd', description: 'x', author_id: stranger.id })
      .returning();
    otherTopicId = other!.id;
    ownerClient = await signedIn(t, owner);
    memberClient = await signedIn(t, member);
    strangerClient = await signedIn(t, stranger);
    writerClient = await signedIn(t, writer);
    adminClient = await signedIn(t, admin);
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

  describe('posting as a chosen author', () => {
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

  describe('files', () => {
    let png: Buffer;
    beforeAll(async () => {
      png = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#c33' } })
        .withMetadata({ exif: { IFD0: { Copyright: 'secret' } } })
        .png()
        .toBuffer();
    });

    it('uploads, attaches and serves files by the post read rule', async () => {
      const image = await uploadFiles(memberClient, '/api/v2/posts/file', {
        data: png,
        filename: 'lunch.png',
      });
      expect(image.statusCode).toBe(201);
      expect(image.json()).toMatchObject({ name: 'lunch.webp', type: 'image/webp', is_image: true });
      const text = await uploadFiles(memberClient, '/api/v2/posts/file', {
        data: Buffer.from('Menü;Preis\nLasagne;5\n'),
        filename: 'menu.csv',
      });
      expect(text.json()).toMatchObject({ name: 'menu.csv', type: 'text/csv', is_image: false });
      const imageId = image.json().id;
      const textId = text.json().id;

      // Before the post exists, only the uploader sees the upload.
      expect((await memberClient.get(`/api/v2/posts/file/${imageId}`)).statusCode).toBe(200);
      expect((await ownerClient.get(`/api/v2/posts/file/${imageId}`)).statusCode).toBe(404);
      // Nobody else can attach it.
      const stolen = await ownerClient.post('/api/v2/posts', {
        description: '<p>x</p>',
        group_id: emptyGroup.id,
        files: [imageId],
      });
      expect(stolen.statusCode).toBe(400);

      const post = await writePost(memberClient, {
        description: '<p>Mit Anhang</p>',
        group_id: group.id,
        topic_id: topicId,
        files: [imageId, textId],
      });
      expect(post.files.map((f) => f.id)).toEqual([imageId, textId]);
      const served = await ownerClient.get(`/api/v2/posts/file/${imageId}`);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['content-disposition']).toMatch(/^inline;/);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.exif).toBeUndefined();
      const csv = await ownerClient.get(`/api/v2/posts/file/${textId}`);
      expect(csv.headers['content-disposition']).toMatch(/^attachment;/);
      // A used file cannot be claimed again.
      const again = await memberClient.post('/api/v2/posts', {
        description: '<p>x</p>',
        group_id: emptyGroup.id,
        files: [imageId],
      });
      expect(again.statusCode).toBe(400);

      // Deleting an attached file: whoever may delete the post.
      expect((await strangerClient.delete(`/api/v2/posts/file/${textId}`)).statusCode).toBe(403);
      expect((await ownerClient.delete(`/api/v2/posts/file/${textId}`)).statusCode).toBe(200);
      expect((await memberClient.get(`/api/v2/posts/${post.item_id}`)).json().files).toHaveLength(1);
      // The post's file count (which a stream reads the files by) follows its files.
      const [counted] = await t.db
        .select({ count: posts.file_count })
        .from(posts)
        .where(eq(posts.id, post.item_id));
      expect(counted?.count).toBe(1);
    });

    it('refuses files by content, empty files and missing parts', async () => {
      const html = await uploadFiles(memberClient, '/api/v2/posts/file', {
        data: Buffer.from('<script>alert(1)</script>'),
        filename: 'evil.txt',
        type: 'text/plain',
      });
      expect(html.statusCode).toBe(415);
      const svg = await uploadFiles(memberClient, '/api/v2/posts/file', {
        data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
        filename: 'x.png',
        type: 'image/png',
      });
      expect(svg.statusCode).toBe(415);
      const empty = await uploadFiles(memberClient, '/api/v2/posts/file', {
        data: Buffer.alloc(0),
        filename: 'a.txt',
      });
      expect(empty.statusCode).toBe(400);
      const wrongField = await uploadFiles(memberClient, '/api/v2/posts/file', {
        data: png,
        filename: 'a.png',
        field: 'other',
      });
      expect(wrongField.statusCode).toBe(400);
      const notMultipart = await memberClient.post('/api/v2/posts/file', { file: 'x' });
      expect(notMultipart.statusCode).toBe(400);
    });

    it('lets the uploader remove an unused upload, and nobody else', async () => {
      const upload = await uploadFiles(memberClient, '/api/v2/posts/file', { data: png, filename: 'a.png' });
      const id = upload.json().id;
      expect((await ownerClient.delete(`/api/v2/posts/file/${id}`)).statusCode).toBe(404);
      expect((await memberClient.delete(`/api/v2/posts/file/${id}`)).statusCode).toBe(200);
      expect((await memberClient.get(`/api/v2/posts/file/${id}`)).statusCode).toBe(404);
    });
  });

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
      return { post, path: resolveStoredPath(t.config.dataDir, stored!.path) };
    };
    const inTopic = await write(doomedTopic!.id);
    const [otherTopic] = await t.db
      .insert(topics)
      .values({ group_id: doomed.id, name: 'Bleibt', description: 'x', author_id: owner.id })
      .returning();
    const inGroup = await write(otherTopic!.id);
    expect(existsSync(inTopic.path)).toBe(true);

    expect((await ownerClient.delete(`/api/v2/topics/${doomedTopic!.id}`)).statusCode).toBe(200);
    expect(existsSync(inTopic.path)).toBe(false);
    expect((await ownerClient.get(`/api/v2/posts/${inTopic.post.item_id}`)).statusCode).toBe(404);
    expect((await ownerClient.get(`/api/v2/posts/${inGroup.post.item_id}`)).statusCode).toBe(200);

    expect((await ownerClient.delete(`/api/v2/groups/${doomed.id}`)).statusCode).toBe(200);
    expect(existsSync(inGroup.path)).toBe(false);
    for (const { post } of [inTopic, inGroup]) {
      expect(await t.db.select().from(likes).where(eq(likes.target_id, post.item_id))).toEqual([]);
      expect(await t.db.select().from(comments).where(eq(comments.target_id, post.item_id))).toEqual([]);
    }
  });
});
