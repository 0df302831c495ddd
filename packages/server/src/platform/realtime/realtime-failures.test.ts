import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildGroup, buildUser, testPassword } from '../../../test/factories';
import { closeOf, expectAnswering, logCollector, watchProcessFailures } from '../../../test/outage';
import { cookieHeader, openSocket } from '../../../test/socket';
import type { EventBus } from '../bus';
import { createInProcessBus } from '../in-process-bus';

/** What the bus below gets wrong, by topic; set per test. */
interface Faults {
  subscribe?: (topic: string) => boolean;
  unsubscribe?: (topic: string) => boolean;
}

/** The in-process bus with failures switched on per topic (a Redis that went away, a bug in a bus). */
function faultyBus(inner: EventBus, faults: Faults, unsubscribeCalls: string[]): EventBus {
  return {
    publish: (topic, payload) => inner.publish(topic, payload),
    async subscribe(topic, handler) {
      if (faults.subscribe?.(topic)) throw new Error(`bus refused to subscribe to ${topic}`);
      const unsubscribe = await inner.subscribe(topic, handler);
      return async () => {
        unsubscribeCalls.push(topic);
        if (faults.unsubscribe?.(topic)) throw new Error(`bus failed to unsubscribe from ${topic}`);
        await unsubscribe();
      };
    },
    close: () => inner.close(),
  };
}

/** Lets every pending promise callback and I/O callback run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** Failures that are not the database's: each is logged with context, answered, and the process goes on. */
describe('real-time endpoint when the bus fails', () => {
  const origin = 'http://plaza.test';
  const logs = logCollector();
  const processFailures = watchProcessFailures();
  const faults: Faults = {};
  const unsubscribeCalls: string[] = [];
  let t: TestApp;
  let url: string;
  let member: TestClient;
  let memberId: number;
  let memberUser: Awaited<ReturnType<typeof buildUser>>;

  beforeAll(async () => {
    t = await createTestApp({
      bus: faultyBus(createInProcessBus(), faults, unsubscribeCalls),
      env: { LOG_LEVEL: 'warn' },
      logStream: logs.stream,
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v2/cable`;
    const user = await buildUser(t.db);
    memberUser = user;
    memberId = user.id;
    member = new TestClient(t.app);
    await member.login(user.username, testPassword);
    processFailures.start();
  });
  afterEach(() => {
    faults.subscribe = undefined;
    faults.unsubscribe = undefined;
  });
  afterAll(async () => {
    processFailures.stop();
    await t?.close();
  });

  const open = async () => {
    const socket = await openSocket(url, { cookie: cookieHeader(member.jar), origin });
    await socket.next((m) => m.type === 'welcome');
    return socket;
  };

  it('rejects a subscription the bus cannot make, logs it with the member and channel, and keeps the socket', async () => {
    faults.subscribe = (topic) => topic.endsWith(':notifications');
    const socket = await open();
    socket.send({ command: 'subscribe', channel: 'NotificationChannel' });
    expect(await socket.next((m) => m.type === 'reject_subscription')).toEqual({
      type: 'reject_subscription',
      channel: 'NotificationChannel',
    });
    await expectAnswering(socket);
    expect(logs.lines).toContainEqual(
      expect.objectContaining({
        level: 50,
        msg: 'real-time message failed',
        userId: memberId,
        command: 'subscribe',
        channel: 'NotificationChannel',
        err: expect.objectContaining({
          message: `bus refused to subscribe to user:${memberId}:notifications`,
        }),
      }),
    );

    // Once the bus works again, the same socket subscribes.
    faults.subscribe = undefined;
    socket.send({ command: 'subscribe', channel: 'NotificationChannel' });
    await socket.next((m) => m.type === 'confirm_subscription');
    await socket.close();
    expect(processFailures.failures).toEqual([]);
  });

  it('answers a failed unsubscribe with an error message and keeps the socket', async () => {
    faults.unsubscribe = (topic) => topic.endsWith(':notifications');
    const socket = await open();
    socket.send({ command: 'subscribe', channel: 'NotificationChannel' });
    await socket.next((m) => m.type === 'confirm_subscription');
    socket.send({ command: 'unsubscribe', channel: 'NotificationChannel' });
    expect(await socket.next((m) => m.type === 'error')).toEqual({
      type: 'error',
      message: 'The server could not handle this message.',
    });
    await expectAnswering(socket);
    expect(logs.lines).toContainEqual(
      expect.objectContaining({ level: 50, msg: 'real-time message failed', command: 'unsubscribe' }),
    );
    await socket.close();
    expect(processFailures.failures).toEqual([]);
  });

  it('logs a bus subscription that cannot be ended when a socket closes, and nothing escapes', async () => {
    const socket = await open();
    socket.send({ command: 'subscribe', channel: 'NotificationChannel' });
    await socket.next((m) => m.type === 'confirm_subscription');
    faults.unsubscribe = () => true;
    const before = unsubscribeCalls.length;
    await socket.close();
    // The server ends all three subscriptions (the session's, the member's access and the channel's) once
    // it sees the close.
    while (unsubscribeCalls.length < before + 3) await settle();
    await settle();
    expect(
      logs.lines.filter((line) => line.msg === 'real-time: ending a bus subscription failed').length,
    ).toBeGreaterThanOrEqual(3);
    expect(processFailures.failures).toEqual([]);
  });

  it.each([
    [
      'its session for the end',
      'session:',
      'real-time: cannot watch the session for its end; closing the socket',
    ],
    [
      'its member for access changes',
      'stream_access',
      'real-time: cannot watch the member for access changes; closing the socket',
    ],
  ])('closes a socket with 1013 when the bus cannot watch %s', async (_, topicPart, msg) => {
    faults.subscribe = (topic) => topic.includes(topicPart);
    const socket = await openSocket(url, { cookie: cookieHeader(member.jar), origin });
    expect(await closeOf(socket)).toEqual({ code: 1013, reason: 'server busy, try again later' });
    expect(logs.lines).toContainEqual(expect.objectContaining({ level: 50, msg, userId: memberId }));
    expect(processFailures.failures).toEqual([]);
  });

  it('closes a socket with 1013 when its streams cannot listen again after an access change', async () => {
    const groupAdmin = await buildUser(t.db);
    const groupId = (await buildGroup(t.db, { type: 'private', admins: [groupAdmin], members: [memberUser] }))
      .id;
    const socket = await open();
    socket.send({ command: 'subscribe', channel: 'StreamChannel', stream: { kind: 'news' } });
    await socket.next((m) => m.type === 'confirm_subscription');
    faults.subscribe = (topic) => topic.startsWith('posts:');
    const closed = closeOf(socket);
    const admin = new TestClient(t.app);
    await admin.login(groupAdmin.username, testPassword);
    expect((await admin.delete(`/api/v2/groups/${groupId}/users/${memberId}`)).statusCode).toBe(200);
    expect(await closed).toEqual({ code: 1013, reason: 'access changed, reconnect' });
    expect(logs.lines).toContainEqual(
      expect.objectContaining({
        level: 40,
        msg: 'real-time: deciding the streams again failed; closing the socket',
        userId: memberId,
      }),
    );
    expect(processFailures.failures).toEqual([]);
  });
});
