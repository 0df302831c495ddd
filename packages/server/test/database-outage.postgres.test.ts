import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client';
import { isDatabaseUnavailable } from '../src/db/unavailable';
import { recordActivity } from '../src/modules/activities/service';
import { createTestApp, type TestApp } from './app';
import { TestClient } from './client';
import { createTestDatabase, testDbKind } from './database';
import { buildUser, testPassword } from './factories';
import {
  closeOf,
  expectAnswering,
  expectDatabaseUnavailable,
  logCollector,
  recordingFailureLog,
  watchProcessFailures,
} from './outage';
import { cookieHeader, openSocket, type TestSocket } from './socket';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';

// This file is for the api-postgres project only (the `.postgres.test.ts` ending). Run anywhere else it
// fails loudly rather than passing on PGlite for a test that is about PostgreSQL connections.
if (testDbKind !== 'postgres') {
  throw new Error(
    'database-outage.postgres.test.ts needs PLAZA_TEST_DB=postgres (the api-postgres project).',
  );
}

/**
 * PostgreSQL goes away under a running server with members' sockets open: the app reaches its database
 * only through a TCP proxy in this process, which the test cuts (every connection destroyed, new ones
 * refused) and then restores, as a failover or a database restart would.
 */
describe('PostgreSQL cut under a running server (TCP proxy cut, then restored)', () => {
  const origin = 'http://plaza.test';
  const logs = logCollector();
  const poolLog = recordingFailureLog();
  const processFailures = watchProcessFailures();
  let direct: Database & { url?: string };
  let proxy: TcpProxy;
  let database: Database;
  let t: TestApp;
  let socketUrl: string;
  let alice: TestClient;
  let bob: TestClient;
  let anonymous: TestClient;
  let aliceId: number;
  let aliceSocket: TestSocket;
  let bobSocket: TestSocket;

  beforeAll(async () => {
    // Fails (it does not skip) when PostgreSQL cannot be reached: createTestDatabase throws.
    direct = await createTestDatabase();
    const target = new URL(direct.url!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const proxied = new URL(direct.url!);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    database = await openDatabase({ databaseUrl: proxied.toString(), log: poolLog.log });
    t = await createTestApp({ database, env: { LOG_LEVEL: 'warn' }, logStream: logs.stream });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    socketUrl = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v2/cable`;

    const a = await buildUser(t.db);
    const b = await buildUser(t.db);
    aliceId = a.id;
    alice = new TestClient(t.app);
    bob = new TestClient(t.app);
    anonymous = new TestClient(t.app);
    await alice.login(a.username, testPassword);
    await bob.login(b.username, testPassword);
    await anonymous.get('/healthz'); // picks up the CSRF cookie without touching the database

    aliceSocket = await openSocket(socketUrl, { cookie: cookieHeader(alice.jar), origin });
    await aliceSocket.next((m) => m.type === 'welcome');
    aliceSocket.send({ command: 'subscribe', channel: 'NotificationChannel' });
    await aliceSocket.next((m) => m.type === 'confirm_subscription');
    bobSocket = await openSocket(socketUrl, { cookie: cookieHeader(bob.jar), origin });
    await bobSocket.next((m) => m.type === 'welcome');
    processFailures.start();
  });

  afterAll(async () => {
    processFailures.stop();
    await aliceSocket?.close();
    await bobSocket?.close();
    await t?.close();
    await database?.close();
    await proxy?.close();
    await direct?.close();
  });

  it('while cut: requests get 503 database_unavailable with Retry-After, /readyz 503, sockets answer and close cleanly', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    // A transaction holds a connection across the cut (as a request in the middle of one would). Its
    // client is out of the pool, so only Plaza's own listener stands between its 'error' and a crash.
    let inTransaction!: () => void;
    let finishTransaction!: () => void;
    const started = new Promise<void>((resolve) => {
      inTransaction = resolve;
    });
    const held = new Promise<void>((resolve) => {
      finishTransaction = resolve;
    });
    const transaction = database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        inTransaction();
        await held;
        await tx.execute(sql`select 1`);
      })
      .then(
        () => 'committed',
        (error: unknown) => error,
      );
    await started;
    expect(proxy.openConnections).toBeGreaterThan(0);
    await proxy.cut();

    // A member's call (the session lookup needs the database), a member's write, an anonymous sign-in.
    expectDatabaseUnavailable(await alice.get('/api/v2/auth/is_authenticated'));
    expectDatabaseUnavailable(
      await bob.post('/api/v2/groups', { name: 'During the outage', description: 'd' }),
    );
    expectDatabaseUnavailable(
      await anonymous.post('/api/v2/auth/login', { username: 'nobody', password: 'whatever it is' }),
    );
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toBe('5');
    expect(ready.json()).toEqual({ status: 'unavailable', database: 'postgres' });
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    // Bob subscribes while the database is gone: rejected, then closed with 1013 (try again later),
    // on which the web client reconnects with back-off and subscribes again.
    const bobClosed = closeOf(bobSocket);
    bobSocket.send({ command: 'subscribe', channel: 'NotificationChannel' });
    expect(await bobSocket.next((m) => m.type === 'reject_subscription')).toEqual({
      type: 'reject_subscription',
      channel: 'NotificationChannel',
    });
    expect(await bobClosed).toEqual({ code: 1013, reason: 'database unavailable, try again later' });

    // Alice asked for nothing that needs the database: her socket stays open and answers.
    await expectAnswering(aliceSocket);

    // Logged with context, as warnings (the database's state, not a bug).
    const requestWarnings = logs.lines.filter((line) => line.msg === 'request failed: database unavailable');
    expect(requestWarnings.map((line) => line.url)).toEqual(
      expect.arrayContaining(['/api/v2/auth/is_authenticated', '/api/v2/groups', '/api/v2/auth/login']),
    );
    expect(requestWarnings.every((line) => line.level === 40 && typeof line.reqId === 'string')).toBe(true);
    expect(logs.lines).toContainEqual(
      expect.objectContaining({
        level: 40,
        msg: 'real-time message failed: database unavailable',
        command: 'subscribe',
        channel: 'NotificationChannel',
        userId: expect.any(Number),
      }),
    );
    expect(logs.lines.filter((line) => line.level >= 50 && 'reqId' in line)).toEqual([]);
    finishTransaction();
    expect(isDatabaseUnavailable(await transaction)).toBe(true);
    // The pool's connections died under it: each was reported, none became an uncaught error.
    expect(poolLog.entries.some((entry) => entry.message === 'database connection lost')).toBe(true);
    expect(processFailures.failures).toEqual([]);
  });

  it('after restore: the same server answers again, and sockets subscribe and receive events', async () => {
    await proxy.restore();

    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    const session = await alice.get('/api/v2/auth/is_authenticated');
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ isAuthenticated: true });
    const created = await bob.post('/api/v2/groups', { name: 'After the outage', description: 'd' });
    expect(created.statusCode, created.body).toBe(201);

    // Bob reconnects, as the web client does after 1013, and his subscription is confirmed.
    bobSocket = await openSocket(socketUrl, { cookie: cookieHeader(bob.jar), origin });
    await bobSocket.next((m) => m.type === 'welcome');
    bobSocket.send({ command: 'subscribe', channel: 'NotificationChannel' });
    await bobSocket.next((m) => m.type === 'confirm_subscription');

    // Alice's socket, open through the whole outage, still gets her notifications.
    const activity = await recordActivity(t, { userId: aliceId, type: 'other', text: 'after the outage' });
    expect(await aliceSocket.next((m) => m.type === 'message')).toMatchObject({
      channel: 'NotificationChannel',
      message: { kind: 'activity', activity: { id: activity.id, text: 'after the outage' } },
    });
    expect(processFailures.failures).toEqual([]);
  });
});
