import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import type { TestClient } from '../../../test/client';
import { buildGroup, buildUser } from '../../../test/factories';
import { activitiesOf, listenToNotifications, signedIn } from '../../../test/group-helpers';
import { groupMemberships, users } from '../../db/schema';

type User = Awaited<ReturnType<typeof buildUser>>;
const ids = (body: { results: { id: number }[] }) => body.results.map((row) => row.id);

describe('group memberships: join, apply, leave, member lists, admins, removals', () => {
  let t: TestApp;
  let admin: User;
  let member: User;
  let outsider: User;
  let adminClient: TestClient;
  let memberClient: TestClient;
  let outsiderClient: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await buildUser(t.db, { firstname: 'Ada', lastname: 'Admin', selected_language: 'de_DE' });
    member = await buildUser(t.db, { firstname: 'Max', lastname: 'Member' });
    outsider = await buildUser(t.db, { firstname: 'Otto', lastname: 'Outsider', selected_language: 'en_GB' });
    adminClient = await signedIn(t, admin);
    memberClient = await signedIn(t, member);
    outsiderClient = await signedIn(t, outsider);
  });
  afterAll(() => t.close());

  it('joins an open group directly; approval and private groups cannot be joined', async () => {
    const open = await buildGroup(t.db, { admins: [admin] });
    const joined = await outsiderClient.post(`/api/v2/groups/${open.id}/join`);
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toMatchObject({
      success: true,
      membership: { status: 'accepted', role: 'member' },
    });
    const page = (await outsiderClient.get(`/api/v2/groups/${open.id}`)).json();
    expect(page).toMatchObject({ member_count: 2, permissions: ['leave', 'post_content'] });

    const again = await outsiderClient.post(`/api/v2/groups/${open.id}/join`);
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].code).toBe('conflict');

    const approval = await buildGroup(t.db, { type: 'approval', admins: [admin] });
    const refused = await outsiderClient.post(`/api/v2/groups/${approval.id}/join`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].code).toBe('bad_request');
    const hidden = await buildGroup(t.db, { type: 'private', admins: [admin] });
    expect((await outsiderClient.post(`/api/v2/groups/${hidden.id}/join`)).statusCode).toBe(404);
    expect((await outsiderClient.post('/api/v2/groups/999999/join')).statusCode).toBe(404);
    expect((await outsiderClient.post('/api/v2/groups/x/join')).statusCode).toBe(400);
  });

  it('applies to an approval group; each admin gets an application activity, pushed on the channel', async () => {
    const secondAdmin = await buildUser(t.db, { selected_language: 'en_GB' });
    const group = await buildGroup(t.db, { name: 'Chess', type: 'approval', admins: [admin, secondAdmin] });
    const listener = await listenToNotifications(t, admin.id);

    const applied = await outsiderClient.post(`/api/v2/groups/${group.id}/request_approval`);
    expect(applied.statusCode).toBe(200);
    const membership = applied.json().membership;
    expect(membership).toMatchObject({ status: 'applied', role: 'member' });
    await listener.stop();

    const expected = {
      type: 'application',
      user_id: outsider.id,
      url: '/groups',
      membership: { id: membership.id, status: 'applied' },
    };
    expect(listener.received).toHaveLength(1);
    expect(listener.received[0]).toMatchObject({ kind: 'activity', activity: expected });
    const [forAdmin] = await activitiesOf(adminClient);
    expect(forAdmin).toMatchObject({
      ...expected,
      text: 'Otto Outsider möchte der Gruppe „Chess“ beitreten.',
    });
    const [forSecond] = await activitiesOf(await signedIn(t, secondAdmin));
    expect(forSecond).toMatchObject({ ...expected, text: 'Otto Outsider asks to join the group “Chess”.' });

    const twice = await outsiderClient.post(`/api/v2/groups/${group.id}/request_approval`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors[0].code).toBe('conflict');
    const asMember = await adminClient.post(`/api/v2/groups/${group.id}/request_approval`);
    expect(asMember.statusCode).toBe(409);

    const open = await buildGroup(t.db, { admins: [admin] });
    expect((await outsiderClient.post(`/api/v2/groups/${open.id}/request_approval`)).statusCode).toBe(400);
    const hidden = await buildGroup(t.db, { type: 'private', admins: [admin] });
    expect((await outsiderClient.post(`/api/v2/groups/${hidden.id}/request_approval`)).statusCode).toBe(404);
  });

  it('lets members leave, but not the last admin (409 last_admin)', async () => {
    const group = await buildGroup(t.db, { admins: [admin], members: [member] });
    const url = `/api/v2/groups/members/${group.id}`;

    const last = await adminClient.delete(url);
    expect(last.statusCode).toBe(409);
    expect(last.json().errors[0].code).toBe('last_admin');

    expect((await memberClient.delete(url)).json()).toEqual({ success: true });
    const notMember = await memberClient.delete(url);
    expect(notMember.statusCode).toBe(409);
    expect(notMember.json().errors[0].code).toBe('conflict');

    const shared = await buildGroup(t.db, { admins: [admin, member] });
    expect((await adminClient.delete(`/api/v2/groups/members/${shared.id}`)).statusCode).toBe(200);
    const page = (await memberClient.get(`/api/v2/groups/${shared.id}`)).json();
    expect(page.member_count).toBe(1);
    expect(page.permissions).not.toContain('leave');
  });

  it('serves the member lists by type; the admin-only lists are refused to others', async () => {
    const invited = await buildUser(t.db, { firstname: 'Ina', lastname: 'Invited' });
    const declined = await buildUser(t.db, { firstname: 'Dora', lastname: 'Declined' });
    const applicant = await buildUser(t.db, { firstname: 'Abe', lastname: 'Applicant' });
    const group = await buildGroup(t.db, {
      type: 'approval',
      admins: [admin],
      members: [member],
      invited: [invited, declined],
      applied: [applicant],
    });
    const declinedClient = await signedIn(t, declined);
    const [invitation] = (await declinedClient.get('/api/v2/groups/invitations')).json().results;
    expect((await declinedClient.delete(`/api/v2/groups/invitations/${invitation.id}`)).statusCode).toBe(200);
    const url = `/api/v2/groups/${group.id}/users`;
    const list = async (client: TestClient, type: string, extra: Record<string, string | number> = {}) =>
      client.get(url, { query: { type, ...extra } });

    expect(ids((await list(adminClient, 'all')).json())).toEqual([admin.id, member.id]);
    expect(ids((await list(memberClient, 'admins')).json())).toEqual([admin.id]);
    expect(ids((await list(adminClient, 'invitations')).json())).toEqual([invited.id]);
    expect(ids((await list(adminClient, 'invitations_decline')).json())).toEqual([declined.id]);
    const applications = (await list(adminClient, 'applications')).json();
    expect(applications.results).toEqual([
      expect.objectContaining({ id: applicant.id, status: 'applied', membership_id: expect.any(Number) }),
    ]);
    const candidates = (await list(adminClient, 'candidates', { per_page: 100 })).json();
    expect(ids(candidates)).toContain(outsider.id);
    for (const inGroup of [admin, member, invited, declined, applicant])
      expect(ids(candidates)).not.toContain(inGroup.id);
    expect(candidates.results.find((r: { id: number }) => r.id === outsider.id)).toMatchObject({
      combined_name: 'Otto Outsider',
      status: null,
      membership_id: null,
    });

    const paged = (await list(adminClient, 'all', { per_page: 1, page: 2 })).json();
    expect(ids(paged)).toEqual([member.id]);
    expect(paged.pagination).toMatchObject({ total: 2, self: 2, per_page: 1 });

    for (const type of ['invitations', 'invitations_decline', 'applications', 'candidates']) {
      const response = await list(memberClient, type);
      expect(response.statusCode, type).toBe(403);
      expect(response.json().errors[0].code).toBe('forbidden');
    }
    expect((await list(outsiderClient, 'all')).statusCode).toBe(403);
    expect((await list(adminClient, 'bogus')).statusCode).toBe(400);
    expect((await list(adminClient, 'all', { per_page: 1000 })).statusCode).toBe(400);
  });

  it('lists admins first, each part by name whatever the case, and pages across the two', async () => {
    const zara = await buildUser(t.db, { firstname: 'Zara', lastname: 'zorn' });
    const aaron = await buildUser(t.db, { firstname: 'Aaron', lastname: 'Aal' });
    const group = await buildGroup(t.db, { admins: [zara, admin], members: [member, aaron] });
    const page = async (perPage: number, number: number) =>
      ids(
        (
          await memberClient.get(`/api/v2/groups/${group.id}/users`, {
            query: { per_page: perPage, page: number },
          })
        ).json(),
      );
    const order = [admin.id, zara.id, aaron.id, member.id];
    expect(await page(10, 1)).toEqual(order);
    expect(await page(3, 1)).toEqual(order.slice(0, 3));
    expect(await page(3, 2)).toEqual(order.slice(3));
    expect(await page(1, 2)).toEqual([zara.id]);
    expect(await page(1, 3)).toEqual([aaron.id]);
    expect(await page(2, 3)).toEqual([]);
  });

  it('keeps the lists in name order when a member is renamed, in every group they are in', async () => {
    const bert = await buildUser(t.db, { firstname: 'Bert', lastname: 'Berg' });
    const carl = await buildUser(t.db, { firstname: 'Carl', lastname: 'Cramer' });
    const first = await buildGroup(t.db, { admins: [admin], members: [bert, carl] });
    const second = await buildGroup(t.db, { admins: [admin], members: [carl, bert] });
    const members = async (groupId: number) =>
      ids(
        (await memberClient.get(`/api/v2/groups/${groupId}/users`, { query: { type: 'all' } })).json(),
      ).slice(1);
    expect(await members(first.id)).toEqual([bert.id, carl.id]);
    const bertClient = await signedIn(t, bert);
    const renamed = await bertClient.put(`/api/v2/users/${bert.id}`, {
      firstname: 'Bert',
      lastname: 'Zeller',
    });
    expect(renamed.statusCode).toBe(200);
    for (const group of [first, second]) expect(await members(group.id)).toEqual([carl.id, bert.id]);
    // A membership made after the rename is ordered by the new name too.
    const third = await buildGroup(t.db, { admins: [admin], members: [bert, carl] });
    expect(await members(third.id)).toEqual([carl.id, bert.id]);
  });

  it('filters a member list by ids (POST) and searches it by name', async () => {
    const group = await buildGroup(t.db, { admins: [admin], members: [member, outsider] });
    const filtered = await adminClient.post(`/api/v2/groups/${group.id}/users`, {
      filter: [member.id, outsider.id],
      per_page: 1,
    });
    expect(filtered.statusCode).toBe(200);
    expect(filtered.json().pagination.total).toBe(2);
    expect(ids(filtered.json())).toEqual([member.id]);
    expect(
      (await memberClient.post(`/api/v2/groups/${group.id}/users`, { type: 'candidates' })).statusCode,
    ).toBe(403);
    expect((await adminClient.post(`/api/v2/groups/${group.id}/users`, { filter: ['x'] })).statusCode).toBe(
      400,
    );

    const search = async (text: string, type = 'all') =>
      ids(
        (
          await memberClient.get(`/api/v2/groups/${group.id}/users/search`, { query: { search: text, type } })
        ).json(),
      );
    expect(await search('otto')).toEqual([outsider.id]);
    expect(await search('max mem')).toEqual([member.id]);
    expect(await search('ADA')).toEqual([admin.id]);
    expect(await search('%')).toEqual([]);
    expect(await search('')).toHaveLength(3);
    expect(await search('ada', 'admins')).toEqual([admin.id]);
    const refused = await memberClient.get(`/api/v2/groups/${group.id}/users/search`, {
      query: { search: 'a', type: 'invitations' },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('lets admins promote and demote; the last admin stays; non-admins are refused', async () => {
    const group = await buildGroup(t.db, { admins: [admin], members: [member, outsider] });
    const base = `/api/v2/groups/${group.id}/admins`;

    const byMember = await memberClient.post(base, { users: [member.id] });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().errors[0].code).toBe('forbidden');
    expect((await memberClient.delete(`${base}/${admin.id}`)).statusCode).toBe(403);

    const last = await adminClient.delete(`${base}/${admin.id}`);
    expect(last.statusCode).toBe(409);
    expect(last.json().errors[0].code).toBe('last_admin');

    const stranger = await buildUser(t.db);
    const notMember = await adminClient.post(base, { users: [stranger.id] });
    expect(notMember.statusCode).toBe(400);
    expect(notMember.json().errors[0].field).toBe('users');
    expect((await adminClient.post(base, { users: [] })).statusCode).toBe(400);

    expect((await adminClient.post(base, { users: [member.id] })).json()).toEqual({ success: true });
    const admins = (
      await adminClient.get(`/api/v2/groups/${group.id}/users`, { query: { type: 'admins' } })
    ).json();
    expect(ids(admins).sort()).toEqual([admin.id, member.id].sort());
    expect((await memberClient.get(`/api/v2/groups/${group.id}`)).json().permissions).toContain('edit');

    expect((await memberClient.delete(`${base}/${admin.id}`)).json()).toEqual({ success: true });
    expect((await adminClient.get(`/api/v2/groups/${group.id}`)).json().permissions).toEqual([
      'leave',
      'post_content',
    ]);
    expect((await memberClient.delete(`${base}/${outsider.id}`)).statusCode).toBe(404);
  });

  it('lets admins remove members, never the last admin; non-admins are refused', async () => {
    const group = await buildGroup(t.db, { admins: [admin], members: [member, outsider] });
    const base = `/api/v2/groups/${group.id}/users`;

    const byMember = await memberClient.delete(`${base}/${outsider.id}`);
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().errors[0].code).toBe('forbidden');

    expect((await adminClient.delete(`${base}/${outsider.id}`)).json()).toEqual({ success: true });
    expect(ids((await adminClient.get(base)).json())).toEqual([admin.id, member.id]);
    expect((await adminClient.delete(`${base}/${outsider.id}`)).statusCode).toBe(404);

    const last = await adminClient.delete(`${base}/${admin.id}`);
    expect(last.statusCode).toBe(409);
    expect(last.json().errors[0].code).toBe('last_admin');
    expect((await adminClient.delete(`${base}/abc`)).statusCode).toBe(400);
  });

  it('keeps the member count of a group through joins, applications, leaving, removals and deleted members', async () => {
    const group = await buildGroup(t.db, { type: 'approval', admins: [admin] });
    const counted = async () => {
      const [row] = await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(groupMemberships)
        .where(and(eq(groupMemberships.group_id, group.id), eq(groupMemberships.status, 'accepted')));
      const page = (await adminClient.get(`/api/v2/groups/${group.id}`)).json();
      const list = (await adminClient.get(`/api/v2/groups/${group.id}/users`)).json();
      // The kept count, the group's answer and the whole list's total agree with the memberships.
      expect(page.member_count).toBe(row!.n);
      expect(list.pagination.total).toBe(row!.n);
      return row!.n;
    };
    expect(await counted()).toBe(1);
    const applicant = await buildUser(t.db, { firstname: 'Paula', lastname: 'Applicant' });
    const applicantClient = await signedIn(t, applicant);
    const declined = (await applicantClient.post(`/api/v2/groups/${group.id}/request_approval`)).json();
    expect(await counted()).toBe(1);
    expect(
      (await adminClient.delete(`/api/v2/groups/applications/${declined.membership.id}`)).statusCode,
    ).toBe(200);
    expect(await counted()).toBe(1);
    const applied = (await outsiderClient.post(`/api/v2/groups/${group.id}/request_approval`)).json();
    expect((await adminClient.put(`/api/v2/groups/applications/${applied.membership.id}`)).statusCode).toBe(
      200,
    );
    expect(await counted()).toBe(2);
    expect((await outsiderClient.delete(`/api/v2/groups/members/${group.id}`)).statusCode).toBe(200);
    expect(await counted()).toBe(1);
    const gone = await buildUser(t.db, { firstname: 'Gustav', lastname: 'Gone' });
    const removed = await buildUser(t.db, { firstname: 'Rita', lastname: 'Removed' });
    await t.db.insert(groupMemberships).values([
      { group_id: group.id, user_id: gone.id, status: 'accepted', kind: 'invite' },
      { group_id: group.id, user_id: removed.id, status: 'accepted', kind: 'invite' },
    ]);
    expect(await counted()).toBe(3);
    expect((await adminClient.delete(`/api/v2/groups/${group.id}/users/${removed.id}`)).statusCode).toBe(200);
    expect(await counted()).toBe(2);
    await t.db.delete(users).where(eq(users.id, gone.id));
    expect(await counted()).toBe(1);
  });
});
