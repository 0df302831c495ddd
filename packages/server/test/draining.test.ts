import type { AddressInfo } from 'node:net';
import { realtimeClose } from '@plaza/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app';
import { TestClient } from './client';
import { buildUser, testPassword } from './factories';
import { cookieHeader, openSocket } from './socket';

/** What an instance does between SIGTERM and its exit (main.ts): drain, then close. */
describe('a draining instance', () => {
  let t: TestApp;
  let base: string;
  let member: TestClient;
  let closed = false;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const user = await buildUser(t.db);
    member = new TestClient(t.app);
    await member.login(user.username, testPassword);
  });
  afterAll(async () => {
    if (!closed) await t.close();
  });

  it('answers /readyz 503 at once, serves on with connections closed after each answer, then tells its sockets to reconnect (1012)', async () => {
    const before = await fetch(`http://${base}/readyz`);
    expect(before.status).toBe(200);
    expect(before.headers.get('connection')).toBe('keep-alive');

    const socket = await openSocket(`ws://${base}/api/v2/cable`, {
      cookie: cookieHeader(member.jar),
      origin: 'http://plaza.test',
    });
    await socket.next((m) => m.type === 'welcome');
    const socketClosed = new Promise<{ code: number; reason: string }>((resolve) =>
      socket.socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );

    t.app.lifecycle.draining = true;
    const ready = await fetch(`http://${base}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'draining' });
    // Everything else is still served, each answer closing its connection.
    const session = await fetch(`http://${base}/api/v2/auth/is_authenticated`, {
      headers: { cookie: cookieHeader(member.jar) },
    });
    expect(session.status).toBe(200);
    expect(session.headers.get('connection')).toBe('close');

    closed = true;
    await t.close();
    expect(await socketClosed).toEqual({ code: realtimeClose.serviceRestart, reason: 'service restart' });
    await expect(fetch(`http://${base}/healthz`)).rejects.toThrow();
  });
});
