import type { AddressInfo } from 'node:net';
import type { ChatMessage, ServerMessage } from '@plaza/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/client';
import { buildUser, testPassword } from '../../../test/factories';
import { type TwoInstances, twoInstances } from '../../../test/instances';
import { cookieHeader, openSocket, type TestSocket } from '../../../test/socket';

const origin = 'http://plaza.test';

/** The chat messages a socket received, in order of arrival. */
function collect(socket: TestSocket): ChatMessage[] {
  const messages: ChatMessage[] = [];
  socket.socket.on('message', (raw) => {
    const parsed = JSON.parse(raw.toString()) as ServerMessage;
    if (parsed.type !== 'message' || parsed.channel !== 'ChatChannel') return;
    const event = parsed.message as { kind: string; message?: ChatMessage };
    if (event.kind === 'message' && event.message) messages.push(event.message);
  });
  return messages;
}

describe('chat across two instances (PostgreSQL and Redis)', () => {
  let two: TwoInstances;
  let urlA: string;
  let urlB: string;
  let alice: TestClient;
  let bob: TestClient;
  let conversation: number;

  async function chatSocket(url: string, client: TestClient): Promise<TestSocket> {
    const socket = await openSocket(url, { cookie: cookieHeader(client.jar), origin });
    await socket.next((m) => m.type === 'welcome');
    socket.send({ command: 'subscribe', channel: 'ChatChannel' });
    await socket.next((m) => m.type === 'confirm_subscription');
    return socket;
  }

  beforeAll(async () => {
    two = await twoInstances();
    for (const instance of [two.a, two.b]) await instance.app.listen({ port: 0, host: '127.0.0.1' });
    urlA = `ws://127.0.0.1:${(two.a.app.server.address() as AddressInfo).port}/api/v2/cable`;
    urlB = `ws://127.0.0.1:${(two.b.app.server.address() as AddressInfo).port}/api/v2/cable`;
    const a = await buildUser(two.a.db, { firstname: 'Alice' });
    const b = await buildUser(two.a.db, { firstname: 'Bob' });
    alice = new TestClient(two.a.app);
    await alice.login(a.username, testPassword);
    bob = new TestClient(two.b.app);
    await bob.login(b.username, testPassword);
    const started = await alice.get('/api/v2/messages/new_direct_message_conversation', {
      query: { user_ids: b.id },
    });
    conversation = started.json().conversation_id;
  });
  afterAll(() => two.close());

  it('delivers every message exactly once and in order, also to a client that lost its connection and came back', async () => {
    let bobSocket = await chatSocket(urlB, bob);
    let received = collect(bobSocket);
    const aliceSocket = await chatSocket(urlA, alice);
    const aliceReceived = collect(aliceSocket);
    const sent: number[] = [];
    const send = async (i: number) => {
      const from = i % 3 === 0 ? bob : alice;
      const response = await from.post('/api/v2/messages/create', {
        message: { recipient: conversation, text: `Nachricht ${i}`, client_id: `two-instances-${i}` },
      });
      expect(response.statusCode, response.body).toBe(200);
      sent.push(response.json().id);
    };

    for (let i = 0; i < 10; i += 1) await send(i);
    await expect.poll(() => received.length).toBe(10);

    // Bob's connection is cut; messages go on meanwhile.
    await bobSocket.close();
    for (let i = 10; i < 20; i += 1) await send(i);
    // He reconnects (to the other instance this time) and asks for what he missed after his last id.
    const seen = [...received];
    bobSocket = await chatSocket(urlA, bob);
    received = collect(bobSocket);
    const missed = await bob.get('/api/v2/messages/history', {
      query: { recipient: conversation, after: seen.at(-1)!.id },
    });
    for (let i = 20; i < 25; i += 1) await send(i);
    await expect.poll(() => received.length).toBe(5);

    // What the client shows: what it had, what it fetched, what came live; merged by id.
    const shown = new Map<number, ChatMessage>();
    for (const message of [...seen, ...missed.json().results, ...received]) shown.set(message.id, message);
    expect([...shown.keys()]).toEqual(sent);
    expect([...shown.values()].map((m) => m.text)).toEqual(sent.map((_, i) => `Nachricht ${i}`));
    // Live deliveries never repeat a message.
    const liveIds = [...seen, ...received].map((m) => m.id);
    expect(new Set(liveIds).size).toBe(liveIds.length);
    await expect.poll(() => aliceReceived.length).toBe(25);
    expect(aliceReceived.map((m) => m.id)).toEqual(sent);
    await bobSocket.close();
    await aliceSocket.close();
  });
});
