import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildGroup, buildUser } from '../../../test/factories';
import { activitiesOf, insertImage, listenToNotifications, signedIn } from '../../../test/group-helpers';
import { files, topics } from '../../db/schema';

type User = Awaited<ReturnType<typeof buildUser>>;

describe('topics and topic suggestions', () => {
  let t: TestApp;
  let admin: User;
  let member: User;
  let outsider: User;
  let adminClient: TestClient;
  let memberClient: TestClient;
  let outsiderClient: TestClient;

  const insertTopic = async (groupId: number, values: Partial<typeof topics.$inferInsert> = {}) => {
    const [row] = await t.db
      .insert(topics)
      .values({ group_id: groupId, name: 'A topic', description: 'About it', ...values })
      .returning();
    return row!;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await buildUser(t.db, { firstname: 'Ada', lastname: 'Admin' });
    member = await buildUser(t.db, { firstname: 'Max', lastname: 'Member', selected_language: 'en_GB' });
    outsider = await buildUser(t.db, { firstname: 'Otto', lastname: 'Outsider' });
    adminClient = await signedIn(t, admin);
    memberClient = await signedIn(t, member);
    outsiderClient = await signedIn(t, outsider);
  });
  afterAll(() => t.close());

  it('refuses anonymous callers on every topic call', async () => {
    const anonymous = new TestClient(t.app);
    const topic = { name: 'x', description: 'y', group_id: 1 };
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/v2/topics/1'],
      ['GET', '/api/v2/topics/1/users'],
      ['POST', '/api/v2/topics', topic],
      ['PUT', '/api/v2/topics/1', { group_id: 1, title: 'x', description: 'y' }],
      ['DELETE', '/api/v2/topics/1'],
      ['GET', '/api/v2/topics/suggestions'],
      ['POST', '/api/v2/topics/suggestions', topic],
      ['PUT', '/api/v2/topics/suggestions/1'],
      ['DELETE', '/api/v2/topics/suggestions/1'],
    ];
    for (const [method, url, body] of calls) {
      const response = await anonymous.call(
        method as 'GET',
        url,
        method === 'GET' ? undefined : (body ?? {}),
      );
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().errors[0].code).toBe('unauthenticated');
    }
  });

  it('shows a topic page with its files, its group’s members and the viewer’s permissions', async () => {
    const groupImage = await insertImage(t.db, admin.id);
    const topicImage = await insertImage(t.db, admin.id);
    const group = await buildGroup(t.db, {
      name: 'Garden',
      image_id: groupImage.id,
      admins: [admin],
      members: [member],
    });
    const topic = await insertTopic(group.id, {
      name: 'Roses',
      description: 'Red ones',
      author_id: member.id,
      image_id: topicImage.id,
      created_at: new Date('2024-05-01T10:00:00Z'),
    });
    await insertTopic(group.id, { name: 'Idea', status: 'suggested', author_id: member.id });
    await t.db.insert(files).values([
      {
        group_id: group.id,
        topic_id: topic.id,
        uploader_id: admin.id,
        name: 'plan.pdf',
        mime_type: 'application/pdf',
        size: 5,
        path: 'files/plan',
      },
      { group_id: group.id, name: 'group.pdf', mime_type: 'application/pdf', size: 5, path: 'files/group' },
    ]);

    const response = await memberClient.get(`/api/v2/topics/${topic.id}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      id: topic.id,
      name: 'Roses',
      description: 'Red ones',
      image: `/uploads/${topicImage.path}`,
      infos: { title: 'Roses', description: 'Red ones', img: `/uploads/${topicImage.path}` },
      date: '2024-05-01T10:00:00.000Z',
      group: { id: group.id, name: 'Garden', image: `/uploads/${groupImage.path}` },
      author: { id: member.id, combined_name: 'Max Member', img: null },
      member_count: 2,
      permissions: ['edit', 'post_content'],
      suggestions: 0,
    });
    expect(body.files).toEqual([
      expect.objectContaining({
        name: 'plan.pdf',
        can_delete: false,
        uploader: { id: admin.id, combined_name: 'Ada Admin' },
      }),
    ]);
    expect(body.members.results.map((m: { id: number }) => m.id)).toEqual([admin.id, member.id]);

    const asAdmin = (await adminClient.get(`/api/v2/topics/${topic.id}`)).json();
    expect(asAdmin).toMatchObject({ permissions: ['delete', 'edit', 'post_content'], suggestions: 1 });
    expect(asAdmin.files[0].can_delete).toBe(true);

    // An open group's topics are readable by every member of the site, without rights.
    expect((await outsiderClient.get(`/api/v2/topics/${topic.id}`)).json()).toMatchObject({
      permissions: [],
    });

    const users = await memberClient.get(`/api/v2/topics/${topic.id}/users`, {
      query: { per_page: 1, page: 2 },
    });
    expect(users.json().results.map((m: { id: number }) => m.id)).toEqual([member.id]);
    expect(users.json().pagination).toMatchObject({ total: 2, self: 2 });
  });

  it('hides topics of private groups (404) and closes those of approval groups (403) to non-members', async () => {
    const hidden = await buildGroup(t.db, { type: 'private', admins: [admin] });
    const closed = await buildGroup(t.db, { type: 'approval', admins: [admin] });
    const secret = await insertTopic(hidden.id);
    const guarded = await insertTopic(closed.id);
    const suggestion = await insertTopic(closed.id, { status: 'suggested' });

    expect((await outsiderClient.get(`/api/v2/topics/${secret.id}`)).statusCode).toBe(404);
    expect((await outsiderClient.get(`/api/v2/topics/${secret.id}/users`)).statusCode).toBe(404);
    const forbidden = await outsiderClient.get(`/api/v2/topics/${guarded.id}`);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().errors[0].code).toBe('forbidden');
    expect((await outsiderClient.get(`/api/v2/topics/${guarded.id}/users`)).statusCode).toBe(403);
    expect((await adminClient.get(`/api/v2/topics/${suggestion.id}`)).statusCode).toBe(404);
    expect((await adminClient.get('/api/v2/topics/999999')).statusCode).toBe(404);
    expect((await adminClient.get('/api/v2/topics/abc')).statusCode).toBe(400);
  });

  it('creates topics for topic managers only; other members are refused (403)', async () => {
    const group = await buildGroup(t.db, { admins: [admin], members: [member] });
    const image = await insertImage(t.db, admin.id);
    const created = await adminClient.post('/api/v2/topics', {
      name: ' Harvest ',
      description: 'When to pick',
      group_id: group.id,
      img_id: image.id,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Harvest',
      image: `/uploads/${image.path}`,
      author: { id: admin.id },
      group: { id: group.id },
      permissions: ['delete', 'edit', 'post_content'],
    });
    const page = (await memberClient.get(`/api/v2/groups/${group.id}`)).json();
    expect(page.topics.map((topic: { id: number }) => topic.id)).toEqual([created.json().id]);

    const body = { name: 'Mine', description: 'x', group_id: group.id };
    for (const client of [memberClient, outsiderClient]) {
      const refused = await client.post('/api/v2/topics', body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().errors[0].code).toBe('forbidden');
    }
    const hidden = await buildGroup(t.db, { type: 'private', admins: [admin] });
    expect((await outsiderClient.post('/api/v2/topics', { ...body, group_id: hidden.id })).statusCode).toBe(
      404,
    );
    expect((await adminClient.post('/api/v2/topics', { ...body, group_id: 999999 })).statusCode).toBe(404);
    for (const bad of [
      { ...body, name: '' },
      { ...body, description: ' ' },
      { name: 'x', description: 'y' },
    ]) {
      const response = await adminClient.post('/api/v2/topics', bad);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].code).toBe('validation_failed');
    }
    const theirs = await insertImage(t.db, member.id);
    const foreignImage = await adminClient.post('/api/v2/topics', { ...body, img_id: theirs.id });
    expect(foreignImage.statusCode).toBe(400);
    expect(foreignImage.json().errors[0].field).toBe('img_id');
  });

  it('edits a topic (managers and its author); it cannot move to another group', async () => {
    const group = await buildGroup(t.db, { admins: [admin], members: [member, outsider] });
    const other = await buildGroup(t.db, { admins: [admin] });
    const topic = await insertTopic(group.id, { author_id: member.id });
    const url = `/api/v2/topics/${topic.id}`;
    const body = { group_id: group.id, title: 'Renamed', description: 'New text' };

    const notAuthor = await outsiderClient.put(url, body);
    expect(notAuthor.statusCode).toBe(403);
    expect(notAuthor.json().errors[0].code).toBe('forbidden');

    const byAuthor = await memberClient.put(url, body);
    expect(byAuthor.statusCode).toBe(200);
    expect(byAuthor.json()).toMatchObject({ name: 'Renamed', description: 'New text', image: null });

    const moved = await adminClient.put(url, { ...body, group_id: other.id });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors[0]).toMatchObject({ code: 'bad_request', field: 'group_id' });
    expect((await adminClient.put(url, { ...body, title: '' })).statusCode).toBe(400);

    const image = await insertImage(t.db, admin.id);
    const withImage = await adminClient.put(url, { ...body, img_id: image.id });
    expect(withImage.json().image).toBe(`/uploads/${image.path}`);
    const theirs = await insertImage(t.db, outsider.id);
    expect((await adminClient.put(url, { ...body, img_id: theirs.id })).statusCode).toBe(400);
    expect((await adminClient.put(url, { ...body, img_id: null })).json().image).toBeNull();
  });

  it('deletes a topic with its files and stored files (delete permission only)', async () => {
    const group = await buildGroup(t.db, { admins: [admin], members: [member] });
    const topic = await insertTopic(group.id, { author_id: member.id });
    mkdirSync(path.join(t.config.dataDir, 'uploads', 'files'), { recursive: true });
    const stored = 'files/topic-delete-me';
    writeFileSync(path.join(t.config.dataDir, 'uploads', stored), 'x');
    await t.db.insert(files).values({
      group_id: group.id,
      topic_id: topic.id,
      name: 'a.txt',
      mime_type: 'text/plain',
      size: 1,
      path: stored,
    });

    const byAuthor = await memberClient.delete(`/api/v2/topics/${topic.id}`);
    expect(byAuthor.statusCode).toBe(403);
    expect((await adminClient.delete(`/api/v2/topics/${topic.id}`)).json()).toEqual({ success: true });
    expect((await adminClient.get(`/api/v2/topics/${topic.id}`)).statusCode).toBe(404);
    expect(await t.db.select().from(files).where(eq(files.topic_id, topic.id))).toEqual([]);
    expect(existsSync(path.join(t.config.dataDir, 'uploads', stored))).toBe(false);
    expect((await adminClient.delete(`/api/v2/topics/${topic.id}`)).statusCode).toBe(404);
  });

  it('takes suggestions from members, lists them for managers, and only managers answer them', async () => {
    const group = await buildGroup(t.db, { name: 'Garden', admins: [admin], members: [member] });
    const suggest = (client: TestClient, name: string) =>
      client.post('/api/v2/topics/suggestions', { name, description: 'Please', group_id: group.id });

    const first = await suggest(memberClient, 'Compost');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      name: 'Compost',
      author: { id: member.id, combined_name: 'Max Member' },
      group: { id: group.id, name: 'Garden' },
    });
    const second = (await suggest(memberClient, 'Bees')).json();
    const refused = await suggest(outsiderClient, 'Not a member');
    expect(refused.statusCode).toBe(403);
    expect(
      (
        await memberClient.post('/api/v2/topics/suggestions', {
          name: '',
          description: 'x',
          group_id: group.id,
        })
      ).statusCode,
    ).toBe(400);

    const listed = (await adminClient.get('/api/v2/topics/suggestions')).json().results;
    const inGroup = listed.filter((s: { group: { id: number } }) => s.group.id === group.id);
    expect(inGroup.map((s: { id: number }) => s.id)).toEqual([first.json().id, second.id]);
    expect((await memberClient.get('/api/v2/topics/suggestions')).json().results).toEqual([]);
    expect((await memberClient.get(`/api/v2/groups/${group.id}`)).json().topics).toEqual([]);

    const acceptUrl = `/api/v2/topics/suggestions/${first.json().id}`;
    const declineUrl = `/api/v2/topics/suggestions/${second.id}`;
    for (const client of [memberClient, outsiderClient]) {
      const response = await client.put(acceptUrl);
      expect(response.statusCode).toBe(403);
      expect(response.json().errors[0].code).toBe('forbidden');
      expect((await client.delete(declineUrl)).statusCode).toBe(403);
    }

    const listener = await listenToNotifications(t, member.id);
    const accepted = await adminClient.put(acceptUrl);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ id: first.json().id, name: 'Compost', suggestions: 1 });
    expect((await adminClient.delete(declineUrl)).json()).toEqual({ success: true });
    await listener.stop();
    expect(listener.received.map((m) => m.activity.type)).toEqual(['other', 'other']);

    const feed = await activitiesOf(memberClient);
    expect(feed[1]).toMatchObject({
      type: 'other',
      user_id: admin.id,
      text: 'Your topic suggestion “Compost” in the group “Garden” was accepted.',
      url: `/groups/${group.id}/topics/${first.json().id}`,
    });
    expect(feed[0]).toMatchObject({
      text: 'Your topic suggestion “Bees” in the group “Garden” was declined.',
      url: `/groups/${group.id}`,
    });
    expect(
      (await memberClient.get(`/api/v2/groups/${group.id}`))
        .json()
        .topics.map((x: { name: string }) => x.name),
    ).toEqual(['Compost']);
    expect((await adminClient.put(acceptUrl)).statusCode).toBe(404);
    expect((await adminClient.delete(declineUrl)).statusCode).toBe(404);
    expect((await adminClient.put('/api/v2/topics/suggestions/abc')).statusCode).toBe(400);
  });
});
