import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import type { TestClient } from '../../../test/client';
import { buildGroup, buildUser } from '../../../test/factories';
import { signedIn } from '../../../test/group-helpers';
import { mentionOf, writePost } from '../../../test/post-helpers';
import { cookieHeader, openSocket } from '../../../test/socket';

describe('posts: a mention reaches the mentioned member live', () => {
  let t: TestApp;
  let url: string;
  const origin = 'http://plaza.test';
  let authorClient: TestClient;
  let mentionedClient: TestClient;
  let outsiderClient: TestClient;
  let mentioned: Awaited<ReturnType<typeof buildUser>>;
  let outsider: Awaited<ReturnType<typeof buildUser>>;
  let privateGroupId: number;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v2/cable`;
    const author = await buildUser(t.db, { firstname: 'Alma', lastname: 'Author' });
    mentioned = await buildUser(t.db, { firstname: 'Mats', lastname: 'Mentioned' });
    outsider = await buildUser(t.db, { firstname: 'Olli', lastname: 'Outside' });
    privateGroupId = (await buildGroup(t.db, { type: 'private', admins: [author], members: [mentioned] })).id;
    authorClient = await signedIn(t, author);
    mentionedClient = await signedIn(t, mentioned);
    outsiderClient = await signedIn(t, outsider);
  });
  afterAll(() => t.close());

  it('pushes the mention activity on the NotificationChannel of the member who can read the post only', async () => {
    const reader = await openSocket(url, { cookie: cookieHeader(mentionedClient.jar), origin });
    const stranger = await openSocket(url, { cookie: cookieHeader(outsiderClient.jar), origin });
    for (const socket of [reader, stranger]) {
      await socket.next((m) => m.type === 'welcome');
      socket.send({ command: 'subscribe', channel: 'NotificationChannel' });
      await socket.next((m) => m.type === 'confirm_subscription');
    }

    const post = await writePost(authorClient, {
      description: `<p>${mentionOf(outsider)} ${mentionOf(mentioned)} bitte lesen</p>`,
      group_id: privateGroupId,
    });

    const message = await reader.next((m) => m.type === 'message');
    expect(message).toMatchObject({
      channel: 'NotificationChannel',
      message: {
        kind: 'activity',
        activity: { type: 'mention', url: `/news/post-${post.item_id}`, read: false },
      },
    });
    // The outsider's socket gets a message of its own afterwards (a sentinel), proving nothing came before.
    const sentinel = await writePost(authorClient, {
      description: `<p>${mentionOf(outsider)}</p>`,
      group_id: (await buildGroup(t.db, { admins: [{ id: post.author.id! }] })).id,
    });
    const first = await stranger.next((m) => m.type === 'message');
    expect(first).toMatchObject({ message: { activity: { url: `/news/post-${sentinel.item_id}` } } });
    await reader.close();
    await stranger.close();
  });
});
