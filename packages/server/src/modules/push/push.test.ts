import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildUser, testPassword } from '../../../test/factories';
import { cookieHeader, openSocket } from '../../../test/socket';
import { pushToAbsentMembers } from '../../platform/push';

// http_ece comes with web-push: the test decrypts a push as the browser would.
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(buffer: Buffer, params: { version: string; privateKey: unknown; authSecret: Buffer }): Buffer;
};

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A browser's subscription keys, and its endpoint at the local push service. */
function browser(port: number, name: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    subscription: {
      endpoint: `https://push.test:${port}/send/${name}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
  };
}

describe('web push', () => {
  let t: TestApp;
  let service: http.Server;
  let port: number;
  const received: Received[] = [];
  /** Answers of the push service by endpoint path (default 201). */
  const answers = new Map<string, number>();
  let alice: TestClient;
  let bob: TestClient;
  const ids = { alice: 0, bob: 0 };

  const pushesTo = (name: string) => received.filter((r) => r.path === `/send/${name}`);
  /** Makes the member look away from the app (no request or socket for a while). */
  const away = (userId: number) =>
    t.db.execute(sql`update users set last_seen_at = now() - interval '1 hour' where id = ${userId}`);

  beforeAll(async () => {
    service = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
        response.statusCode = answers.get(request.url ?? '') ?? 201;
        response.end();
      });
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    port = (service.address() as AddressInfo).port;
    t = await createTestApp({ env: { PUSH_HOSTS: 'push.test=127.0.0.1', PUSH_PLAIN_HTTP: '1' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    alice = new TestClient(t.app);
    bob = new TestClient(t.app);
    for (const [name, client] of [
      ['alice', alice],
      ['bob', bob],
    ] as const) {
      const user = await buildUser(t.db, { firstname: name === 'alice' ? 'Alice' : 'Bob' });
      ids[name] = user.id;
      await client.login(user.username, testPassword);
    }
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => service.close(resolve));
  });

  it('tells the web app the server’s public key in the settings', async () => {
    const settings = (await new TestClient(t.app).get('/api/v2/settings')).json();
    expect(settings.vapid_public_key).toMatch(/^[A-Za-z0-9_-]{80,90}$/);
  });

  it('keeps a subscription to its member: the same browser keeps its id, nobody else can remove it', async () => {
    const { subscription } = browser(port, 'owned');
    expect(
      (await new TestClient(t.app).post('/api/v2/users/push_subscription', { subscription })).statusCode,
    ).toBe(401);
    const first = await bob.post('/api/v2/users/push_subscription', { subscription });
    expect(first.statusCode, first.body).toBe(200);
    const id = first.json().id;
    expect(id).toMatch(/^[a-f0-9]{32}$/);
    expect((await bob.post('/api/v2/users/push_subscription', { subscription })).json().id).toBe(id);
    expect((await alice.delete(`/api/v2/users/push_subscription/${id}`)).statusCode).toBe(404);
    expect((await bob.delete(`/api/v2/users/push_subscription/${id}`)).statusCode).toBe(200);
    expect((await bob.delete(`/api/v2/users/push_subscription/${id}`)).statusCode).toBe(404);
    for (const bad of [
      { ...subscription, endpoint: 'http://push.test/send/x' },
      { ...subscription, keys: { ...subscription.keys, p256dh: 'short' } },
      { endpoint: subscription.endpoint },
    ]) {
      expect((await bob.post('/api/v2/users/push_subscription', { subscription: bad })).statusCode).toBe(400);
    }
  });

  it('pushes a chat message to a member away from the app, encrypted for their browser', async () => {
    const device = browser(port, 'bob-chat');
    await bob.post('/api/v2/users/push_subscription', { subscription: device.subscription });
    await away(ids.bob);
    const conversation = (
      await alice.get('/api/v2/messages/new_direct_message_conversation', { query: { user_ids: ids.bob } })
    ).json().conversation_id;
    const sent = await alice.post('/api/v2/messages/create', {
      message: { recipient: conversation, text: 'Bist du da?', client_id: `push-${Date.now()}` },
    });
    expect(sent.statusCode).toBe(200);
    await expect.poll(() => pushesTo('bob-chat').length).toBe(1);
    const push = pushesTo('bob-chat')[0]!;
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.authorization).toMatch(/^vapid t=.+, k=.+/);
    const payload = JSON.parse(
      ece
        .decrypt(push.body, { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.auth })
        .toString(),
    );
    expect(payload).toMatchObject({
      title: expect.stringContaining('Alice'),
      body: 'Bist du da?',
      url: `/?chat=1&conversation_id=${conversation}`,
      tag: `conversation-${conversation}`,
    });
  });

  it('pushes only to members with no open connection, and forgets browsers the push service no longer knows', async () => {
    const present = await buildUser(t.db);
    const client = new TestClient(t.app);
    await client.login(present.username, testPassword);
    await client.post('/api/v2/users/push_subscription', {
      subscription: browser(port, 'present').subscription,
    });
    // An open real-time connection is what makes a member present.
    const address = t.app.server.address() as AddressInfo;
    const socket = await openSocket(`ws://127.0.0.1:${address.port}/api/v2/cable`, {
      cookie: cookieHeader(client.jar),
      origin: 'http://plaza.test',
    });
    await expect
      .poll(async () => {
        const rows = await t.db.execute(
          sql`select 1 from users where id = ${present.id} and last_seen_at > now() - interval '1 minute'`,
        );
        return ((rows as unknown as { rows?: unknown[] }).rows ?? (rows as unknown as unknown[])).length;
      })
      .toBe(1);
    await bob.post('/api/v2/users/push_subscription', { subscription: browser(port, 'gone').subscription });
    answers.set('/send/gone', 410);
    await away(ids.bob);
    const payload = { title: 'T', body: 'B', url: '/', tag: 'x' };
    await pushToAbsentMembers(t.db, { userIds: [present.id, ids.bob], payload, now: new Date() });
    expect(pushesTo('present')).toHaveLength(0);
    expect(pushesTo('gone')).toHaveLength(1);
    await pushToAbsentMembers(t.db, { userIds: [ids.bob], payload, now: new Date() });
    expect(pushesTo('gone')).toHaveLength(1);
    await socket.close();
  });

  it('never sends a push to a private or loopback address a browser names, and drops that subscription', async () => {
    const before = received.length;
    const subscription = {
      ...browser(port, 'internal').subscription,
      endpoint: `https://127.0.0.1:${port}/send/internal`,
    };
    expect((await bob.post('/api/v2/users/push_subscription', { subscription })).statusCode).toBe(200);
    await away(ids.bob);
    const payload = { title: 'T', body: 'B', url: '/', tag: 'y' };
    await pushToAbsentMembers(t.db, { userIds: [ids.bob], payload, now: new Date() });
    expect(received.slice(before).filter((r) => r.path === '/send/internal')).toHaveLength(0);
    const left = await t.db.execute(
      sql`select 1 from push_subscriptions where endpoint = ${subscription.endpoint}`,
    );
    expect((left as unknown as { rows: unknown[] }).rows ?? left).toHaveLength(0);
  });
});
