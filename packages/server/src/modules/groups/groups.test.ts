import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildAdmin, buildGroup, buildUser } from '../../../test/factories';
import { insertImage, signedIn } from '../../../test/group-helpers';
import { files, topics } from '../../db/schema';

type User = Awaited<ReturnType<typeof buildUser>>;

describe('groups: lists and pages', () => {
  let t: TestApp;
  let owner: User;
  let member: User;
  let stranger: User;
  let superadmin: User;
  let ownerClient: TestClient;
  let memberClient: TestClient;
  let strangerClient: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.db, { firstname: 'Olga', lastname: 'Owner' });
    member = await buildUser(t.db, { firstname: 'Mia', lastname: 'Member' });
    stranger = await buildUser(t.db, { firstname: 'Sam', lastname: 'Stranger' });
    superadmin = await buildAdmin(t.db);
    ownerClient = await signedIn(t, owner);
    memberClient = await signedIn(t, member);
    strangerClient = await signedIn(t, stranger);
  });
  afterAll(() => t.close());

  it('refuses anonymous callers on every group call', async () => {
    const anonymous = new TestClient(t.app);
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/v2/groups'],
      ['GET', '/api/v2/public_groups'],
      ['GET', '/api/v2/groups/1'],
      ['POST', '/api/v2/groups', { name: 'x', description: 'y' }],
      ['PUT', '/api/v2/groups/1', { description: 'y' }],
      ['DELETE', '/api/v2/groups/1'],
      ['POST', '/api/v2/groups/1/join'],
      ['POST', '/api/v2/groups/1/request_approval'],
      ['DELETE', '/api/v2/groups/members/1'],
      ['GET', '/api/v2/groups/1/users'],
      ['POST', '/api/v2/groups/1/users', {}],
      ['GET', '/api/v2/groups/1/users/search'],
      ['POST', '/api/v2/groups/1/admins', { users: [1] }],
      ['DELETE', '/api/v2/groups/1/admins/2'],
      ['DELETE', '/api/v2/groups/1/users/2'],
      ['POST', '/api/v2/groups/1/invitations', { users: [1] }],
      ['POST', '/api/v2/groups/1/invitations_resend', { users: [1] }],
      ['POST', '/api/v2/groups/1/invitation_resend/2'],
      ['DELETE', '/api/v2/groups/1/invitations/2'],
      ['DELETE', '/api/v2/groups/1/invitations_decline/2'],
      ['GET', '/api/v2/groups/invitations'],
      ['PUT', '/api/v2/groups/invitations/1'],
      ['DELETE', '/api/v2/groups/invitations/1'],
      ['GET', '/api/v2/groups/applications'],
      ['PUT', '/api/v2/groups/applications/1'],
      ['DELETE', '/api/v2/groups/applications/1'],
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

  it('lists own, administered and visible groups, filtered by membership; every member may create', async () => {
    const viewer = await buildUser(t.db);
    const client = await signedIn(t, viewer);
    const other = await buildUser(t.db);
    const administered = await buildGroup(t.db, { name: 'Aa administered', admins: [viewer] });
    const joined = await buildGroup(t.db, {
      name: 'Ab joined',
      type: 'private',
      admins: [other],
      members: [viewer],
    });
    const invited = await buildGroup(t.db, {
      name: 'Ac invited',
      type: 'private',
      admins: [other],
      invited: [viewer],
    });
    const publicOne = await buildGroup(t.db, { name: 'Ad public', type: 'approval', admins: [other] });

    const mine = (await client.get('/api/v2/groups')).json();
    expect(mine.permissions).toEqual(['create']);
    expect(mine.results.map((g: { id: number }) => g.id)).toEqual([administered.id, joined.id]);
    expect(mine.results[0]).toMatchObject({
      name: 'Aa administered',
      type: 'open',
      free_to_join: true,
      member_count: 1,
      image: null,
      membership: { status: 'accepted', role: 'admin' },
      permissions: ['delete', 'edit', 'manage_topics', 'post_content'],
    });
    expect(mine.results[1]).toMatchObject({ permissions: ['leave', 'post_content'], member_count: 2 });
    expect(mine.pagination).toMatchObject({ total: 2, self: 1 });

    const admin = (await client.get('/api/v2/groups', { query: { type: 'admin' } })).json();
    expect(admin.results.map((g: { id: number }) => g.id)).toEqual([administered.id]);

    const all = (await client.get('/api/v2/groups', { query: { type: 'all', per_page: 100 } })).json();
    const allIds = all.results.map((g: { id: number }) => g.id);
    expect(allIds).toEqual(expect.arrayContaining([administered.id, joined.id, publicOne.id]));
    expect(allIds).not.toContain(invited.id);

    const paged = (await client.get('/api/v2/groups', { query: { per_page: 1, page: 2 } })).json();
    expect(paged.results.map((g: { id: number }) => g.id)).toEqual([joined.id]);
    expect(paged.pagination).toMatchObject({ self: 2, prev: 1, next: null, total: 2, last: 2 });

    const publicGroups = (await client.get('/api/v2/public_groups', { query: { per_page: 100 } })).json();
    const publicIds = publicGroups.results.map((g: { id: number }) => g.id);
    expect(publicIds).toContain(publicOne.id);
    expect(publicIds).not.toContain(administered.id);
    expect(publicIds).not.toContain(joined.id);
    expect(publicIds).not.toContain(invited.id);
    const approval = publicGroups.results.find((g: { id: number }) => g.id === publicOne.id);
    expect(approval).toMatchObject({
      type: 'approval',
      free_to_join: false,
      membership: null,
      permissions: [],
    });
  });

  it('shows a group page with its topics, files, first members, count, image and infos', async () => {
    const image = await insertImage(t.db, owner.id);
    const group = await buildGroup(t.db, {
      name: 'Garden',
      description: 'Plants',
      image_id: image.id,
      admins: [owner],
      members: [member],
    });
    const [older] = await t.db
      .insert(topics)
      .values({ group_id: group.id, name: 'Older', description: 'd', created_at: new Date('2024-01-01') })
      .returning();
    const [newer] = await t.db
      .insert(topics)
      .values({ group_id: group.id, name: 'Newer', description: 'd', created_at: new Date('2024-06-01') })
      .returning();
    await t.db
      .insert(topics)
      .values({ group_id: group.id, name: 'Suggested', description: 'd', status: 'suggested' });
    for (let i = 0; i < 10; i++) {
      await t.db.insert(files).values({
        group_id: group.id,
        uploader_id: member.id,
        name: `file-${i}.pdf`,
        mime_type: 'application/pdf',
        size: 100 + i,
        path: `files/group-page-${i}`,
        created_at: new Date(Date.UTC(2024, 0, 1 + i)),
      });
    }
    await t.db.insert(files).values({
      group_id: group.id,
      topic_id: newer!.id,
      name: 'topic-file.pdf',
      mime_type: 'application/pdf',
      size: 1,
      path: 'files/topic-file',
    });

    const response = await memberClient.get(`/api/v2/groups/${group.id}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      id: group.id,
      name: 'Garden',
      image: `/uploads/${image.path}`,
      infos: { title: 'Garden', description: 'Plants', img: `/uploads/${image.path}` },
      member_count: 2,
      membership: { status: 'accepted', role: 'member' },
      permissions: ['leave', 'post_content'],
    });
    expect(body.topics.map((topic: { id: number }) => topic.id)).toEqual([newer!.id, older!.id]);
    expect(body.topics[0].date).toBe('2024-06-01T00:00:00.000Z');
    expect(body.files).toHaveLength(8);
    expect(body.files[0]).toMatchObject({
      name: 'file-9.pdf',
      link: expect.stringMatching(/^\/api\/v2\/files\/\d+$/),
      uploader: { id: member.id, combined_name: 'Mia Member' },
      can_delete: true,
    });
    expect(body.files.map((f: { name: string }) => f.name)).not.toContain('topic-file.pdf');
    expect(body.members.pagination).toMatchObject({ total: 2, per_page: 15 });
    expect(body.members.results[0]).toMatchObject({
      id: owner.id,
      combined_name: 'Olga Owner',
      names: { firstname: 'Olga', lastname: 'Owner' },
      role: 'admin',
      status: 'accepted',
    });

    const asOwner = (await ownerClient.get(`/api/v2/groups/${group.id}`)).json();
    expect(asOwner.permissions).toEqual(['delete', 'edit', 'manage_topics', 'post_content']);
    expect(asOwner.files.every((f: { can_delete: boolean }) => f.can_delete)).toBe(true);
  });

  it('hides a private group from non-members (404) and closes the content of approval groups to them', async () => {
    const hidden = await buildGroup(t.db, { type: 'private', admins: [owner], invited: [stranger] });
    const closed = await buildGroup(t.db, { type: 'approval', admins: [owner] });
    await t.db.insert(topics).values({ group_id: closed.id, name: 'Secret plans', description: 'd' });

    const privateAnswer = await strangerClient.get(`/api/v2/groups/${hidden.id}`);
    expect(privateAnswer.statusCode).toBe(404);
    expect(privateAnswer.json().errors[0].code).toBe('not_found');
    expect((await strangerClient.get(`/api/v2/groups/${hidden.id}/users`)).statusCode).toBe(404);

    const approval = await strangerClient.get(`/api/v2/groups/${closed.id}`);
    expect(approval.statusCode).toBe(200);
    expect(approval.json()).toMatchObject({ member_count: 1, topics: [], files: [], permissions: [] });
    expect(approval.json().members.results).toEqual([]);
    const members = await strangerClient.get(`/api/v2/groups/${closed.id}/users`);
    expect(members.statusCode).toBe(403);
    expect(members.json().errors[0].code).toBe('forbidden');

    const superClient = await signedIn(t, superadmin);
    const asSuperadmin = await superClient.get(`/api/v2/groups/${hidden.id}`);
    expect(asSuperadmin.statusCode).toBe(200);
    expect(asSuperadmin.json().permissions).toEqual(['delete', 'edit', 'manage_topics', 'post_content']);
  });

  it('answers 404 for an unknown group and 400 for a malformed id', async () => {
    const unknown = await memberClient.get('/api/v2/groups/999999');
    expect(unknown.statusCode).toBe(404);
    for (const id of ['abc', '-3', '0', '1.5']) {
      const response = await memberClient.get(`/api/v2/groups/${id}`);
      expect(response.statusCode, id).toBe(400);
      expect(response.json().errors[0].code).toBe('validation_failed');
    }
    expect((await memberClient.delete('/api/v2/groups/abc')).statusCode).toBe(400);
    expect((await memberClient.get('/api/v2/groups', { query: { type: 'everything' } })).statusCode).toBe(
      400,
    );
  });
});
