import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import type { TestClient } from '../../../test/client';
import { buildGroup, buildUser } from '../../../test/factories';
import { activitiesOf, insertImage, signedIn } from '../../../test/group-helpers';
import { files, groupMemberships, topics } from '../../db/schema';
import { setSettingByPath } from '../settings/service';

type User = Awaited<ReturnType<typeof buildUser>>;

describe('groups: create, edit, delete', () => {
  let t: TestApp;
  let owner: User;
  let member: User;
  let stranger: User;
  let ownerClient: TestClient;
  let memberClient: TestClient;
  let strangerClient: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.db, { firstname: 'Olga', lastname: 'Owner' });
    member = await buildUser(t.db, { firstname: 'Mia', lastname: 'Member' });
    stranger = await buildUser(t.db, { firstname: 'Sam', lastname: 'Stranger' });
    ownerClient = await signedIn(t, owner);
    memberClient = await signedIn(t, member);
    strangerClient = await signedIn(t, stranger);
  });
  afterAll(() => t.close());

  it('creates a group: the creator is its admin, listed members are invited and told', async () => {
    const invitee = await buildUser(t.db, { selected_language: 'en_GB' });
    const image = await insertImage(t.db, owner.id);
    const response = await ownerClient.post('/api/v2/groups', {
      name: '  Book club ',
      description: 'We read.',
      type: 'approval',
      img_id: image.id,
      users: [invitee.id, owner.id],
    });
    expect(response.statusCode).toBe(201);
    const group = response.json();
    expect(group).toMatchObject({
      name: 'Book club',
      type: 'approval',
      free_to_join: false,
      image: `/uploads/${image.path}`,
      member_count: 1,
      membership: { status: 'accepted', role: 'admin' },
      permissions: ['delete', 'edit', 'manage_topics', 'post_content'],
    });
    expect(group.members.results.map((m: { id: number }) => m.id)).toEqual([owner.id]);

    const invitations = (await (await signedIn(t, invitee)).get('/api/v2/groups/invitations')).json();
    expect(invitations.results).toHaveLength(1);
    expect(invitations.results[0]).toMatchObject({
      group_id: group.id,
      type: 'invite',
      status: 'pending',
      name: 'Book club',
      user_details: { user_id: owner.id, combined_name: 'Olga Owner' },
    });
    const [activity] = await activitiesOf(await signedIn(t, invitee));
    expect(activity).toMatchObject({
      type: 'invite',
      text: 'Olga Owner invited you to the group “Book club”.',
      url: '/groups',
      membership: { id: invitations.results[0].membership_id, status: 'pending' },
    });
  });

  it('refuses a group without name or description, with unknown invitees, or with someone else’s image', async () => {
    const bodies = [
      { name: '', description: 'x' },
      { name: '   ', description: 'x' },
      { name: 'x' },
      { name: 'x', description: 'y', type: 'secret' },
      { name: 'x'.repeat(121), description: 'y' },
    ];
    for (const body of bodies) {
      const response = await ownerClient.post('/api/v2/groups', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors[0].code).toBe('validation_failed');
    }
    const unknownUser = await ownerClient.post('/api/v2/groups', {
      name: 'x',
      description: 'y',
      users: [999999],
    });
    expect(unknownUser.statusCode).toBe(400);
    expect(unknownUser.json().errors[0]).toMatchObject({ code: 'bad_request', field: 'users' });

    const theirs = await insertImage(t.db, member.id);
    for (const img_id of [theirs.id, 999999]) {
      const response = await ownerClient.post('/api/v2/groups', { name: 'x', description: 'y', img_id });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0]).toMatchObject({ code: 'bad_request', field: 'img_id' });
    }
  });

  it('requires an image when group_image_required is on', async () => {
    await setSettingByPath(t.db, 'stream_options.group_image_required', true);
    try {
      const response = await ownerClient.post('/api/v2/groups', { name: 'x', description: 'y' });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0]).toMatchObject({ code: 'image_required', field: 'img_id' });
      const image = await insertImage(t.db, owner.id);
      const created = await ownerClient.post('/api/v2/groups', {
        name: 'x',
        description: 'y',
        img_id: image.id,
      });
      expect(created.statusCode).toBe(201);
      const removed = await ownerClient.put(`/api/v2/groups/${created.json().id}`, {
        description: 'y',
        img_id: null,
      });
      expect(removed.statusCode).toBe(400);
      expect(removed.json().errors[0].code).toBe('image_required');
    } finally {
      await setSettingByPath(t.db, 'stream_options.group_image_required', false);
    }
  });

  it('lets admins edit a group; the name changes only when update_group_name is on', async () => {
    const group = await buildGroup(t.db, { name: 'Old name', admins: [owner], members: [member] });
    const url = `/api/v2/groups/${group.id}`;

    const byMember = await memberClient.put(url, { description: 'hijacked' });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().errors[0].code).toBe('forbidden');
    expect((await strangerClient.put(url, { description: 'x' })).statusCode).toBe(403);

    const image = await insertImage(t.db, owner.id);
    const edited = await ownerClient.put(url, {
      name: 'New name',
      description: 'New text',
      type: 'private',
      img_id: image.id,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'New name',
      description: 'New text',
      type: 'private',
      image: `/uploads/${image.path}`,
    });
    // Someone else's upload stays refused, the group's current image is kept as it is.
    const theirs = await insertImage(t.db, member.id);
    expect((await ownerClient.put(url, { description: 'x', img_id: theirs.id })).statusCode).toBe(400);
    expect((await ownerClient.put(url, { description: '' })).statusCode).toBe(400);

    await setSettingByPath(t.db, 'update_group_name', false);
    try {
      const kept = await ownerClient.put(url, { name: 'Ignored', description: 'Again', img_id: image.id });
      expect(kept.statusCode).toBe(200);
      expect(kept.json()).toMatchObject({ name: 'New name', description: 'Again' });
    } finally {
      await setSettingByPath(t.db, 'update_group_name', true);
    }
    const noImage = await ownerClient.put(url, { description: 'Again', img_id: null });
    expect(noImage.json().image).toBeNull();
    expect((await ownerClient.put('/api/v2/groups/999999', { description: 'x' })).statusCode).toBe(404);
  });

  it('deletes a group (admins) with its topics, files and stored files; members are refused', async () => {
    const group = await buildGroup(t.db, { admins: [owner], members: [member] });
    const [topic] = await t.db
      .insert(topics)
      .values({ group_id: group.id, name: 'T', description: 'd' })
      .returning();
    const folder = path.join(t.config.dataDir, 'uploads', 'files');
    mkdirSync(folder, { recursive: true });
    const stored = ['files/delete-me-group', 'files/delete-me-topic'];
    for (const relative of stored) writeFileSync(path.join(t.config.dataDir, 'uploads', relative), 'x');
    await t.db.insert(files).values([
      { group_id: group.id, name: 'a.txt', mime_type: 'text/plain', size: 1, path: stored[0]! },
      {
        group_id: group.id,
        topic_id: topic!.id,
        name: 'b.txt',
        mime_type: 'text/plain',
        size: 1,
        path: stored[1]!,
      },
    ]);

    const byMember = await memberClient.delete(`/api/v2/groups/${group.id}`);
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().errors[0].code).toBe('forbidden');
    expect((await strangerClient.delete(`/api/v2/groups/${group.id}`)).statusCode).toBe(403);

    const removed = await ownerClient.delete(`/api/v2/groups/${group.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ success: true });
    expect((await ownerClient.get(`/api/v2/groups/${group.id}`)).statusCode).toBe(404);
    expect(await t.db.select().from(topics).where(eq(topics.group_id, group.id))).toEqual([]);
    expect(await t.db.select().from(files).where(eq(files.group_id, group.id))).toEqual([]);
    expect(await t.db.select().from(groupMemberships).where(eq(groupMemberships.group_id, group.id))).toEqual(
      [],
    );
    for (const relative of stored)
      expect(existsSync(path.join(t.config.dataDir, 'uploads', relative))).toBe(false);
    expect((await ownerClient.delete(`/api/v2/groups/${group.id}`)).statusCode).toBe(404);
  });
});
