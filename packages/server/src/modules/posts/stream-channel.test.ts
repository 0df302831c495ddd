import type { AddressInfo } from 'node:net';
import type { ServerMessage, StreamRef } from '@plaza/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import type { TestClient } from '../../../test/client';
import { buildAdmin, buildGroup, buildUser } from '../../../test/factories';
import { signedIn } from '../../../test/group-helpers';
import { writePost } from '../../../test/post-helpers';
import { cookieHeader, openSocket, type TestSocket } from '../../../test/socket';
import { topics } from '../../db/schema';

/*
 * Issue 47, point 6: open streams learn of new posts (a "new posts" hint), over the one socket, only
 * of posts the member may read and never of their own.
 */
describe('posts: StreamChannel tells open streams of new posts their member may read', () => {
  let t: TestApp;
  let url: string;
  const origin = 'http://plaza.test';
  let author: TestClient;
  let reader: TestClient;
  let outsider: TestClient;
  let admin: TestClient;
  let privateGroupId: number;
  let openGroupId: number;
  let topicGroupId: number;
  let topicId: number;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v2/cable`;
    const a = await buildUser(t.db, { firstname: 'Alma', lastname: 'Author' });
    const r = await buildUser(t.db, { firstname: 'Rita', lastname: 'Reader' });
    const o = await buildUser(t.db, { firstname: 'Olli', lastname: 'Outside' });
    privateGroupId = (await buildGroup(t.db, { type: 'private', admins: [a], members: [r] })).id;
    openGroupId = (await buildGroup(t.db, { type: 'open', admins: [a] })).id;
    topicGroupId = (await buildGroup(t.db, { type: 'approval', admins: [a], members: [r] })).id;
    const [topic] = await t.db
      .insert(topics)
      .values({ group_id: topicGroupId, name: 'Dienstplan', description: 'Wer wann', author_id: a.id })
      .returning();
    topicId = topic!.id;
    author = await signedIn(t, a);
    reader = await signedIn(t, r);
    outsider = await signedIn(t, o);
    admin = await signedIn(t, await buildAdmin(t.db));
  });
  afterAll(() => t.close());

  async function socketOf(client: TestClient): Promise<TestSocket> {
    const socket = await openSocket(url, { cookie: cookieHeader(client.jar), origin });
    await socket.next((m) => m.type === 'welcome');
    return socket;
  }

  /** Subscribes to a stream and answers whether the server confirmed it. */
  async function subscribe(socket: TestSocket, stream: StreamRef | undefined, channel = 'StreamChannel') {
    socket.send({ command: 'subscribe', channel, ...(stream ? { stream } : {}) });
    const answer = await socket.next(
      (m) => m.type === 'confirm_subscription' || m.type === 'reject_subscription',
    );
    return answer.type;
  }

  const newPost = (m: ServerMessage) => m.type === 'message' && m.channel === 'StreamChannel';

  it('refuses anonymous sockets, streams a member may not read, and streams on other channels', async () => {
    await expect(openSocket(url, { origin })).rejects.toThrow('HTTP 401');
    const socket = await socketOf(outsider);
    expect(await subscribe(socket, { kind: 'group', id: privateGroupId })).toBe('reject_subscription');
    expect(await subscribe(socket, { kind: 'group', id: topicGroupId })).toBe('reject_subscription');
    expect(await subscribe(socket, { kind: 'topic', id: topicId })).toBe('reject_subscription');
    expect(await subscribe(socket, { kind: 'group', id: 999_999 })).toBe('reject_subscription');
    expect(await subscribe(socket, undefined)).toBe('reject_subscription');
    expect(await subscribe(socket, { kind: 'news' }, 'NotificationChannel')).toBe('reject_subscription');
    expect(await subscribe(socket, { kind: 'group', id: openGroupId })).toBe('confirm_subscription');
    expect(await subscribe(socket, { kind: 'news' })).toBe('confirm_subscription');
    await socket.close();
  });

  it('tells a group stream and a topic stream of a new post, never its author', async () => {
    const readerGroup = await socketOf(reader);
    expect(await subscribe(readerGroup, { kind: 'group', id: privateGroupId })).toBe('confirm_subscription');
    expect(await subscribe(readerGroup, { kind: 'topic', id: topicId })).toBe('confirm_subscription');
    const own = await socketOf(author);
    expect(await subscribe(own, { kind: 'group', id: privateGroupId })).toBe('confirm_subscription');

    const post = await writePost(author, { description: '<p>Neu</p>', group_id: privateGroupId });
    expect(await readerGroup.next(newPost)).toEqual({
      type: 'message',
      channel: 'StreamChannel',
      stream: { kind: 'group', id: privateGroupId },
      message: { kind: 'new_post', id: post.id },
    });
    const inTopic = await writePost(author, { description: '<p>Plan</p>', topic_id: topicId });
    expect(await readerGroup.next(newPost)).toMatchObject({
      stream: { kind: 'topic', id: topicId },
      message: { kind: 'new_post', id: inTopic.id },
    });

    // The author's socket gets the reader's post first: nothing came of the author's own.
    const sentinel = await writePost(reader, { description: '<p>Antwort</p>', group_id: privateGroupId });
    expect(await own.next(newPost)).toMatchObject({ message: { id: sentinel.id } });
    await readerGroup.close();
    await own.close();
  });

  it('tells the news stream only of posts the member may read', async () => {
    const outsiderNews = await socketOf(outsider);
    const readerNews = await socketOf(reader);
    const adminNews = await socketOf(admin);
    for (const socket of [outsiderNews, readerNews, adminNews]) {
      expect(await subscribe(socket, { kind: 'news' })).toBe('confirm_subscription');
    }

    const hidden = await writePost(author, { description: '<p>Intern</p>', group_id: privateGroupId });
    expect(await readerNews.next(newPost)).toMatchObject({ message: { id: hidden.id } });
    expect(await adminNews.next(newPost)).toMatchObject({ message: { id: hidden.id } });
    const open = await writePost(author, { description: '<p>Für alle</p>', group_id: openGroupId });
    // The outsider hears of the open group's post first: the private one never reached them.
    expect(await outsiderNews.next(newPost)).toMatchObject({
      stream: { kind: 'news' },
      message: { kind: 'new_post', id: open.id },
    });
    expect(await readerNews.next(newPost)).toMatchObject({ message: { id: open.id } });
    for (const socket of [outsiderNews, readerNews, adminNews]) await socket.close();
  });

  /** A member of a new private group, with the group's stream and the news stream open. */
  async function memberListening() {
    const member = await buildUser(t.db);
    const groupAdmin = await buildUser(t.db);
    const groupId = (await buildGroup(t.db, { type: 'private', admins: [groupAdmin], members: [member] })).id;
    const client = await signedIn(t, member);
    const socket = await socketOf(client);
    expect(await subscribe(socket, { kind: 'group', id: groupId })).toBe('confirm_subscription');
    expect(await subscribe(socket, { kind: 'news' })).toBe('confirm_subscription');
    return { memberId: member.id, client, socket, groupId, groupAdmin: await signedIn(t, groupAdmin) };
  }

  /** The stream is dropped, and the group's next post reaches none of the socket's streams. */
  async function hearsNoMoreOf(listening: Awaited<ReturnType<typeof memberListening>>) {
    const { socket, groupId, groupAdmin } = listening;
    expect(await socket.next((m) => m.type === 'reject_subscription')).toEqual({
      type: 'reject_subscription',
      channel: 'StreamChannel',
      stream: { kind: 'group', id: groupId },
    });
    await writePost(groupAdmin, { description: '<p>Intern</p>', group_id: groupId });
    // The news stream stays open: it hears of the open group's post first, so nothing came of the group's.
    const open = await writePost(author, { description: '<p>Für alle</p>', group_id: openGroupId });
    expect(await socket.next(newPost)).toMatchObject({ stream: { kind: 'news' }, message: { id: open.id } });
    await socket.close();
  }

  it('stops telling a member removed from a group of its posts, on the streams already open', async () => {
    const listening = await memberListening();
    const removed = await listening.groupAdmin.delete(
      `/api/v2/groups/${listening.groupId}/users/${listening.memberId}`,
    );
    expect(removed.statusCode).toBe(200);
    await hearsNoMoreOf(listening);
  });

  it('stops telling a member who left a group of its posts, on the streams already open', async () => {
    const listening = await memberListening();
    expect((await listening.client.delete(`/api/v2/groups/members/${listening.groupId}`)).statusCode).toBe(
      200,
    );
    await hearsNoMoreOf(listening);
  });

  it("stops telling outsiders of a group's posts once it is closed to them, on its and its topics' streams", async () => {
    const groupAdmin = await buildUser(t.db);
    const member = await buildUser(t.db);
    const groupId = (await buildGroup(t.db, { type: 'open', admins: [groupAdmin], members: [member] })).id;
    const [topic] = await t.db
      .insert(topics)
      .values({ group_id: groupId, name: 'Kantine', description: 'Speiseplan', author_id: groupAdmin.id })
      .returning();
    const adminClient = await signedIn(t, groupAdmin);
    const adminSocket = await socketOf(adminClient);
    expect(await subscribe(adminSocket, { kind: 'group', id: groupId })).toBe('confirm_subscription');
    const socket = await socketOf(outsider);
    expect(await subscribe(socket, { kind: 'group', id: groupId })).toBe('confirm_subscription');
    expect(await subscribe(socket, { kind: 'topic', id: topic!.id })).toBe('confirm_subscription');
    expect(await subscribe(socket, { kind: 'news' })).toBe('confirm_subscription');

    const closed = await adminClient.put(`/api/v2/groups/${groupId}`, {
      description: 'Nur für uns',
      type: 'private',
    });
    expect(closed.statusCode).toBe(200);
    const dropped = [
      await socket.next((m) => m.type === 'reject_subscription'),
      await socket.next((m) => m.type === 'reject_subscription'),
    ].map((m) => (m.type === 'reject_subscription' ? m.stream : undefined));
    expect(dropped).toEqual(
      expect.arrayContaining([
        { kind: 'group', id: groupId },
        { kind: 'topic', id: topic!.id },
      ]),
    );

    // Its admin still hears of a member's post; the outsider hears of the open group's first.
    const inside = await writePost(await signedIn(t, member), {
      description: '<p>Intern</p>',
      topic_id: topic!.id,
    });
    expect(await adminSocket.next(newPost)).toMatchObject({ message: { id: inside.id } });
    const open = await writePost(author, { description: '<p>Für alle</p>', group_id: openGroupId });
    expect(await socket.next(newPost)).toMatchObject({ stream: { kind: 'news' }, message: { id: open.id } });
    await socket.close();
    await adminSocket.close();
  });
});
