import type { AddressInfo } from 'node:net';
import { clientMessageSchema, realtimePath, serverMessageSchema } from '@plaza/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from './app';
import type { TestClient } from './client';
import { buildUser } from './factories';
import { signedIn } from './group-helpers';
import { candidatesFor } from './hostile/mutations';
import { errorLog } from './hostile/observe';
import { remove, setAt, spotsOf, validArb } from './hostile/schema';
import { cookieHeader } from './socket';

/*
 * The WebSocket messages of the contract (issue 19, item 3), generated from `clientMessageSchema` and
 * broken the way the HTTP test breaks request bodies, plus frames no schema describes: text that is not
 * JSON, binary frames, frames over the 4 KiB limit, invalid UTF-8, bursts. Against the real endpoint
 * over a real port. Every message is answered as the contract says (`error` for what it does not
 * describe) or the socket is closed with the code for that frame; every server message is one of the
 * contract's; the app logs no error and keeps serving.
 */

const seed = Number(process.env.HOSTILE_SEED ?? 19_2025);
const runs = Number(process.env.HOSTILE_WS_RUNS ?? 150);
const origin = 'http://plaza.test';

interface Received {
  raw: string;
  message: unknown;
}

/** A socket that keeps every frame and its close code. */
class Probe {
  readonly received: Received[] = [];
  closeCode: number | undefined;
  private waiters: (() => void)[] = [];

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data: WebSocket.RawData) => {
      const raw = data.toString();
      let message: unknown;
      try {
        message = JSON.parse(raw);
      } catch {
        message = undefined;
      }
      this.received.push({ raw, message });
      this.wake();
    });
    socket.on('close', (code: number) => {
      this.closeCode = code;
      this.wake();
    });
    socket.on('error', () => this.wake());
  }

  static open(url: string, headers: Record<string, string>): Promise<Probe> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, { headers });
      socket.once('unexpected-response', (_request, response) =>
        reject(new Error(`HTTP ${response.statusCode}`)),
      );
      socket.once('error', reject);
      socket.once('open', () => resolve(new Probe(socket)));
    });
  }

  private wake() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter();
  }

  /** Waits until `done` holds or the socket closes; false after `timeoutMs`. */
  async until(done: () => boolean, timeoutMs = 5_000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      if (this.closeCode !== undefined) return done();
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return true;
  }

  get open(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      this.socket.once('close', () => resolve());
      this.socket.close();
    });
  }
}

/** What the server must do with a frame, read from the contract's message schema. */
type Reply =
  | { kind: 'answer'; type: 'error' | 'pong' | 'confirm_subscription' | 'reject_subscription' }
  | { kind: 'silence' }
  | { kind: 'close'; code: number };

function replyTo(text: string): Reply {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { kind: 'answer', type: 'error' };
  }
  const result = clientMessageSchema.safeParse(parsed);
  if (!result.success) return { kind: 'answer', type: 'error' };
  const message = result.data;
  if (message.command === 'ping') return { kind: 'answer', type: 'pong' };
  if (message.command === 'unsubscribe') return { kind: 'silence' };
  // The member's own channels take no stream; the test's member reads the news stream and no group
  // exists here, so a group's or a topic's stream is refused.
  const confirmed =
    message.channel === 'StreamChannel' ? message.stream?.kind === 'news' : message.stream === undefined;
  return { kind: 'answer', type: confirmed ? 'confirm_subscription' : 'reject_subscription' };
}

interface Frame {
  name: string;
  data: string | Buffer;
  binary?: boolean;
  /** What must happen; by default what `replyTo` reads from the frame's text. */
  reply?: Reply;
}

describe('hostile input over the real-time socket: every frame is answered or closed cleanly', () => {
  let t: TestApp;
  let url: string;
  let member: TestClient;
  const log = errorLog();
  let sent = 0;

  beforeAll(async () => {
    t = await createTestApp({ env: { LOG_LEVEL: 'error' }, logStream: log.stream });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${realtimePath}`;
    member = await signedIn(t, await buildUser(t.db));
  });

  afterAll(async () => {
    console.log(`hostile real-time input (seed ${seed}): ${sent} frames sent`);
    await t?.close();
  });

  const headers = () => ({ cookie: cookieHeader(member.jar), origin });

  /**
   * Sends one frame on `probe` and checks the server's reply, then that the socket still answers a ping
   * (unless the frame had to close it). Returns the problems found.
   */
  async function exchange(probe: Probe, frame: Frame): Promise<string[]> {
    sent += 1;
    const problems: string[] = [];
    const logged = log.lines.length;
    const start = probe.received.length;
    const text = typeof frame.data === 'string' ? frame.data : frame.data.toString('utf8');
    const expected = frame.reply ?? replyTo(text);
    probe.socket.send(frame.data, { binary: frame.binary ?? false });
    const fresh = () => probe.received.slice(start);
    if (expected.kind === 'close') {
      if (!(await probe.until(() => probe.closeCode !== undefined))) problems.push('the socket stayed open');
      else if (probe.closeCode !== expected.code)
        problems.push(`closed with ${probe.closeCode}, not ${expected.code}`);
    } else {
      if (expected.kind === 'answer') {
        const arrived = await probe.until(() =>
          fresh().some((r) => (r.message as { type?: string } | undefined)?.type === expected.type),
        );
        if (!arrived) problems.push(`no ${expected.type} arrived`);
      }
      const before = probe.received.length;
      probe.socket.send(JSON.stringify({ command: 'ping' }));
      const alive = await probe.until(() =>
        probe.received
          .slice(before)
          .some((r) => (r.message as { type?: string } | undefined)?.type === 'pong'),
      );
      if (!alive)
        problems.push(`the socket does not answer a ping afterwards (closed ${probe.closeCode ?? 'no'})`);
      if (expected.kind !== 'answer' || expected.type !== 'error') {
        const errors = fresh().filter((r) => (r.message as { type?: string } | undefined)?.type === 'error');
        if (errors.length) problems.push(`answered error: ${errors[0]?.raw}`);
      }
    }
    for (const received of fresh()) {
      if (!serverMessageSchema.safeParse(received.message).success) {
        problems.push(`sent a message the contract does not have: ${received.raw.slice(0, 200)}`);
      }
    }
    for (const line of log.lines.slice(logged))
      problems.push(`logged an error: ${line.msg} ${line.err?.message ?? ''}`);
    return problems.map((p) => `[${frame.name}] ${p}`);
  }

  it('answers generated and broken client messages with the reply the contract gives them', async () => {
    const messages = validArb(clientMessageSchema, { ids: [] });
    const broken = fc
      .record({ message: messages, spot: fc.nat(), candidate: fc.nat(), asIs: fc.nat({ max: 5 }) })
      .map(({ message, spot, candidate, asIs }): Frame => {
        if (asIs === 0)
          return { name: `as generated: ${JSON.stringify(message)}`, data: JSON.stringify(message) };
        const spots = spotsOf(clientMessageSchema, message);
        const where = spots[spot % spots.length]!;
        const candidates = candidatesFor(where, 'json');
        const change = candidates[candidate % candidates.length]!;
        const value = where.path.length === 0 && change.value === remove ? null : change.value;
        const data = JSON.stringify(setAt(message, where.path, value)) ?? 'null';
        const name = `${where.path.join('.') || 'message'}: ${change.name}`;
        // Past 4 KiB the frame is refused by size, whatever it says (RFC 6455 1009: message too big).
        return Buffer.byteLength(data) > 4096
          ? { name, data, reply: { kind: 'close', code: 1009 } }
          : { name, data };
      });
    let probe = await Probe.open(url, headers());
    await probe.until(() => probe.received.length > 0);
    const problems: string[] = [];
    await fc.assert(
      fc.asyncProperty(broken, async (frame) => {
        if (!probe.open) {
          probe = await Probe.open(url, headers());
          await probe.until(() => probe.received.length > 0);
        }
        problems.push(...(await exchange(probe, frame)));
        return true;
      }),
      { seed, numRuns: runs, endOnFailure: true },
    );
    await probe.close();
    expect(problems).toEqual([]);
  });

  it('answers frames no schema describes: not JSON, binary, oversized, invalid UTF-8, bursts', async () => {
    const frames: Frame[] = [
      { name: 'text that is not JSON', data: 'not json' },
      { name: 'empty text', data: '' },
      { name: 'JSON null', data: 'null' },
      { name: 'JSON array', data: '[{"command":"ping"}]' },
      { name: 'unknown command', data: '{"command":"shutdown"}' },
      { name: 'subscribe without a channel', data: '{"command":"subscribe"}' },
      { name: 'unknown channel', data: '{"command":"subscribe","channel":"AdminChannel"}' },
      { name: 'channel with NUL', data: '{"command":"subscribe","channel":"NotificationChannel\\u0000"}' },
      {
        name: 'prototype keys',
        data: '{"__proto__":{"command":"ping"},"constructor":{"prototype":{"x":1}}}',
      },
      { name: 'number beyond doubles', data: `{"command":"ping","n":1${'0'.repeat(400)}}` },
      { name: 'deeply nested JSON', data: `${'['.repeat(2000)}${']'.repeat(2000)}` },
      { name: 'lone surrogate escape', data: '{"command":"subscribe","channel":"\\ud800"}' },
      { name: 'binary frame of random bytes', data: Buffer.from([0, 255, 1, 254, 2, 253]), binary: true },
      { name: 'binary frame carrying a ping', data: Buffer.from('{"command":"ping"}'), binary: true },
      { name: 'empty binary frame', data: Buffer.alloc(0), binary: true },
      {
        name: 'text frame over 4 KiB',
        data: `{"command":"ping","x":"${'a'.repeat(4080)}"}`,
        reply: { kind: 'close', code: 1009 },
      },
      {
        name: 'binary frame of 64 KiB',
        data: Buffer.alloc(65_536, 1),
        binary: true,
        reply: { kind: 'close', code: 1009 },
      },
      {
        name: 'text frame of invalid UTF-8',
        data: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
        reply: { kind: 'close', code: 1007 },
      },
    ];
    const problems: string[] = [];
    let probe = await Probe.open(url, headers());
    await probe.until(() => probe.received.length > 0);
    for (const frame of frames) {
      if (!probe.open) {
        probe = await Probe.open(url, headers());
        await probe.until(() => probe.received.length > 0);
      }
      problems.push(...(await exchange(probe, frame)));
    }

    // A burst: 300 frames at once, good and bad mixed, every one answered.
    if (!probe.open) probe = await Probe.open(url, headers());
    const start = probe.received.length;
    for (let i = 0; i < 100; i += 1) {
      probe.socket.send('{"command":"ping"}');
      probe.socket.send('{');
      probe.socket.send('{"command":"unsubscribe","channel":"ChatChannel"}');
    }
    sent += 300;
    const answered = await probe.until(() => probe.received.length - start >= 200, 15_000);
    if (!answered) problems.push(`[burst] ${probe.received.length - start} of 200 answers arrived`);
    await probe.close();

    // The server still serves: a new socket is welcomed and answers a ping.
    const fresh = await Probe.open(url, headers());
    await fresh.until(() => fresh.received.length > 0);
    problems.push(...(await exchange(fresh, { name: 'ping on a new socket', data: '{"command":"ping"}' })));
    await fresh.close();
    expect(problems).toEqual([]);
  });

  it('refuses hostile upgrades, and plain HTTP requests to the socket path, without logging an error', async () => {
    const logged = log.lines.length;
    await expect(Probe.open(url, { origin })).rejects.toThrow('HTTP 401');
    await expect(
      Probe.open(url, { cookie: cookieHeader(member.jar), origin: 'https://evil.example' }),
    ).rejects.toThrow('HTTP 403');
    await expect(Probe.open(url, { cookie: 'plaza_session=forged', origin })).rejects.toThrow('HTTP 401');
    for (const headersOfPlain of [{}, { cookie: cookieHeader(member.jar), origin }]) {
      const response = await t.app.inject({ method: 'GET', url: realtimePath, headers: headersOfPlain });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
    expect(log.lines.slice(logged)).toEqual([]);
  });
});
