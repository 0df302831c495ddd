import type { AddressInfo } from 'node:net';
import type { ServerMessage } from '@plaza/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGroup, buildUser } from '../../../test/factories';
import { signedIn } from '../../../test/group-helpers';
import { type TwoInstances, twoInstances } from '../../../test/instances';
import { writePost } from '../../../test/post-helpers';
import { cookieHeader, openSocket } from '../../../test/socket';

/** A member removed from a group on one instance stops hearing of its posts on a socket of another. */
describe('posts: StreamChannel over two instances', () => {
  let instances: TwoInstances;

  beforeAll(async () => {
    instances = await twoInstances();
    await instances.b.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => instances.close());

  it('drops the group stream of a member removed on another instance, and tells it nothing more', async () => {
    const { a, b, database } = instances;
    const groupAdmin = await buildUser(database.db);
    const member = await buildUser(database.db);
    const groupId = (
      await buildGroup(database.db, { type: 'private', admins: [groupAdmin], members: [member] })
    ).id;
    const openGroupId = (await buildGroup(database.db, { type: 'open', admins: [groupAdmin] })).id;
    const port = (b.app.server.address() as AddressInfo).port;
    const socket = await openSocket(`ws://127.0.0.1:${port}/api/v2/cable`, {
      cookie: cookieHeader((await signedIn(b, member)).jar),
      origin: 'http://plaza.test',
    });
    await socket.next((m) => m.type === 'welcome');
    const newPost = (m: ServerMessage) => m.type === 'message' && m.channel === 'StreamChannel';
    for (const stream of [{ kind: 'group', id: groupId }, { kind: 'news' }]) {
      socket.send({ command: 'subscribe', channel: 'StreamChannel', stream });
      await socket.next((m) => m.type === 'confirm_subscription');
    }
    const admin = await signedIn(a, groupAdmin);
    const before = await writePost(admin, { description: '<p>Noch dabei</p>', group_id: groupId });
    // Heard on both streams.
    expect(await socket.next(newPost)).toMatchObject({ message: { id: before.id } });
    expect(await socket.next(newPost)).toMatchObject({ message: { id: before.id } });

    expect((await admin.delete(`/api/v2/groups/${groupId}/users/${member.id}`)).statusCode).toBe(200);
    expect(await socket.next((m) => m.type === 'reject_subscription')).toMatchObject({
      stream: { kind: 'group', id: groupId },
    });
    await writePost(admin, { description: '<p>Nicht mehr dabei</p>', group_id: groupId });
    // The news stream hears of the open group's post first: nothing came of the private group's.
    const open = await writePost(admin, { description: '<p>Für alle</p>', group_id: openGroupId });
    expect(await socket.next(newPost)).toMatchObject({ stream: { kind: 'news' }, message: { id: open.id } });
    await socket.close();
  });
});
