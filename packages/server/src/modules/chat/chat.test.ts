import type { AddressInfo } from 'node:net';
import { type ChatMessage, chatLimits } from '@plaza/contract';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildUser, testPassword } from '../../../test/factories';
import { cookieHeader, openSocket, type TestSocket } from '../../../test/socket';

const origin = 'http://plaza.test';
let sequence = 0;
function clientId(): string {
  sequence += 1;
  return `client-${Date.now()}-${sequence}`;
}

function dataUrl(type: string, data: Buffer): string {
  return `data:${type};base64,${data.toString('base64')}`;
}

describe('chat', () => {
  let t: TestApp;
  let url: string;
  let alice: TestClient;
  let bob: TestClient;
  let carol: TestClient;
  let visitor: TestClient;
  const ids = { alice: 0, bob: 0, carol: 0, dave: 0 };

  async function signedIn(input: { firstname: string }) {
    const user = await buildUser(t.db, input);
    const client = new TestClient(t.app);
    await client.login(user.username, testPassword);
    return { client, id: user.id };
  }

  async function socketOf(client: TestClient): Promise<TestSocket> {
    const socket = await openSocket(url, { cookie: cookieHeader(client.jar), origin });
    await socket.next((m) => m.type === 'welcome');
    socket.send({ command: 'subscribe', channel: 'ChatChannel' });
    await socket.next((m) => m.type === 'confirm_subscription');
    return socket;
  }

  async function direct(from: TestClient, to: number): Promise<number> {
    const response = await from.get('/api/v2/messages/new_direct_message_conversation', {
      query: { user_ids: to },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().conversation_id;
  }

  async function send(from: TestClient, recipient: number, text: string, extra: object = {}) {
    return from.post('/api/v2/messages/create', {
      message: { recipient, text, client_id: clientId(), ...extra },
    });
  }

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v2/cable`;
    const a = await signedIn({ firstname: 'Alice' });
    const b = await signedIn({ firstname: 'Bob' });
    const c = await signedIn({ firstname: 'Carol' });
    alice = a.client;
    bob = b.client;
    carol = c.client;
    ids.alice = a.id;
    ids.bob = b.id;
    ids.carol = c.id;
    ids.dave = (await buildUser(t.db, { firstname: 'Dave' })).id;
    visitor = new TestClient(t.app);
  });
  afterAll(() => t.close());

  it('refuses every chat call to a visitor', async () => {
    const calls = [
      visitor.get('/api/v2/messages/unread'),
      visitor.get('/api/v2/messages/conversations'),
      visitor.get('/api/v2/messages/users'),
      visitor.get('/api/v2/messages/history', { query: { recipient: 1 } }),
      visitor.get('/api/v2/messages/new_direct_message_conversation', { query: { user_ids: ids.bob } }),
      visitor.post('/api/v2/messages/create', {
        message: { recipient: 1, text: 'x', client_id: clientId() },
      }),
      visitor.post('/api/v2/messages/mark_as_read', { recipient: 1 }),
    ];
    for (const response of await Promise.all(calls)) expect(response.statusCode).toBe(401);
  });

  it('keeps one direct conversation per pair, whoever starts it', async () => {
    const first = await direct(alice, ids.bob);
    expect(await direct(bob, ids.alice)).toBe(first);
    expect(await direct(alice, ids.bob)).toBe(first);
    const self = await alice.get('/api/v2/messages/new_direct_message_conversation', {
      query: { user_ids: ids.alice },
    });
    expect(self.statusCode).toBe(400);
    const nobody = await alice.get('/api/v2/messages/new_direct_message_conversation', {
      query: { user_ids: 99999999 },
    });
    expect(nobody.statusCode).toBe(404);
  });

  it('delivers a stored message live to every participant, marks it unread for them, and shows read receipts', async () => {
    const conversation = await direct(alice, ids.carol);
    const carolSocket = await socketOf(carol);
    const aliceSocket = await socketOf(alice);
    const sent = await send(alice, conversation, '  Hallo Carol  ');
    expect(sent.statusCode, sent.body).toBe(200);
    const message: ChatMessage = sent.json();
    expect(message).toMatchObject({
      text: 'Hallo Carol',
      unread: false,
      read_by: [],
      sender: { id: ids.alice },
    });

    const delivered = await carolSocket.next((m) => m.type === 'message');
    expect(delivered).toMatchObject({
      channel: 'ChatChannel',
      message: {
        kind: 'message',
        message: { id: message.id, text: 'Hallo Carol', unread: true, client_id: null },
      },
    });
    expect((await carol.get('/api/v2/messages/unread')).json().unread).toBeGreaterThanOrEqual(1);

    const read = await carol.post('/api/v2/messages/mark_as_read', { recipient: conversation });
    expect(read.json().unread).toBe(0);
    const receipt = await aliceSocket.next(
      (m) => m.type === 'message' && (m.message as { kind: string }).kind === 'read',
    );
    expect(receipt).toMatchObject({ message: { kind: 'read', user_id: ids.carol, message_id: message.id } });
    const history = (
      await alice.get('/api/v2/messages/history', { query: { recipient: conversation } })
    ).json();
    expect(history.results.at(-1)).toMatchObject({ id: message.id, read_by: [ids.carol] });

    await alice.post('/api/v2/messages/typing', { recipient: conversation });
    const typing = await carolSocket.next(
      (m) => m.type === 'message' && (m.message as { kind: string }).kind === 'typing',
    );
    expect(typing).toMatchObject({ message: { conversation_id: conversation, user: { id: ids.alice } } });
    await carolSocket.close();
    await aliceSocket.close();
  });

  it('stores a message once however often the client sends it', async () => {
    const conversation = await direct(alice, ids.bob);
    const body = { message: { recipient: conversation, text: 'Einmal', client_id: clientId() } };
    const [first, second] = await Promise.all([
      alice.post('/api/v2/messages/create', body),
      alice.post('/api/v2/messages/create', body),
    ]);
    const third = await alice.post('/api/v2/messages/create', body);
    expect(first.json().id).toBe(second.json().id);
    expect(third.json().id).toBe(first.json().id);
    const history = (
      await bob.get('/api/v2/messages/history', { query: { recipient: conversation } })
    ).json();
    expect(history.results.filter((m: ChatMessage) => m.text === 'Einmal')).toHaveLength(1);
    const elsewhere = await direct(alice, ids.carol);
    const reused = await alice.post('/api/v2/messages/create', {
      message: { ...body.message, recipient: elsewhere },
    });
    expect(reused.statusCode).toBe(409);
  });

  it('lets only participants read, write, mark, type or download in a conversation', async () => {
    const conversation = await direct(alice, ids.bob);
    const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#08f' } })
      .png()
      .toBuffer();
    const withFile = await send(alice, conversation, '', {
      attachment: { type: 'image/png', name: 'bild.png', content: dataUrl('image/png', image) },
    });
    expect(withFile.statusCode, withFile.body).toBe(200);
    const link = withFile.json().attachments[0].link;
    expect((await bob.get(link)).statusCode).toBe(200);

    expect(
      (await carol.get('/api/v2/messages/history', { query: { recipient: conversation } })).statusCode,
    ).toBe(404);
    expect((await send(carol, conversation, 'Darf ich?')).statusCode).toBe(404);
    expect((await carol.post('/api/v2/messages/mark_as_read', { recipient: conversation })).statusCode).toBe(
      404,
    );
    expect((await carol.post('/api/v2/messages/typing', { recipient: conversation })).statusCode).toBe(404);
    expect((await carol.get(link)).statusCode).toBe(404);
    const list = (await carol.get('/api/v2/messages/conversations')).json();
    expect(list.results.map((c: { id: number }) => c.id)).not.toContain(conversation);
  });

  it('never delivers another member’s conversation to a socket, and refuses a foreign origin or no session', async () => {
    const conversation = await direct(alice, ids.bob);
    const carolSocket = await socketOf(carol);
    await send(alice, conversation, 'Nur für Bob');
    await expect(
      carolSocket.next((m) => m.type === 'message' && JSON.stringify(m).includes('Nur für Bob'), 500),
    ).rejects.toThrow('no matching message');
    await carolSocket.close();
    await expect(
      openSocket(url, { cookie: cookieHeader(alice.jar), origin: 'https://evil.test' }),
    ).rejects.toThrow(/HTTP 403/);
    await expect(openSocket(url, { origin })).rejects.toThrow(/HTTP 401/);
  });

  it('refuses empty, oversized, mislabelled and hostile messages with a 4xx', async () => {
    const conversation = await direct(alice, ids.bob);
    const exe = Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]);
    const cases: Array<[object, number]> = [
      [{ text: '   ' }, 400],
      [{ text: 'x'.repeat(chatLimits.textMaxLength + 1) }, 400],
      [{ text: 'a\u0000b' }, 400],
      [
        { text: '', attachment: { type: 'image/png', name: 'tool.png', content: dataUrl('image/png', exe) } },
        415,
      ],
      [{ text: '', attachment: { type: 'image/png', name: 'x.png', content: 'javascript:alert(1)' } }, 400],
      [{ text: 'x', client_id: 'short' }, 400],
    ];
    for (const [extra, status] of cases) {
      const response = await alice.post('/api/v2/messages/create', {
        message: { recipient: conversation, client_id: clientId(), ...extra },
      });
      expect(response.statusCode, JSON.stringify(extra).slice(0, 80)).toBe(status);
    }
    const huge = Buffer.alloc(chatLimits.attachmentMaxBytes + 10, 0x41);
    const oversized = await send(alice, conversation, '', {
      attachment: { type: 'text/plain', name: 'a.txt', content: dataUrl('text/plain', huge) },
    });
    expect([400, 413]).toContain(oversized.statusCode);
    const markup = await send(alice, conversation, '<img src=x onerror=alert(1)>');
    expect(markup.json().text).toBe('<img src=x onerror=alert(1)>');
  });

  it('pages history backwards and answers what a reconnecting client missed, oldest first', async () => {
    const conversation = (
      await alice.get('/api/v2/messages/new_channel_conversation', {
        query: { user_ids: `${ids.bob},${ids.dave}`, name: 'Projekt' },
      })
    ).json().conversation_id;
    const sent: number[] = [];
    for (let i = 0; i < chatLimits.historyPageSize + 5; i += 1) {
      sent.push((await send(i % 2 ? bob : alice, conversation, `Nachricht ${i}`)).json().id);
    }
    const newest = (await bob.get('/api/v2/messages/history', { query: { recipient: conversation } })).json();
    expect(newest.results.map((m: ChatMessage) => m.id)).toEqual(sent.slice(-chatLimits.historyPageSize));
    expect(newest.has_more).toBe(true);
    expect(newest.conversation).toMatchObject({
      type: 'group',
      group: { name: 'Projekt' },
      participant_count: 3,
    });
    expect(newest.conversation.participants).toHaveLength(3);
    const older = (
      await bob.get('/api/v2/messages/history', {
        query: { recipient: conversation, before: newest.results[0].id },
      })
    ).json();
    expect(older.results.map((m: ChatMessage) => m.id)).toEqual(sent.slice(0, 5));
    const missed = (
      await bob.get('/api/v2/messages/history', { query: { recipient: conversation, after: sent[30]! } })
    ).json();
    expect(missed.results.map((m: ChatMessage) => m.id)).toEqual(sent.slice(31));
  });

  it('lists conversations by their latest message with the caller’s unread count, and finds members to write to', async () => {
    const fresh = await signedIn({ firstname: 'Fiona' });
    const c1 = await direct(fresh.client, ids.alice);
    const c2 = await direct(fresh.client, ids.bob);
    await send(alice, c1, 'Eins');
    await send(bob, c2, 'Zwei');
    await send(bob, c2, 'Drei');
    const list = (await fresh.client.get('/api/v2/messages/conversations')).json();
    expect(list.results.map((c: { id: number }) => c.id)).toEqual([c2, c1]);
    expect(list.results[0]).toMatchObject({
      new_messages: 2,
      last_message: { text: 'Drei' },
      type: 'direct',
    });
    expect((await fresh.client.get('/api/v2/messages/unread')).json().unread).toBe(3);
    const found = (await fresh.client.get('/api/v2/messages/users', { query: { search: 'Car' } })).json();
    expect(found.results.map((m: { id: number }) => m.id)).toContain(ids.carol);
    expect(found.results.map((m: { id: number }) => m.id)).not.toContain(fresh.id);
    // By name whatever the case: "de Vries" among the D, before "Eck" (by character codes it came after).
    const eck = await buildUser(t.db, { firstname: 'Doris', lastname: 'Eck' });
    const vries = await buildUser(t.db, { firstname: 'Doris', lastname: 'de Vries' });
    const named = (await fresh.client.get('/api/v2/messages/users', { query: { search: 'Doris' } })).json();
    expect(named.results.map((m: { id: number }) => m.id)).toEqual([vries.id, eck.id]);
  });

  it('pages through the conversations with `next`, each once, also those whose last message shares an instant', async () => {
    const many = await signedIn({ firstname: 'Paula' });
    const created: number[] = [];
    for (let i = 0; i < chatLimits.conversationsPageSize + 3; i += 1) {
      const response = await many.client.get('/api/v2/messages/new_channel_conversation', {
        query: { user_ids: String(ids.alice), name: `Runde ${i}` },
      });
      created.push(response.json().conversation_id);
    }
    // Two of them get a message in the same statement's instant: the cursor still tells them apart.
    await t.db.execute(
      sql`update conversations set last_message_at = '2030-01-01T00:00:00.123456Z' where id in (${created[3]}, ${created[4]})`,
    );
    const seen: number[] = [];
    let next: string | null = null;
    let pages = 0;
    do {
      const response = await many.client.get('/api/v2/messages/conversations', {
        query: next ? { before: next } : {},
      });
      expect(response.statusCode).toBe(200);
      seen.push(...response.json().results.map((c: { id: number }) => c.id));
      next = response.json().next;
      pages += 1;
    } while (next && pages < 5);
    expect(pages).toBe(2);
    const others = created.filter((id) => id !== created[3] && id !== created[4]).reverse();
    expect(seen).toEqual([created[4], created[3], ...others]);
    const malformed = await many.client.get('/api/v2/messages/conversations', { query: { before: 'x-1' } });
    expect(malformed.statusCode).toBe(400);
  });

  it('records a chat_group activity for the members added to a group conversation', async () => {
    const response = await alice.get('/api/v2/messages/new_channel_conversation', {
      query: { user_ids: String(ids.carol), name: 'Sommerfest' },
    });
    expect(response.statusCode).toBe(200);
    await expect
      .poll(async () =>
        (await carol.get('/api/v2/activities')).json().results.map((a: { type: string }) => a.type),
      )
      .toContain('chat_group');
    const bad = await alice.get('/api/v2/messages/new_channel_conversation', {
      query: { user_ids: 'abc', name: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    const alone = await alice.get('/api/v2/messages/new_channel_conversation', {
      query: { user_ids: String(ids.alice), name: 'Allein' },
    });
    expect(alone.statusCode).toBe(400);
  });
});
