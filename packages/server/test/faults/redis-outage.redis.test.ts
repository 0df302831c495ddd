import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { ChatMessage } from '@plaza/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client';
import { chatMessages, posts as postsTable } from '../../src/db/schema';
import { createRedisBus } from '../../src/platform/redis-bus';
import { createTestApp, type TestApp } from '../app';
import { TestClient } from '../client';
import { createTestDatabase } from '../database';
import { buildGroup, buildUser, testPassword } from '../factories';
import { recordingFailureLog, watchProcessFailures } from '../outage';
import { startTcpProxy, type TcpProxy } from '../tcp-proxy';
import { ChatWatcher, eventually, pause, Tally } from './workload';

const redisUrl = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
const origin = 'http://plaza.test';

/**
 * Redis goes away under two instances (each reaches it through one TCP proxy in this process, which the
 * test cuts and restores) while members on both read, write posts and chat in one group conversation.
 * Each instance keeps serving its own members: no answer fails, a message is stored, answered and shown at
 * once to the members on the sender's instance; once Redis is back, the members on the other instance end
 * with every acknowledged message exactly once (live when the sender's kept messages arrive, or through the
 * catch-up their client does after the server has it reconnect).
 */
describe('Redis gone and back under two instances with chat', () => {
  const processFailures = watchProcessFailures();
  const busLogs = { a: recordingFailureLog(), b: recordingFailureLog() };
  let database: Database & { url?: string };
  let second: Database;
  let proxy: TcpProxy;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase();
    second = await openDatabase({ databaseUrl: database.url });
    proxy = await startTcpProxy({ host: redisUrl.hostname, port: Number(redisUrl.port || 6379) });
    const proxied = new URL(redisUrl);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    const prefix = `plaza-test-${randomBytes(4).toString('hex')}:`;
    a = await createTestApp({
      database,
      bus: await createRedisBus(proxied.toString(), prefix, busLogs.a.log),
    });
    b = await createTestApp({
      database: second,
      bus: await createRedisBus(proxied.toString(), prefix, busLogs.b.log),
    });
    await a.app.listen({ port: 0, host: '127.0.0.1' });
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    processFailures.start();
  });

  afterAll(async () => {
    processFailures.stop();
    await a?.close();
    await b?.close();
    await proxy?.close();
    await second?.close();
    await database?.close();
  });

  it('keeps both instances serving their own members, and every member ends with every message once', async () => {
    const socketUrl = (t: TestApp) =>
      `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v2/cable`;
    const users = await Promise.all(
      ['Alice', 'Carol', 'Bob', 'Dave'].map((firstname) => buildUser(database.db, { firstname })),
    );
    const group = await buildGroup(database.db, { admins: [users[0]!], members: users.slice(1) });
    // Alice and Carol are on instance A, Bob and Dave on instance B.
    const clients = users.map((_, index) => new TestClient(index < 2 ? a.app : b.app));
    for (const [index, client] of clients.entries()) await client.login(users[index]!.username, testPassword);
    const [alice, carol, bob, dave] = clients as [TestClient, TestClient, TestClient, TestClient];
    const created = await alice.get(
      `/api/v2/messages/new_channel_conversation?user_ids=${users
        .slice(1)
        .map((user) => user.id)
        .join(',')}&name=Outage`,
    );
    expect(created.statusCode, created.body).toBe(200);
    const conversation = (created.json() as { conversation_id: number }).conversation_id;
    const watchers = {
      alice: new ChatWatcher(alice, socketUrl(a), origin, conversation),
      carol: new ChatWatcher(carol, socketUrl(a), origin, conversation),
      bob: new ChatWatcher(bob, socketUrl(b), origin, conversation),
      dave: new ChatWatcher(dave, socketUrl(b), origin, conversation),
    };
    for (const watcher of Object.values(watchers)) await watcher.connect();

    // No answer may fail: neither instance needs Redis to answer.
    const tally = new Tally();
    const token = randomBytes(3).toString('hex');
    const acknowledged = { alice: [] as number[], bob: [] as number[] };
    let phase: 'before' | 'cut' | 'after' = 'before';
    const sentDuringCut = { alice: [] as number[], bob: [] as number[] };
    const chatter = async (name: 'alice' | 'bob', client: TestClient, turns: number) => {
      for (let turn = 0; turn < turns; turn += 1) {
        const answer = await tally.count(
          `${name} chat`,
          client.post('/api/v2/messages/create', {
            message: { recipient: conversation, text: `${name} ${token} ${turn}`, client_id: randomUUID() },
          }),
        );
        if (answer?.statusCode === 200) {
          const message = answer.json() as ChatMessage;
          acknowledged[name].push(message.id);
          if (phase === 'cut') sentDuringCut[name].push(message.id);
          watchers[name].sent(message);
        }
        await pause(20);
      }
    };
    const posts: string[] = [];
    const writer = async (client: TestClient, turns: number) => {
      for (let turn = 0; turn < turns; turn += 1) {
        const answer = await tally.count(
          'post',
          client.post('/api/v2/posts', { description: `<p>${token} ${turn}</p>`, group_id: group.id }),
        );
        if (answer?.statusCode === 201 || answer?.statusCode === 200)
          posts.push((answer.json() as { id: string }).id);
      }
    };
    const reads = [
      '/api/v2/auth/is_authenticated',
      `/api/v2/news?group_id=${group.id}&page=1&per_page=10`,
      '/api/v2/activities/unread_activities',
      `/api/v2/messages/history?recipient=${conversation}`,
      '/api/v2/messages/conversations',
    ];
    const reader = async (client: TestClient, turns: number) => {
      for (let turn = 0; turn < turns; turn += 1)
        await tally.count('read', client.get(reads[turn % reads.length]!));
    };
    const workload = (turns: number) =>
      Promise.all([
        chatter('alice', alice, turns),
        chatter('bob', bob, turns),
        writer(carol, Math.ceil(turns / 3)),
        writer(dave, Math.ceil(turns / 3)),
        reader(carol, turns),
        reader(dave, turns),
      ]);

    await workload(5);

    // Redis gone: both buses lose their connections; new ones are refused.
    phase = 'cut';
    await proxy.cut();
    await workload(20);
    // The sender's instance shows each message to its members at once, while Redis is still gone.
    const onSameInstance = () =>
      sentDuringCut.alice.every((id) => watchers.carol.shown.has(id)) &&
      sentDuringCut.bob.every((id) => watchers.dave.shown.has(id));
    expect(await eventually(onSameInstance, 10_000)).toBe(true);
    const crossedDuringCut = sentDuringCut.alice.filter((id) => watchers.bob.live.has(id)).length;

    // Redis back: the kept messages go out, the subscriptions come back, the sockets catch up.
    phase = 'after';
    await proxy.restore();
    await workload(5);
    const everyone = [...acknowledged.alice, ...acknowledged.bob].sort((x, y) => x - y);
    const missing = () =>
      Object.entries(watchers).flatMap(([name, watcher]) =>
        everyone.filter((id) => !watcher.shown.has(id)).map((id) => `${name} misses ${id}`),
      );
    await eventually(() => missing().length === 0, 20_000);
    const lost = missing();
    const extra = Object.entries(watchers).flatMap(([name, watcher]) =>
      [...watcher.shown.keys()].filter((id) => !everyone.includes(id)).map((id) => `${name} shows ${id}`),
    );
    const duplicates = Object.values(watchers).flatMap((watcher) => watcher.duplicates());

    // After: a message from each instance reaches the other one's members live, and everything was stored.
    const live = await tally.count(
      'after chat',
      bob.post('/api/v2/messages/create', { message: { recipient: conversation, text: `late ${token}` } }),
    );
    expect(live?.statusCode).toBe(200);
    const lateId = (live!.json() as ChatMessage).id;
    expect(await eventually(() => watchers.alice.live.has(lateId), 10_000)).toBe(true);
    const storedIds = new Set(
      (
        await database.db
          .select({ id: chatMessages.id })
          .from(chatMessages)
          .where(eq(chatMessages.conversation_id, conversation))
      ).map((row) => row.id),
    );
    const storedPosts = new Set(
      (
        await database.db
          .select({ id: postsTable.id })
          .from(postsTable)
          .where(eq(postsTable.group_id, group.id))
      ).map((row) => `post-${row.id}`),
    );
    const notStored = [
      ...everyone.filter((id) => !storedIds.has(id)).map((id) => `message ${id}`),
      ...posts.filter((id) => !storedPosts.has(id)),
    ];
    for (const watcher of Object.values(watchers)) watcher.close();

    console.log(
      `fault redis-outage: ${JSON.stringify(
        tally.report({
          chatAcknowledged: everyone.length,
          chatSentDuringCut: sentDuringCut.alice.length + sentDuringCut.bob.length,
          crossedDuringCut,
          postsAcknowledged: posts.length,
          lost: lost.length + notStored.length,
          liveDuplicates: duplicates.length,
          reconnects: Object.values(watchers).reduce((sum, watcher) => sum + watcher.reconnects, 0),
          catchUps: Object.values(watchers).reduce((sum, watcher) => sum + watcher.catchUps, 0),
        }),
      )}`,
    );
    expect(tally.unexpected).toEqual([]);
    expect(tally.failedCleanly).toBe(0);
    expect(lost).toEqual([]);
    expect(notStored).toEqual([]);
    expect(extra).toEqual([]);
    // Nothing crossed while Redis was gone (the cut was real), and the outage was noticed and logged.
    expect(crossedDuringCut).toBe(0);
    expect(sentDuringCut.alice.length).toBe(20);
    expect(busLogs.a.entries.map((entry) => entry.message)).toContain(
      'bus: Redis cannot be reached; messages for other instances are kept until it is back',
    );
    expect(busLogs.b.entries.map((entry) => entry.message)).toContain('bus: Redis is back; subscribed again');
    expect(processFailures.failures).toEqual([]);
  }, 120_000);
});
