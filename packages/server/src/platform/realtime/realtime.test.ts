import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildAdmin, buildUser, testPassword } from '../../../test/factories';
import { cookieHeader, openSocket } from '../../../test/socket';
import { recordActivity } from '../../modules/activities/service';

describe('real-time endpoint', () => {
  let t: TestApp;
  let url: string;
  const origin = 'http://plaza.test';
  let alice: TestClient;
  let aliceId: number;
  let bobId: number;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v2/cable`;
    const a = await buildUser(t.db);
    const b = await buildUser(t.db);
    aliceId = a.id;
    bobId = b.id;
    alice = new TestClient(t.app);
    await alice.login(a.username, testPassword);
  });
  afterAll(() => t.close());

  it('delivers an activity recorded for the member on the NotificationChannel', async () => {
    const socket = await openSocket(url, { cookie: cookieHeader(alice.jar), origin });
    await socket.next((m) => m.type === 'welcome');
    socket.send({ command: 'subscribe', channel: 'NotificationChannel' });
    await socket.next((m) => m.type === 'confirm_subscription');

    await recordActivity(t, { userId: bobId, type: 'other', text: 'for bob only' });
    const activity = await recordActivity(t, {
      userId: aliceId,
      actorId: bobId,
      type: 'invite',
      text: 'for alice',
    });

    const message = await socket.next((m) => m.type === 'message');
    expect(message).toMatchObject({
      channel: 'NotificationChannel',
      message: { kind: 'activity', activity: { id: activity.id, text: 'for alice', type: 'invite' } },
    });
    socket.send({ command: 'ping' });
    await socket.next((m) => m.type === 'pong');
    // Bob's activity was published first; had it reached Alice it would have been the first message.
    await socket.close();
  });

  it('refuses a connection without a session', async () => {
    await expect(openSocket(url, { origin })).rejects.toThrow('HTTP 401');
  });

  it('refuses a connection from a foreign origin, even with a valid session', async () => {
    await expect(
      openSocket(url, { cookie: cookieHeader(alice.jar), origin: 'https://evil.example' }),
    ).rejects.toThrow('HTTP 403');
    await expect(openSocket(url, { cookie: cookieHeader(alice.jar) })).rejects.toThrow('HTTP 403');
  });

  it('rejects unknown channels and malformed messages', async () => {
    const socket = await openSocket(url, { cookie: cookieHeader(alice.jar), origin });
    socket.send({ command: 'subscribe', channel: 'AdminChannel' });
    expect(await socket.next((m) => m.type === 'error')).toMatchObject({ type: 'error' });
    socket.socket.send('not json');
    expect(await socket.next((m) => m.type === 'error')).toMatchObject({ message: 'Messages must be JSON.' });
    await socket.close();
  });

  it('closes the sockets of a session that ends', async () => {
    const client = new TestClient(t.app);
    const member = await buildUser(t.db);
    await client.login(member.username, testPassword);
    const socket = await openSocket(url, { cookie: cookieHeader(client.jar), origin });
    await socket.next((m) => m.type === 'welcome');
    const closed = new Promise<number>((resolve) => socket.socket.once('close', (code) => resolve(code)));
    await client.get('/api/v2/auth/logout');
    expect(await closed).toBe(4401);
  });

  it('closes every socket of a member an administrator deactivates, and refuses their next handshake', async () => {
    const admin = new TestClient(t.app);
    await admin.login((await buildAdmin(t.db)).username, testPassword);
    const member = await buildUser(t.db);
    const devices = [new TestClient(t.app), new TestClient(t.app)];
    const sockets = [];
    for (const device of devices) {
      await device.login(member.username, testPassword);
      const socket = await openSocket(url, { cookie: cookieHeader(device.jar), origin });
      await socket.next((m) => m.type === 'welcome');
      sockets.push(socket);
    }
    const closed = sockets.map(
      (socket) => new Promise<number>((resolve) => socket.socket.once('close', (code) => resolve(code))),
    );
    expect((await admin.post(`/api/v2/members/${member.id}/deactivate`)).statusCode).toBe(200);
    expect(await Promise.all(closed)).toEqual([4401, 4401]);
    await expect(openSocket(url, { cookie: cookieHeader(devices[0]!.jar), origin })).rejects.toThrow(
      'HTTP 401',
    );
  });
});
