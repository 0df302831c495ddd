import { endpoints } from '@plaza/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, answerError, stubFetch } from '../../../test/fetch-stub';
import { renderInApp } from '../../../test/render-in-app';
import { sessionUser } from '../../../test/session-user';
import { conversation, deferred, FakeSocket, holdCalls, message, viewerId } from '../test/chat-fixtures';
import { ConversationView } from './conversation-view';

vi.setConfig({ testTimeout: 30_000 });

const clientId = 'aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee';
const own = { id: viewerId, name: 'Viewer Number 3', image: null };
const history = answer(
  endpoints.chat.history,
  { conversation, results: [message(10, { text: 'Hi there' })], has_more: false },
  { query: { recipient: conversation.id } },
);
const stored = message(11, { client_id: clientId, sender: own, text: 'Hello' });

function show() {
  renderInApp(<ConversationView conversationId={conversation.id} onTitle={() => undefined} />, {
    user: sessionUser(viewerId),
  });
}

const input = () => screen.getByRole('textbox', { name: 'Message' });
const log = () => screen.getByRole('log', { name: 'Messages' });
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });
const sends = (calls: { method: string; url: string }[]) =>
  calls.filter((call) => call.method === 'POST' && call.url.includes('/messages/create'));

describe('ConversationView', () => {
  beforeEach(() => {
    FakeSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.spyOn(globalThis.crypto, 'randomUUID').mockReturnValue(clientId);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends on Enter, adds a line on Shift+Enter, and never sends an empty text', async () => {
    const calls = stubFetch([
      history,
      answer(endpoints.chat.create, stored),
      answer(endpoints.chat.typing, { success: true }),
    ]);
    show();
    await within(await screen.findByRole('log')).findByText('Hi there');
    type('   ');
    fireEvent.keyDown(input(), { key: 'Enter' });
    type('Hello');
    fireEvent.keyDown(input(), { key: 'Enter', shiftKey: true });
    expect(sends(calls)).toHaveLength(0);
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() => expect(sends(calls)).toHaveLength(1));
    expect(sends(calls)[0]).toMatchObject({
      body: { message: { recipient: conversation.id, text: 'Hello', client_id: clientId } },
    });
    expect(input()).toHaveProperty('value', '');
    await waitFor(() => expect(within(log()).getAllByText('Hello')).toHaveLength(1));
  });

  it('shows the message pending, then once, though the live event comes before the answer', async () => {
    stubFetch([
      history,
      answer(endpoints.chat.create, stored),
      answer(endpoints.chat.typing, { success: true }),
    ]);
    const gate = deferred<void>();
    holdCalls('/api/v2/messages/create', gate.promise);
    show();
    await within(await screen.findByRole('log')).findByText('Hi there');
    type('Hello');
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(within(log()).getByText('Hello')).toBeTruthy();
    expect(within(log()).getByText(/Sending…/)).toBeTruthy();
    await waitFor(() => expect(FakeSocket.instances.some((socket) => socket.readyState === 1)).toBe(true));
    act(() => FakeSocket.deliver({ kind: 'message', message: stored }));
    expect(within(log()).getAllByText('Hello')).toHaveLength(1);
    expect(within(log()).queryByText(/Sending…/)).toBeNull();
    gate.resolve();
    await waitFor(() => expect(within(log()).getAllByText('Hello')).toHaveLength(1));
    // A receipt arrives live: the own message shows it was seen.
    act(() =>
      FakeSocket.deliver({ kind: 'read', conversation_id: conversation.id, user_id: 8, message_id: 11 }),
    );
    expect(await within(log()).findByText(/Seen/)).toBeTruthy();
  });

  it('puts the text back with the error when sending fails', async () => {
    stubFetch([
      history,
      answer(endpoints.chat.typing, { success: true }),
      answerError(endpoints.chat.create, 500, { errors: [{ code: 'internal', message: 'Broken' }] }),
    ]);
    show();
    await within(await screen.findByRole('log')).findByText('Hi there');
    type('Hello');
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'The message could not be sent. Please try again.',
    );
    await waitFor(() => expect(input()).toHaveProperty('value', 'Hello'));
    expect(within(log()).queryByText('Hello')).toBeNull();
  });

  it('after a reconnect, fetches the newest pages until nothing is new, so a message missed between live ones shows, each once', async () => {
    const answers = [history];
    const calls = stubFetch(answers);
    show();
    await within(await screen.findByRole('log')).findByText('Hi there');
    await waitFor(() => expect(FakeSocket.instances.some((socket) => socket.readyState === 1)).toBe(true));
    // 12 came live on this member's instance; 11 (sent on another instance while Redis was gone) did not.
    act(() => FakeSocket.deliver({ kind: 'message', message: message(12, { text: 'Live' }) }));
    answers.push(
      answer(
        endpoints.chat.history,
        {
          conversation,
          results: [
            message(11, { text: 'While away' }),
            message(12, { text: 'Live' }),
            message(13, { text: 'After' }),
          ],
          has_more: true,
        },
        { query: { recipient: conversation.id } },
      ),
      answer(
        endpoints.chat.history,
        { conversation, results: [message(10, { text: 'Hi there' })], has_more: false },
        { query: { recipient: conversation.id, before: 11 } },
      ),
    );
    act(() => {
      for (const socket of FakeSocket.instances) socket.drop();
    });
    expect(await within(log()).findByText('While away', {}, { timeout: 5_000 })).toBeTruthy();
    await waitFor(() => expect(calls.some((call) => call.url.includes('before=11'))).toBe(true));
    expect(
      within(log())
        .getAllByText(/^(Hi there|While away|Live|After)$/)
        .map((each) => each.textContent),
    ).toEqual(['Hi there', 'While away', 'Live', 'After']);
    // The page before 11 brought nothing new: no further page is asked for.
    expect(calls.filter((call) => call.url.includes('before='))).toHaveLength(1);
  });

  // Issue 47: read only after the conversation stayed open 5 s, so a member who read a message and closed
  // the overlay sooner left it unread, and its sender never saw "Seen".
  describe('reading', () => {
    let visibility: DocumentVisibilityState = 'visible';
    beforeEach(() => {
      visibility = 'visible';
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
    });
    afterEach(() => {
      Reflect.deleteProperty(document, 'visibilityState');
    });

    const unreadHistory = answer(
      endpoints.chat.history,
      { conversation, results: [message(10, { text: 'Hi there', unread: true })], has_more: false },
      { query: { recipient: conversation.id } },
    );
    const marksOf = (calls: { method: string; url: string; body: unknown }[]) =>
      calls.filter((call) => call.url.includes('/messages/mark_as_read')).map((call) => call.body);
    const pause = (ms: number) => act(() => new Promise((done) => setTimeout(done, ms)));

    it('marks what it shows read at once, and each message from someone else as it arrives', async () => {
      const calls = stubFetch([unreadHistory, answer(endpoints.chat.markAsRead, { unread: 0 })]);
      show();
      await within(await screen.findByRole('log')).findByText('Hi there');
      await waitFor(() => expect(marksOf(calls)).toEqual([{ recipient: conversation.id, message_id: 10 }]));
      await waitFor(() => expect(FakeSocket.instances.some((socket) => socket.readyState === 1)).toBe(true));

      act(() =>
        FakeSocket.deliver({ kind: 'message', message: message(11, { text: 'Live', unread: true }) }),
      );
      await within(log()).findByText('Live');
      await waitFor(() => expect(marksOf(calls)).toHaveLength(2));
      expect(marksOf(calls)[1]).toEqual({ recipient: conversation.id, message_id: 11 });

      // The viewer's own message is nothing to read.
      act(() => FakeSocket.deliver({ kind: 'message', message: message(12, { sender: own, text: 'Mine' }) }));
      await within(log()).findByText('Mine');
      await pause(100);
      expect(marksOf(calls)).toHaveLength(2);
    });

    it('in a hidden tab, waits until the tab is visible again', async () => {
      visibility = 'hidden';
      const calls = stubFetch([unreadHistory, answer(endpoints.chat.markAsRead, { unread: 0 })]);
      show();
      await within(await screen.findByRole('log')).findByText('Hi there');
      await pause(200);
      expect(marksOf(calls)).toHaveLength(0);

      visibility = 'visible';
      act(() => {
        document.dispatchEvent(new Event('visibilitychange'));
      });
      await waitFor(() => expect(marksOf(calls)).toEqual([{ recipient: conversation.id, message_id: 10 }]));
    });
  });
});
