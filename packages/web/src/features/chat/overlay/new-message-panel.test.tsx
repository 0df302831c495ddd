import { endpoints } from '@plaza/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, stubFetch } from '../../../test/fetch-stub';
import { renderInApp } from '../../../test/render-in-app';
import { sessionUser } from '../../../test/session-user';
import { conversation } from '../test/chat-fixtures';
import { NewMessagePanel } from './new-message-panel';

vi.setConfig({ testTimeout: 30_000 });

const bea = conversation.participants[1]!;
const carl = { ...bea, id: 9, first_name: 'Carl', last_name: 'Cole' };

describe('NewMessagePanel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the button disabled until someone is chosen; one member opens the direct conversation', async () => {
    const calls = stubFetch([
      answer(endpoints.chat.users, { results: [bea, carl] }),
      answer(endpoints.chat.newDirectConversation, { conversation_id: 5 }, { query: { user_ids: '8' } }),
    ]);
    const onCreated = vi.fn();
    renderInApp(<NewMessagePanel onCreated={onCreated} />, { user: sessionUser(3) });
    const create = screen.getByRole('button', { name: 'Start conversation' });
    expect(create).toHaveProperty('disabled', true);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Bea Bold' }));
    expect(create).toHaveProperty('disabled', false);
    fireEvent.click(create);
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(5));
    expect(
      calls.some((call) => call.url.includes('/messages/new_direct_message_conversation?user_ids=8')),
    ).toBe(true);
  });

  it('makes a named group of several members', async () => {
    const calls = stubFetch([
      answer(endpoints.chat.users, { results: [bea, carl] }),
      answer(endpoints.chat.newChannelConversation, { conversation_id: 6 }),
    ]);
    const onCreated = vi.fn();
    renderInApp(<NewMessagePanel onCreated={onCreated} />, { user: sessionUser(3) });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Bea Bold' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Carl Cole' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Group name (optional)' }), {
      target: { value: 'Team' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Start conversation' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(6));
    const url = calls.find((call) => call.url.includes('new_channel_conversation'))?.url ?? '';
    expect(new URL(url, 'http://x').searchParams.get('user_ids')).toBe('8,9');
    expect(new URL(url, 'http://x').searchParams.get('name')).toBe('Team');
  });
});
