import { endpoints } from '@plaza/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UserCard } from '../../components/user-card';
import { answer, stubFetch } from '../../test/fetch-stub';
import { renderInApp, testSettings } from '../../test/render-in-app';
import { sessionUser } from '../../test/session-user';
import { ChatButton } from './chat-button';
import { conversation, FakeSocket, message, viewerId } from './test/chat-fixtures';

vi.setConfig({ testTimeout: 30_000 });

const history = answer(
  endpoints.chat.history,
  { conversation, results: [message(10, { text: 'Hi there' })], has_more: false },
  { query: { recipient: conversation.id } },
);
const bea = { id: 8, firstname: 'Bea', lastname: 'Bold', img_path: null };

describe('opening the chat', () => {
  beforeEach(() => {
    FakeSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('the deep link chat=1&conversation_id opens that conversation; the button shows the unread count', async () => {
    stubFetch([answer(endpoints.chat.unread, { unread: 3 }), history]);
    renderInApp(<ChatButton />, {
      user: sessionUser(viewerId),
      path: `/en_GB/?chat=1&conversation_id=${conversation.id}`,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Bea Bold' }, { timeout: 15_000 });
    expect(await screen.findByText('Hi there')).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('button', { name: 'Open chat, 3 unread' })).toBeTruthy();
  });

  it("the user card's contact icon opens the direct conversation (when the settings show it)", async () => {
    const calls = stubFetch([
      answer(endpoints.chat.unread, { unread: 0 }),
      answer(
        endpoints.chat.newDirectConversation,
        { conversation_id: conversation.id },
        { query: { user_ids: '8' } },
      ),
      history,
    ]);
    renderInApp(
      <>
        <ChatButton />
        <UserCard user={bea} />
      </>,
      { user: sessionUser(viewerId), path: '/en_GB/who_is_who' },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send Bea Bold a message' }));
    expect(await screen.findByRole('dialog', { name: 'Bea Bold' }, { timeout: 15_000 })).toBeTruthy();
    expect(calls.some((call) => call.url.includes('new_direct_message_conversation?user_ids=8'))).toBe(true);
  });

  it('the user card has no contact icon when the settings hide it, nor on the own card', () => {
    stubFetch([]);
    renderInApp(<UserCard user={bea} />, {
      user: sessionUser(viewerId),
      settings: testSettings({ show_user_overview_contact_button: false }),
    });
    expect(screen.queryByRole('button', { name: 'Send Bea Bold a message' })).toBeNull();
    renderInApp(<UserCard user={{ ...bea, id: viewerId }} />, { user: sessionUser(viewerId) });
    expect(screen.queryByRole('button', { name: /a message/ })).toBeNull();
  });
});
