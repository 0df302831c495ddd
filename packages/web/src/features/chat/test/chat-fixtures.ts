import type { ChatEvent, ChatMessage, Conversation } from '@plaza/contract/chat';
import { vi } from 'vitest';

export const viewerId = 3;
export const otherId = 8;

export const conversation: Conversation = {
  id: 5,
  type: 'direct',
  group: null,
  participants: [
    {
      id: viewerId,
      first_name: 'Viewer',
      last_name: 'Number 3',
      img_path: null,
      online: true,
      latest_activity: null,
    },
    {
      id: otherId,
      first_name: 'Bea',
      last_name: 'Bold',
      img_path: null,
      online: true,
      latest_activity: null,
    },
  ],
  participant_count: 2,
  last_message: null,
  new_messages: 0,
  created: '2026-03-05T09:00:00.000Z',
};

export function message(id: number, patch: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    conversation_id: conversation.id,
    client_id: null,
    sender: { id: otherId, name: 'Bea Bold', image: null },
    text: `Message ${id}`,
    attachments: [],
    time: '2026-03-05T09:00:00.000Z',
    unread: false,
    read_by: [],
    ...patch,
  };
}

/**
 * A WebSocket that opens at once and lets the test deliver ChatChannel events (`deliver`). Install it
 * with `vi.stubGlobal('WebSocket', FakeSocket)`.
 */
export class FakeSocket {
  static instances: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor() {
    FakeSocket.instances.push(this);
    queueMicrotask(() => {
      this.readyState = 1;
      this.onopen?.();
    });
  }
  send(data: string) {
    const sent = JSON.parse(data);
    this.sent.push(sent);
    if (sent.command === 'subscribe') {
      queueMicrotask(() =>
        this.onmessage?.({ data: JSON.stringify({ type: 'confirm_subscription', channel: sent.channel }) }),
      );
    }
  }
  /** The connection is lost (the client reconnects after its back-off). */
  drop() {
    this.readyState = 3;
    this.onclose?.({ code: 1006 });
  }
  close() {
    this.readyState = 3;
  }
  /** Delivers a ChatChannel event to the open sockets. */
  static deliver(event: ChatEvent) {
    for (const socket of FakeSocket.instances) {
      if (socket.readyState !== 1) continue;
      socket.onmessage?.({
        data: JSON.stringify({ type: 'message', channel: 'ChatChannel', message: event }),
      });
    }
  }
}

/** A promise with its resolve handle, to answer a call when the test says so. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** Wraps the stubbed fetch so calls to `path` wait for `gate` before answering. */
export function holdCalls(path: string, gate: Promise<unknown>) {
  const inner = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input).startsWith(path)) await gate;
    return inner(input, init);
  });
}
