import { describe, expect, it } from 'vitest';
import { message } from '../test/chat-fixtures';
import { applyRead, dropPending, mergeMessages, newClientId, pendingMessage } from './messages-state';

const own = { id: 3, name: 'Me', image: null };

describe('mergeMessages', () => {
  it('replaces the pending message by the stored one, whichever of answer and live event comes first', () => {
    const pending = pendingMessage({ conversation_id: 5, client_id: 'client-1234', sender: own, text: 'Hi' });
    const stored = message(11, { client_id: 'client-1234', sender: own, text: 'Hi' });
    const afterEvent = mergeMessages([message(10), pending], [stored]);
    const afterBoth = mergeMessages(afterEvent, [stored]);
    expect(afterBoth.map((each) => each.id)).toEqual([10, 11]);
    expect(afterBoth.some((each) => each.pending)).toBe(false);
  });

  it('keeps stored messages in id order with pending ones last, each id once', () => {
    const pending = pendingMessage({
      conversation_id: 5,
      client_id: 'client-5678',
      sender: own,
      text: 'Later',
    });
    const merged = mergeMessages([message(12), pending], [message(9), message(12), message(14)]);
    expect(merged.map((each) => each.id)).toEqual([9, 12, 14, pending.id]);
  });

  it('never takes back a read receipt, and marks only earlier messages of others as read', () => {
    const mine = message(20, { sender: own, read_by: [8] });
    expect(mergeMessages([mine], [{ ...mine, read_by: [] }])[0]?.read_by).toEqual([8]);
    const read = applyRead([message(21, { sender: own }), message(22, { sender: own })], 8, 21);
    expect(read.map((each) => each.read_by)).toEqual([[8], []]);
  });

  it('drops a failed pending message', () => {
    const pending = pendingMessage({ conversation_id: 5, client_id: 'client-9999', sender: own, text: 'x' });
    expect(dropPending([message(1), pending], 'client-9999').map((each) => each.id)).toEqual([1]);
  });

  it('makes client ids the server accepts', () => {
    expect(newClientId()).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });
});
