import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import type { TestClient } from '../../../test/client';
import { buildGroup, buildUser } from '../../../test/factories';
import { activitiesOf, listenToNotifications, signedIn } from '../../../test/group-helpers';

type User = Awaited<ReturnType<typeof buildUser>>;

describe('group invitations and applications', () => {
  let t: TestApp;
  let admin: User;
  let member: User;
  let adminClient: TestClient;
  let memberClient: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await buildUser(t.db, { firstname: 'Ada', lastname: 'Admin' });
    member = await buildUser(t.db, { firstname: 'Max', lastname: 'Member' });
    adminClient = await signedIn(t, admin);
    memberClient = await signedIn(t, member);
  });
  afterAll(() => t.close());

  it('invites members (admins only): the invitee gets an invite activity in their language, pushed live', async () => {
    const group = await buildGroup(t.db, {
      name: 'Choir',
      type: 'private',
      admins: [admin],
      members: [member],
    });
    const invitee = await buildUser(t.db, { selected_language: 'de_DE' });
    const url = `/api/v2/groups/${group.id}/invitations`;

    const byMember = await memberClient.post(url, { users: [invitee.id] });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().errors[0].code).toBe('forbidden');
    const unknown = await adminClient.post(url, { users: [999999] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].field).toBe('users');
    const already = await adminClient.post(url, { users: [member.id] });
    expect(already.statusCode).toBe(409);
    expect(already.json().errors[0].code).toBe('conflict');
    expect((await adminClient.post(url, { users: [] })).statusCode).toBe(400);
    expect((await adminClient.post(url, {})).statusCode).toBe(400);

    const listener = await listenToNotifications(t, invitee.id);
    expect((await adminClient.post(url, { users: [invitee.id] })).json()).toEqual({ success: true });
    await listener.stop();

    const inviteeClient = await signedIn(t, invitee);
    const invitations = (await inviteeClient.get('/api/v2/groups/invitations')).json().results;
    expect(invitations).toEqual([
      expect.objectContaining({
        group_id: group.id,
        membership_id: invitations[0].id,
        type: 'invite',
        status: 'pending',
        name: 'Choir',
        user_details: { user_id: admin.id, image: null, combined_name: 'Ada Admin' },
      }),
    ]);
    const expected = {
      type: 'invite',
      user_id: admin.id,
      text: 'Ada Admin hat Sie in die Gruppe „Choir“ eingeladen.',
      url: '/groups',
      membership: { id: invitations[0].id, status: 'pending' },
    };
    expect(listener.received).toEqual([{ kind: 'activity', activity: expect.objectContaining(expected) }]);
    expect((await activitiesOf(inviteeClient))[0]).toMatchObject(expected);
  });

  it('lets only the invitee accept or decline, once', async () => {
    const group = await buildGroup(t.db, { type: 'private', admins: [admin] });
    const invitee = await buildUser(t.db);
    const other = await buildUser(t.db);
    await adminClient.post(`/api/v2/groups/${group.id}/invitations`, { users: [invitee.id, other.id] });
    const inviteeClient = await signedIn(t, invitee);
    const otherClient = await signedIn(t, other);
    const [invitation] = (await inviteeClient.get('/api/v2/groups/invitations')).json().results;
    const url = `/api/v2/groups/invitations/${invitation.id}`;

    for (const client of [otherClient, adminClient]) {
      expect((await client.put(url)).statusCode).toBe(404);
      expect((await client.delete(url)).statusCode).toBe(404);
    }
    expect((await inviteeClient.get(`/api/v2/groups/${group.id}`)).statusCode).toBe(404);
    const accepted = await inviteeClient.put(url);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({
      success: true,
      membership: { id: invitation.id, status: 'accepted', role: 'member' },
    });
    expect((await inviteeClient.get(`/api/v2/groups/${group.id}`)).json().member_count).toBe(2);
    const twice = await inviteeClient.put(url);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors[0].code).toBe('conflict');

    const [theirs] = (await otherClient.get('/api/v2/groups/invitations')).json().results;
    const declined = await otherClient.delete(`/api/v2/groups/invitations/${theirs.id}`);
    expect(declined.json()).toMatchObject({ success: true, membership: { status: 'declined' } });
    expect((await otherClient.get('/api/v2/groups/invitations')).json().results).toEqual([]);
    const all = (await otherClient.get('/api/v2/groups/invitations', { query: { type: 'all' } })).json();
    expect(all.results).toEqual([expect.objectContaining({ id: theirs.id, status: 'declined' })]);
    expect((await otherClient.put(`/api/v2/groups/invitations/${theirs.id}`)).statusCode).toBe(409);
    expect((await otherClient.put('/api/v2/groups/invitations/999999')).statusCode).toBe(404);
    expect((await otherClient.put('/api/v2/groups/invitations/abc')).statusCode).toBe(400);
  });

  it('resends pending and declined invitations (admins): pending again, and the invitee is told again', async () => {
    const group = await buildGroup(t.db, { name: 'Runners', admins: [admin], members: [member] });
    const declining = await buildUser(t.db, { selected_language: 'en_GB' });
    const waiting = await buildUser(t.db);
    const base = `/api/v2/groups/${group.id}`;
    await adminClient.post(`${base}/invitations`, { users: [declining.id, waiting.id] });
    const decliningClient = await signedIn(t, declining);
    const [invitation] = (await decliningClient.get('/api/v2/groups/invitations')).json().results;
    await decliningClient.delete(`/api/v2/groups/invitations/${invitation.id}`);

    expect((await memberClient.post(`${base}/invitation_resend/${declining.id}`)).statusCode).toBe(403);
    expect((await memberClient.post(`${base}/invitations_resend`, { users: [waiting.id] })).statusCode).toBe(
      403,
    );
    expect((await adminClient.post(`${base}/invitation_resend/${member.id}`)).statusCode).toBe(404);
    const mixed = await adminClient.post(`${base}/invitations_resend`, { users: [waiting.id, member.id] });
    expect(mixed.statusCode).toBe(400);

    const listener = await listenToNotifications(t, declining.id);
    expect((await adminClient.post(`${base}/invitation_resend/${declining.id}`)).json()).toEqual({
      success: true,
    });
    await listener.stop();
    expect(listener.received).toHaveLength(1);
    const pending = (await decliningClient.get('/api/v2/groups/invitations')).json().results;
    expect(pending).toEqual([expect.objectContaining({ id: invitation.id, status: 'pending' })]);
    const feed = await activitiesOf(decliningClient);
    expect(feed.filter((a) => a.type === 'invite')).toHaveLength(2);
    expect(feed[0]).toMatchObject({
      text: 'Ada Admin invited you to the group “Runners”.',
      membership: { id: invitation.id, status: 'pending' },
    });

    expect(
      (await adminClient.post(`${base}/invitations_resend`, { users: [waiting.id, declining.id] })).json(),
    ).toEqual({ success: true });
    const waitingFeed = await activitiesOf(await signedIn(t, waiting));
    expect(waitingFeed.filter((a) => a.type === 'invite')).toHaveLength(2);
  });

  it('withdraws pending invitations and forgets declined ones (admins only)', async () => {
    const group = await buildGroup(t.db, { admins: [admin], members: [member] });
    const pending = await buildUser(t.db);
    const declining = await buildUser(t.db);
    const base = `/api/v2/groups/${group.id}`;
    await adminClient.post(`${base}/invitations`, { users: [pending.id, declining.id] });
    const decliningClient = await signedIn(t, declining);
    const [invitation] = (await decliningClient.get('/api/v2/groups/invitations')).json().results;
    await decliningClient.delete(`/api/v2/groups/invitations/${invitation.id}`);

    expect((await memberClient.delete(`${base}/invitations/${pending.id}`)).statusCode).toBe(403);
    expect((await memberClient.delete(`${base}/invitations_decline/${declining.id}`)).statusCode).toBe(403);
    // Each list holds only its own state.
    expect((await adminClient.delete(`${base}/invitations/${declining.id}`)).statusCode).toBe(404);
    expect((await adminClient.delete(`${base}/invitations_decline/${pending.id}`)).statusCode).toBe(404);

    expect((await adminClient.delete(`${base}/invitations/${pending.id}`)).json()).toEqual({ success: true });
    expect((await adminClient.delete(`${base}/invitations_decline/${declining.id}`)).json()).toEqual({
      success: true,
    });
    for (const type of ['invitations', 'invitations_decline']) {
      const list = (await adminClient.get(`${base}/users`, { query: { type } })).json();
      expect(list.results, type).toEqual([]);
    }
    const candidates = (
      await adminClient.get(`${base}/users`, { query: { type: 'candidates', per_page: 100 } })
    ).json();
    const candidateIds = candidates.results.map((row: { id: number }) => row.id);
    expect(candidateIds).toEqual(expect.arrayContaining([pending.id, declining.id]));
  });

  it('lists open applications to administered groups and lets only their admins answer', async () => {
    const group = await buildGroup(t.db, {
      name: 'Climbing',
      type: 'approval',
      admins: [admin],
      members: [member],
    });
    const accepted = await buildUser(t.db, { selected_language: 'en_GB' });
    const refused = await buildUser(t.db, { selected_language: 'de_DE' });
    const acceptedClient = await signedIn(t, accepted);
    const refusedClient = await signedIn(t, refused);
    await acceptedClient.post(`/api/v2/groups/${group.id}/request_approval`);
    await refusedClient.post(`/api/v2/groups/${group.id}/request_approval`);

    const applications = (await adminClient.get('/api/v2/groups/applications')).json().results;
    const mine = applications.filter((a: { group_id: number }) => a.group_id === group.id);
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({
      type: 'application',
      status: 'applied',
      name: 'Climbing',
      user_details: { user_id: accepted.id },
    });
    expect((await memberClient.get('/api/v2/groups/applications')).json().results).toEqual([]);

    const acceptUrl = `/api/v2/groups/applications/${mine[0].id}`;
    const declineUrl = `/api/v2/groups/applications/${mine[1].id}`;
    for (const client of [memberClient, acceptedClient]) {
      const response = await client.put(acceptUrl);
      expect(response.statusCode).toBe(403);
      expect(response.json().errors[0].code).toBe('forbidden');
    }
    // A member of the group is refused; another applicant does not even learn that the application
    // exists (the answer of a missing one, issue 53's authorization matrix).
    expect((await memberClient.delete(declineUrl)).statusCode).toBe(403);
    const foreign = await acceptedClient.delete(declineUrl);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().errors[0].code).toBe('not_found');

    const listener = await listenToNotifications(t, accepted.id);
    const yes = await adminClient.put(acceptUrl);
    expect(yes.json()).toEqual({
      success: true,
      membership: { id: mine[0].id, status: 'accepted', role: 'member' },
    });
    await listener.stop();
    expect(listener.received[0]?.activity).toMatchObject({ type: 'application_accepted' });
    expect((await activitiesOf(acceptedClient))[0]).toMatchObject({
      type: 'application_accepted',
      user_id: admin.id,
      text: 'Your request to join the group “Climbing” was accepted.',
      url: `/groups/${group.id}`,
      membership: { id: mine[0].id, status: 'accepted' },
    });
    expect((await acceptedClient.get(`/api/v2/groups/${group.id}`)).json().permissions).toContain(
      'post_content',
    );

    const no = await adminClient.delete(declineUrl);
    expect(no.json()).toMatchObject({ success: true, membership: { status: 'declined' } });
    expect((await activitiesOf(refusedClient))[0]).toMatchObject({
      type: 'application_declined',
      text: 'Ihre Anfrage für die Gruppe „Climbing“ wurde abgelehnt.',
      membership: { id: mine[1].id, status: 'declined' },
    });

    expect((await adminClient.put(acceptUrl)).statusCode).toBe(409);
    expect((await adminClient.delete(declineUrl)).statusCode).toBe(409);
    expect((await adminClient.put('/api/v2/groups/applications/999999')).statusCode).toBe(404);
    // A declined applicant may apply again.
    expect((await refusedClient.post(`/api/v2/groups/${group.id}/request_approval`)).statusCode).toBe(200);
  });
});
