import type { ChatMessage } from '@plaza/contract/chat';

/** A message as the conversation shows it: stored (positive id) or pending (sent, not yet answered). */
export interface ShownMessage extends ChatMessage {
  pending?: boolean;
}

let pendingSeq = 0;

/** A message id for the sender's own client: letters and digits, unique enough (crypto when there). */
export function newClientId(): string {
  const random =
    typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
  return random.replace(/[^A-Za-z0-9_-]/g, '');
}

/** A pending message shown until the server answers; its id is negative (no stored message has one). */
export function pendingMessage(
  fields: Pick<ChatMessage, 'conversation_id' | 'client_id' | 'sender' | 'text'> & {
    attachments?: ChatMessage['attachments'];
  },
): ShownMessage {
  pendingSeq += 1;
  return {
    id: -pendingSeq,
    attachments: [],
    time: new Date().toISOString(),
    unread: false,
    read_by: [],
    ...fields,
    pending: true,
  };
}

/**
 * Adds stored messages (a history page, a live event, the answer of a send) to the shown ones. A message is
 * told apart by its id; one carrying the client id of a pending message replaces it. So the live event and
 * the answer of the send may arrive in either order, and nothing is shown twice. Stored messages come in
 * id order, pending ones after them.
 */
export function mergeMessages(
  current: readonly ShownMessage[],
  incoming: readonly ChatMessage[],
): ShownMessage[] {
  const stored = new Map<number, ShownMessage>();
  const pending: ShownMessage[] = [];
  for (const message of current) {
    if (message.pending) pending.push(message);
    else stored.set(message.id, message);
  }
  for (const message of incoming) {
    const known = stored.get(message.id);
    // Read receipts only grow: a late, older copy must not take back a "seen".
    const readBy = known ? [...new Set([...known.read_by, ...message.read_by])] : message.read_by;
    stored.set(message.id, { ...message, read_by: readBy });
    if (message.client_id) {
      const index = pending.findIndex((each) => each.client_id === message.client_id);
      if (index >= 0) pending.splice(index, 1);
    }
  }
  return [...[...stored.values()].sort((a, b) => a.id - b.id), ...pending];
}

/** Drops the pending message of a client id (its send failed). */
export function dropPending(current: readonly ShownMessage[], clientId: string): ShownMessage[] {
  return current.filter((message) => !(message.pending && message.client_id === clientId));
}

/** `userId` has read up to `messageId`: their receipt on every earlier message of someone else. */
export function applyRead(
  current: readonly ShownMessage[],
  userId: number,
  messageId: number,
): ShownMessage[] {
  return current.map((message) =>
    !message.pending &&
    message.id <= messageId &&
    message.sender.id !== userId &&
    !message.read_by.includes(userId)
      ? { ...message, read_by: [...message.read_by, userId] }
      : message,
  );
}

/** The newest stored message's id (what a reconnect asks `after`), or undefined. */
export function lastStoredId(current: readonly ShownMessage[]): number | undefined {
  let last: number | undefined;
  for (const message of current)
    if (!message.pending && (last === undefined || message.id > last)) last = message.id;
  return last;
}

/** The oldest stored message's id (what "load older" asks `before`), or undefined. */
export function firstStoredId(current: readonly ShownMessage[]): number | undefined {
  let first: number | undefined;
  for (const message of current)
    if (!message.pending && (first === undefined || message.id < first)) first = message.id;
  return first;
}

/** The newest stored message someone other than `viewerId` sent that the viewer has not read, or 0. */
export function newestUnreadId(current: readonly ShownMessage[], viewerId: number): number {
  let newest = 0;
  for (const message of current)
    if (!message.pending && message.unread && message.sender.id !== viewerId && message.id > newest)
      newest = message.id;
  return newest;
}
