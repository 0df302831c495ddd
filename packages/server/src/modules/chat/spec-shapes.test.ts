import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildUser, testPassword } from '../../../test/factories';

/** The chat driven with the request shapes of the spec's section 7, besides the web's own. */
describe('chat in the spec shapes', () => {
  let t: TestApp;
  let alice: TestClient;
  let bob: TestClient;
  let carol: TestClient;
  let visitor: TestClient;
  const ids = { alice: 0, bob: 0, carol: 0, erin: 0 };

  async function signedIn(firstname: string) {
    const user = await buildUser(t.db, { firstname });
    const client = new TestClient(t.app);
    await client.login(user.username, testPassword);
    return { client, id: user.id };
  }

  const create = (from: TestClient, body: object) => from.post('/api/v2/messages/create', body);
  const history = async (reader: TestClient, conversation: number) =>
    (await reader.get('/api/v2/messages/history', { query: { recipient: conversation } })).json();

  beforeAll(async () => {
    t = await createTestApp();
    const [a, b, c, e] = await Promise.all(['Alice', 'Bob', 'Carol', 'Erin'].map(signedIn));
    [alice, bob, carol] = [a!.client, b!.client, c!.client];
    Object.assign(ids, { alice: a!.id, bob: b!.id, carol: c!.id, erin: e!.id });
    visitor = new TestClient(t.app);
  });
  afterAll(() => t.close());

  it('sends to the direct conversation named by conversation {user_ids}, creating it once, without a client id', async () => {
    const first = await create(alice, { message: { text: 'Hi Bob' }, conversation: { user_ids: [ids.bob] } });
    expect(first.statusCode, first.body).toBe(200);
    const conversation = first.json().conversation_id;
    const second = await create(alice, {
      message: { text: 'Hi again' },
      conversation: { user_ids: [ids.bob] },
    });
    expect(second.json().conversation_id).toBe(conversation);
    // The same conversation the direct-conversation call finds; Bob reads both messages in it.
    const found = await bob.get('/api/v2/messages/new_direct_message_conversation', {
      query: { user_ids: ids.alice },
    });
    expect(found.json().conversation_id).toBe(conversation);
    const read = await history(bob, conversation);
    expect(read.conversation.type).toBe('direct');
    expect(read.results.map((m: { text: string }) => m.text)).toEqual(['Hi Bob', 'Hi again']);
    expect(read.results.every((m: { client_id: string | null }) => m.client_id === null)).toBe(true);
  });

  it('sends to a conversation by message.recipient without a client id: every call is a new message', async () => {
    const sent = await create(alice, { message: { text: 'One' }, conversation: { user_ids: [ids.carol] } });
    const conversation = sent.json().conversation_id;
    for (const text of ['Two', 'Two']) {
      const again = await create(alice, { message: { recipient: conversation, text } });
      expect(again.statusCode, again.body).toBe(200);
    }
    expect((await history(carol, conversation)).results.map((m: { text: string }) => m.text)).toEqual([
      'One',
      'Two',
      'Two',
    ]);
  });

  it('makes a group conversation for several members, named by them in the order listed or by conversation.name', async () => {
    const unnamed = await create(alice, {
      message: { text: 'Team!' },
      conversation: { user_ids: [ids.bob, ids.carol] },
    });
    expect(unnamed.statusCode, unnamed.body).toBe(200);
    const group = await history(carol, unnamed.json().conversation_id);
    expect(group.conversation).toMatchObject({
      type: 'group',
      group: { name: 'Bob, Carol' },
      participant_count: 3,
    });
    const reversed = await create(alice, {
      message: { text: 'Team again' },
      conversation: { user_ids: [ids.carol, ids.bob] },
    });
    expect((await history(bob, reversed.json().conversation_id)).conversation.group).toEqual({
      name: 'Carol, Bob',
    });
    const named = await create(alice, {
      message: { text: 'Hello' },
      conversation: { user_ids: [ids.bob, ids.carol, ids.alice], name: 'Lunch' },
    });
    expect((await history(bob, named.json().conversation_id)).conversation.group).toEqual({ name: 'Lunch' });
  });

  it('answers a resend by client id with the stored message and makes no second conversation', async () => {
    const body = {
      message: { text: 'Once', client_id: 'spec-shape-resend-1' },
      conversation: { user_ids: [ids.bob, ids.erin] },
    };
    const first = await create(alice, body);
    const again = await create(alice, body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      id: first.json().id,
      conversation_id: first.json().conversation_id,
    });
    const conversations = (await alice.get('/api/v2/messages/conversations')).json().results;
    const withErin = conversations.filter((c: { participants: { id: number }[] }) =>
      c.participants.some((p) => p.id === ids.erin),
    );
    expect(withErin).toHaveLength(1);
  });

  it('refuses a visitor, a message naming no one, only oneself, an unknown member and a stranger conversation', async () => {
    expect(
      (await create(visitor, { message: { text: 'x' }, conversation: { user_ids: [ids.bob] } })).statusCode,
    ).toBe(401);
    const nobody = await create(alice, { message: { text: 'x' } });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().errors[0].field).toBe('message.recipient');
    expect(
      (await create(alice, { message: { text: 'x' }, conversation: { user_ids: [ids.alice] } })).statusCode,
    ).toBe(400);
    expect(
      (await create(alice, { message: { text: 'x' }, conversation: { user_ids: [99999999] } })).statusCode,
    ).toBe(404);
    const theirs = await create(bob, { message: { text: 'x' }, conversation: { user_ids: [ids.carol] } });
    const intrusion = await create(alice, {
      message: { recipient: theirs.json().conversation_id, text: 'x' },
    });
    expect(intrusion.statusCode).toBe(404);
    expect(
      (await create(alice, { message: { text: '' }, conversation: { user_ids: [ids.bob] } })).statusCode,
    ).toBe(400);
  });

  it('creates a group conversation from conversation[user_ids][] and conversation[name], and from every list form', async () => {
    const forms = [
      `conversation[user_ids][]=${ids.bob}&conversation[user_ids][]=${ids.carol}&conversation[name]=Spec`,
      `conversation%5Buser_ids%5D%5B%5D=${ids.bob}&conversation%5Bname%5D=Encoded`,
      `user_ids[]=${ids.bob}&user_ids[]=${ids.carol}&name=Brackets`,
      `user_ids=${ids.bob}&user_ids=${ids.carol}&name=Repeated`,
      `user_ids=${ids.bob},${ids.carol}&name=Comma`,
    ];
    for (const query of forms) {
      const response = await alice.get(`/api/v2/messages/new_channel_conversation?${query}`);
      expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
      const read = await history(bob, response.json().conversation_id);
      expect(read.conversation.type, query).toBe('group');
    }
    const named = await alice.get(
      `/api/v2/messages/new_channel_conversation?conversation[user_ids][]=${ids.carol}&conversation[name]=Spec`,
    );
    expect((await history(carol, named.json().conversation_id)).conversation.group).toEqual({ name: 'Spec' });
  });

  it('refuses a group conversation without members or name, with a bad id, and to a visitor', async () => {
    const noName = await alice.get(
      `/api/v2/messages/new_channel_conversation?conversation[user_ids][]=${ids.bob}`,
    );
    expect(noName.statusCode).toBe(400);
    expect(noName.json().errors[0].field).toBe('conversation.name');
    const noMembers = await alice.get('/api/v2/messages/new_channel_conversation?conversation[name]=X');
    expect(noMembers.statusCode).toBe(400);
    for (const bad of ['user_ids[]=abc&name=X', 'user_ids=1,,2&name=X', 'user_ids[a]=1&name=X']) {
      expect((await alice.get(`/api/v2/messages/new_channel_conversation?${bad}`)).statusCode, bad).toBe(400);
    }
    const anonymous = await visitor.get(
      `/api/v2/messages/new_channel_conversation?conversation[user_ids][]=${ids.bob}&conversation[name]=X`,
    );
    expect(anonymous.statusCode).toBe(401);
  });
});
