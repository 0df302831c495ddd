import { randomBytes, randomUUID } from 'node:crypto';
import type { ChatMessage } from '@plaza/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client';
import { chatMessages, posts as postsTable } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../app';
import { TestClient } from '../client';
import { createTestDatabase, testDbKind } from '../database';
import { buildGroup, buildUser, testPassword } from '../factories';
import { recordingFailureLog, watchProcessFailures } from '../outage';
import { startTcpProxy, type TcpProxy } from '../tcp-proxy';
import { eventually, isClean503, pause, Tally } from './workload';

if (testDbKind !== 'postgres') {
  throw new Error(
    'postgres-outage.postgres.test.ts needs PLAZA_TEST_DB=postgres (the api-postgres project).',
  );
}

/**
 * PostgreSQL stopped and started under the mixed workload: the server reaches its database only through a
 * TCP proxy in this process, which the test cuts (every connection destroyed, new ones refused) while
 * members read, write posts and send chat messages, then restores. Every answer is a success or a clean
 * 503 (the contract's error body, Retry-After); the same server answers again without a restart, and every
 * acknowledged write is in the database.
 */
describe('PostgreSQL stopped and started under the mixed workload with chat', () => {
  const processFailures = watchProcessFailures();
  const poolLog = recordingFailureLog();
  let direct: Database & { url?: string };
  let proxy: TcpProxy;
  let database: Database;
  let t: TestApp;

  beforeAll(async () => {
    direct = await createTestDatabase();
    const target = new URL(direct.url!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const proxied = new URL(direct.url!);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    database = await openDatabase({ databaseUrl: proxied.toString(), log: poolLog.log });
    t = await createTestApp({ database, env: { LOG_LEVEL: 'silent' } });
    processFailures.start();
  });

  afterAll(async () => {
    processFailures.stop();
    await t?.close();
    await database?.close();
    await proxy?.close();
    await direct?.close();
  });

  it('answers 2xx or a clean 503 throughout, recovers without a restart, and loses no acknowledged write', async () => {
    const users = await Promise.all(
      ['Alice', 'Bob', 'Writer', 'Reader'].map((firstname) => buildUser(direct.db, { firstname })),
    );
    const group = await buildGroup(direct.db, {
      admins: [users[2]!],
      members: [users[0]!, users[1]!, users[3]!],
    });
    const clients = users.map(() => new TestClient(t.app));
    for (const [index, client] of clients.entries()) await client.login(users[index]!.username, testPassword);
    const [alice, bob, writer, reader] = clients as [TestClient, TestClient, TestClient, TestClient];
    const started = await alice.get(
      `/api/v2/messages/new_direct_message_conversation?user_ids=${users[1]!.id}`,
    );
    expect(started.statusCode, started.body).toBe(200);
    const conversation = (started.json() as { conversation_id: number }).conversation_id;

    const tally = new Tally(
      (response) => isClean503(response, 'database_unavailable') || isClean503(response, 'database_busy'),
    );
    const token = randomBytes(3).toString('hex');
    const messages: number[] = [];
    const posts: string[] = [];
    let phase: 'before' | 'cut' | 'after' = 'before';
    const during = { sent: 0, clean: 0 };
    let running = true;
    const counted = async (what: string, call: ReturnType<TestClient['get']>) => {
      const cut = phase === 'cut';
      const response = await tally.count(what, call);
      if (cut) {
        during.sent += 1;
        if (response && response.statusCode >= 300) during.clean += 1;
      }
      return response;
    };
    const chatter = async (name: string, client: TestClient) => {
      for (let turn = 0; running; turn += 1) {
        const answer = await counted(
          'chat',
          client.post('/api/v2/messages/create', {
            message: { recipient: conversation, text: `${name} ${token} ${turn}`, client_id: randomUUID() },
          }),
        );
        if (answer?.statusCode === 200) messages.push((answer.json() as ChatMessage).id);
        await pause(30);
      }
    };
    const postWriter = async () => {
      for (let turn = 0; running; turn += 1) {
        const answer = await counted(
          'post',
          writer.post('/api/v2/posts', { description: `<p>${token} ${turn}</p>`, group_id: group.id }),
        );
        if (answer && answer.statusCode < 300) posts.push((answer.json() as { id: string }).id);
        await pause(60);
      }
    };
    const reads = [
      '/api/v2/auth/is_authenticated',
      `/api/v2/news?group_id=${group.id}&page=1&per_page=10`,
      '/api/v2/activities/unread_activities',
      `/api/v2/messages/history?recipient=${conversation}`,
    ];
    const readLoop = async (client: TestClient, count: number) => {
      for (let turn = 0; running; turn += 1) {
        await counted('read', client.get(reads[turn % count]!));
        await pause(10);
      }
    };
    const load = Promise.all([
      chatter('alice', alice),
      chatter('bob', bob),
      postWriter(),
      readLoop(reader, 3),
      readLoop(alice, 4),
    ]);

    await eventually(() => tally.succeeded >= 40, 20_000);
    phase = 'cut';
    await proxy.cut();
    // The outage lasts until the workload has met it a good number of times.
    await eventually(() => during.sent >= 60, 20_000);
    await pause(500);
    const readyDuringCut = (await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode;
    await proxy.restore();
    phase = 'after';
    // Without a restart: the same server answers again once its pool reconnects.
    let ready = 0;
    const recovered = await eventually(
      () => ready === 200,
      20_000,
      async () => {
        ready = (await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode;
      },
    );
    const afterRestore = tally.succeeded;
    await eventually(() => tally.succeeded >= afterRestore + 40, 20_000);
    running = false;
    await load;

    // New requests succeed, and every acknowledged write is there.
    const fresh = new Tally();
    await fresh.count('read', reader.get('/api/v2/auth/is_authenticated'));
    await fresh.count(
      'chat',
      alice.post('/api/v2/messages/create', { message: { recipient: conversation, text: 'after' } }),
    );
    await fresh.count(
      'post',
      writer.post('/api/v2/posts', { description: '<p>after</p>', group_id: group.id }),
    );
    const storedMessages = new Set(
      (
        await direct.db
          .select({ id: chatMessages.id })
          .from(chatMessages)
          .where(eq(chatMessages.conversation_id, conversation))
      ).map((row) => row.id),
    );
    const storedPosts = new Set(
      (
        await direct.db
          .select({ id: postsTable.id })
          .from(postsTable)
          .where(eq(postsTable.group_id, group.id))
      ).map((row) => `post-${row.id}`),
    );
    const lost = [
      ...messages.filter((id) => !storedMessages.has(id)).map((id) => `message ${id}`),
      ...posts.filter((id) => !storedPosts.has(id)),
    ];
    console.log(
      `fault postgres-outage: ${JSON.stringify(
        tally.report({
          sentDuringCut: during.sent,
          failedCleanlyDuringCut: during.clean,
          chatAcknowledged: messages.length,
          postsAcknowledged: posts.length,
          lost: lost.length,
        }),
      )}`,
    );
    expect(tally.unexpected).toEqual([]);
    expect(lost).toEqual([]);
    expect(fresh.unexpected).toEqual([]);
    expect(fresh.succeeded).toBe(3);
    expect(recovered).toBe(true);
    // The cut was real: the server said so, and the workload met it.
    expect(readyDuringCut).toBe(503);
    expect(during.clean).toBeGreaterThan(0);
    expect(processFailures.failures).toEqual([]);
  }, 120_000);
});
