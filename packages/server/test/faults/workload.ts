import type { ChatMessage, ServerMessage } from '@plaza/contract';
import { errorResponseSchema } from '@plaza/contract';
import type { LightMyRequestResponse } from 'fastify';
import WebSocket from 'ws';
import type { TestClient } from '../client';
import { cookieHeader } from '../socket';

/**
 * What a fault test's workload counted. Every answer is one of: succeeded (2xx), failed cleanly (the
 * statuses the fault may cause, with the contract's error body and the code expected), or anything else
 * (`unexpected`, which the test expects empty). `lost` is counted by each test: acknowledged writes that
 * are not there afterwards.
 */
export class Tally {
  sent = 0;
  succeeded = 0;
  failedCleanly = 0;
  readonly unexpected: string[] = [];

  constructor(
    /** Whether a non-2xx answer is the clean failure this fault may cause. */
    private readonly clean: (response: LightMyRequestResponse) => boolean = () => false,
  ) {}

  /** Counts one call's answer; answers it again for the caller. */
  async count(what: string, call: Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse | null> {
    this.sent += 1;
    let response: LightMyRequestResponse;
    try {
      response = await call;
    } catch (error) {
      this.unexpected.push(`${what}: threw ${(error as Error).message}`);
      return null;
    }
    if (response.statusCode >= 200 && response.statusCode < 300) this.succeeded += 1;
    else if (this.clean(response)) this.failedCleanly += 1;
    else this.unexpected.push(`${what}: ${response.statusCode} ${response.body.slice(0, 300)}`);
    return response;
  }

  report(extra: Record<string, unknown> = {}) {
    return {
      sent: this.sent,
      succeeded: this.succeeded,
      failedCleanly: this.failedCleanly,
      unexpected: this.unexpected.length,
      ...extra,
    };
  }
}

/** A 503 of the contract: the error body with `code`, and Retry-After. */
export function isClean503(response: LightMyRequestResponse, code: string): boolean {
  if (response.statusCode !== 503 || !response.headers['retry-after']) return false;
  const body = errorResponseSchema.safeParse(safeJson(response.body));
  return body.success && body.data.errors.length === 1 && body.data.errors[0]!.code === code;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * A chat member's browser as the web app runs one (lib/realtime.ts): one socket on the ChatChannel;
 * when the server closes it, it reconnects after a moment and, once the channel is confirmed again,
 * fetches the messages after the newest it has (`history?after=`). What it shows is merged by id; `live`
 * counts how often each message arrived on the socket.
 */
export class ChatWatcher {
  readonly live = new Map<number, number>();
  readonly shown = new Map<number, ChatMessage>();
  reconnects = 0;
  catchUps = 0;
  private socket: WebSocket | null = null;
  private stopped = false;

  constructor(
    private readonly client: TestClient,
    private readonly socketUrl: string,
    private readonly origin: string,
    private readonly conversation: number,
  ) {}

  /** Resolves once the ChatChannel is confirmed. */
  connect(catchUp = false): Promise<void> {
    return new Promise((resolve) => {
      const socket = new WebSocket(this.socketUrl, {
        headers: { cookie: cookieHeader(this.client.jar), origin: this.origin },
      });
      this.socket = socket;
      socket.on('message', (raw) => {
        const message = JSON.parse(raw.toString()) as ServerMessage;
        if (message.type === 'welcome')
          socket.send(JSON.stringify({ command: 'subscribe', channel: 'ChatChannel' }));
        else if (message.type === 'confirm_subscription') {
          resolve();
          if (catchUp) void this.catchUp();
        } else if (message.type === 'message' && message.channel === 'ChatChannel') {
          const event = message.message as { kind: string; message?: ChatMessage };
          if (event.kind !== 'message' || event.message?.conversation_id !== this.conversation) return;
          this.live.set(event.message.id, (this.live.get(event.message.id) ?? 0) + 1);
          this.shown.set(event.message.id, event.message);
        }
      });
      socket.on('error', () => undefined);
      socket.on('close', () => {
        if (this.stopped || this.socket !== socket) return;
        this.reconnects += 1;
        setTimeout(() => void this.connect(true).then(resolve), 200 + Math.random() * 300);
      });
    });
  }

  /** The sender's own message, as the web app adds it from the answer. */
  sent(message: ChatMessage) {
    this.shown.set(message.id, message);
  }

  /**
   * What the web app's conversation does after a reconnect (conversation-view.tsx): the newest page, then
   * older pages while a page brought a message not shown yet. Not "after the newest shown": while the
   * bus was cut off, this instance's own messages kept arriving, so the missed ones lie between them.
   */
  private async catchUp() {
    this.catchUps += 1;
    let before: number | undefined;
    for (let pages = 0; pages < 20; pages += 1) {
      const page = await this.client.get(
        `/api/v2/messages/history?recipient=${this.conversation}${before ? `&before=${before}` : ''}`,
      );
      if (page.statusCode !== 200) return;
      const body = page.json() as { results: ChatMessage[]; has_more: boolean };
      const fresh = body.results.filter((message) => !this.shown.has(message.id));
      for (const message of body.results) this.shown.set(message.id, message);
      if (fresh.length === 0 || !body.has_more || body.results.length === 0) return;
      before = Math.min(...body.results.map((message) => message.id));
    }
  }

  /** Messages that arrived on the socket more than once. */
  duplicates(): number[] {
    return [...this.live].filter(([, times]) => times > 1).map(([id]) => id);
  }

  close() {
    this.stopped = true;
    this.socket?.close();
  }
}

/** Waits until `check` holds, polling (running `step` before each look); false when `timeoutMs` passed first. */
export async function eventually(
  check: () => boolean,
  timeoutMs: number,
  step?: () => Promise<void>,
): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    await step?.();
    if (check()) return true;
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
