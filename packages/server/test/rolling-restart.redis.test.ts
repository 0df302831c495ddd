import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type ChatMessage, cookies, csrfHeader, realtimeClose, type ServerMessage } from '@plaza/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Database } from '../src/db/client';
import { type BuiltServer, builtServer, type ServerProcess, startServer, waitFor } from './built-server';
import { createTestDatabase } from './database';
import { buildGroup, buildUser, testPassword } from './factories';
import { freePort, type RoundRobinProxy, startRoundRobinProxy } from './round-robin-proxy';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const shutdownTimeoutMs = 20_000;

/** What the workload counted: every HTTP answer that was not 2xx (or never came) is a failure. */
const counts = { requests: 0, failed: [] as string[] };

/** A member's browser through the proxy: cookies, the CSRF header, JSON. */
class Member {
  private readonly jar = new Map<string, string>();
  constructor(
    private readonly base: string,
    readonly id: number,
  ) {}

  get cookieHeader(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async call<T = unknown>(method: string, url: string, body?: unknown): Promise<{ status: number; json: T }> {
    if (method !== 'GET' && !this.jar.has(cookies.csrf))
      await this.call('GET', '/api/v2/auth/is_authenticated');
    const headers: Record<string, string> = { cookie: this.cookieHeader, accept: 'application/json' };
    const csrf = this.jar.get(cookies.csrf);
    if (csrf) headers[csrfHeader] = csrf;
    if (body !== undefined) headers['content-type'] = 'application/json';
    counts.requests += 1;
    let response: Response;
    try {
      response = await fetch(`${this.base}${url}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      counts.failed.push(`${method} ${url}: ${(error as Error).message}`);
      return { status: 0, json: null as T };
    }
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      this.jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const text = await response.text();
    if (response.status < 200 || response.status > 299)
      counts.failed.push(`${method} ${url}: ${response.status} ${text.slice(0, 200)}`);
    return { status: response.status, json: (text ? JSON.parse(text) : null) as T };
  }

  async login(username: string) {
    const answer = await this.call('POST', '/api/v2/auth/login', { username, password: testPassword });
    if (answer.status !== 200) throw new Error(`login failed: ${answer.status}`);
  }
}

/**
 * A chat member as the web app runs one: one socket on the ChatChannel; when the server closes it
 * (1012 on a restart) it reconnects after a jittered moment, and once the channel is confirmed again it
 * fetches the messages after the newest one it has (`history?after=`); what it shows is merged by id.
 */
class ChatMember {
  /** How often each message arrived live on the socket (a repeat would be shown twice by a naive client). */
  readonly live = new Map<number, number>();
  readonly shown = new Map<number, ChatMessage>();
  reconnects = 0;
  private socket: WebSocket | null = null;
  private stopped = false;

  constructor(
    private readonly member: Member,
    private readonly wsUrl: string,
    private readonly origin: string,
    private readonly conversation: number,
  ) {}

  private newest(): number {
    return Math.max(0, ...this.shown.keys());
  }

  connect(catchUp = false): Promise<void> {
    return new Promise((resolve) => {
      const socket = new WebSocket(this.wsUrl, {
        headers: { cookie: this.member.cookieHeader, origin: this.origin },
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
          if (
            event.kind !== 'message' ||
            !event.message ||
            event.message.conversation_id !== this.conversation
          )
            return;
          this.live.set(event.message.id, (this.live.get(event.message.id) ?? 0) + 1);
          this.shown.set(event.message.id, event.message);
        }
      });
      socket.on('error', () => undefined);
      socket.on('close', (code) => {
        if (this.stopped || this.socket !== socket) return;
        this.reconnects += 1;
        // The web client (lib/realtime.ts): a restart reconnects at once within a spread; else back-off.
        const delay =
          code === realtimeClose.serviceRestart
            ? Math.random() * realtimeClose.restartReconnectSpreadMs
            : 500 + Math.random() * 500;
        setTimeout(() => void this.connect(true).then(resolve), delay);
      });
    });
  }

  private async catchUp() {
    for (;;) {
      const page = await this.member.call<{ results: ChatMessage[]; has_more: boolean }>(
        'GET',
        `/api/v2/messages/history?recipient=${this.conversation}&after=${this.newest()}`,
      );
      if (page.status !== 200) return;
      for (const message of page.json.results) this.shown.set(message.id, message);
      if (!page.json.has_more) return;
    }
  }

  close() {
    this.stopped = true;
    this.socket?.close();
  }
}

/**
 * A rolling restart under load: two compiled servers on one PostgreSQL database and one Redis behind a
 * round-robin proxy that checks `/readyz`; readers, writers and two chat members work through the proxy
 * while each server in turn gets SIGTERM and is started again. No request may fail and no acknowledged chat
 * message may be lost or arrive twice.
 */
describe('rolling restart of two instances under load', () => {
  let build: BuiltServer;
  let database: Database & { url?: string };
  let proxy: RoundRobinProxy;
  const servers: Array<ServerProcess & { port: number }> = [];
  const dataDirs: string[] = [];
  let ports: number[];

  const start = (port: number): ServerProcess & { port: number } => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'plaza-rolling-'));
    dataDirs.push(dataDir);
    const server = startServer(build.main, {
      DATABASE_URL: database.url!,
      REDIS_URL: redisUrl,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: proxy.url,
      PLAZA_DEMO: '0',
      LOG_LEVEL: 'warn',
      SHUTDOWN_DRAIN_MS: '1500',
      SHUTDOWN_TIMEOUT_MS: String(shutdownTimeoutMs),
    });
    const started = { ...server, port };
    servers.push(started);
    return started;
  };

  beforeAll(async () => {
    build = builtServer();
    database = await createTestDatabase();
    ports = [await freePort(), await freePort()];
    proxy = await startRoundRobinProxy(ports);
    for (const port of ports) start(port);
    await waitFor(() => proxy.backends.every((backend) => backend.healthy), 'both instances ready', 120_000);
  }, 180_000);

  afterAll(async () => {
    for (const server of servers)
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await proxy?.close();
    await database?.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    build?.remove();
  });

  it('answers every request and delivers every acknowledged chat message once', async () => {
    const token = randomBytes(4).toString('hex');
    const users = await Promise.all(
      ['alice', 'bob', 'writer1', 'writer2', 'reader1', 'reader2'].map((name) =>
        buildUser(database.db, { firstname: name }),
      ),
    );
    const [, bobUser, ...others] = users;
    const group = await buildGroup(database.db, { admins: [others[0]!], members: [others[1]!] });
    const members = users.map((user) => new Member(proxy.url, user.id));
    for (const [index, member] of members.entries()) await member.login(users[index]!.username);
    const [alice, bob, writer1, writer2, reader1, reader2] = members as [
      Member,
      Member,
      Member,
      Member,
      Member,
      Member,
    ];

    const started = await alice.call<{ conversation_id: number }>(
      'GET',
      `/api/v2/messages/new_direct_message_conversation?user_ids=${bobUser!.id}`,
    );
    const conversation = started.json.conversation_id;
    const wsUrl = `${proxy.url.replace('http', 'ws')}/api/v2/cable`;
    const chat = {
      alice: new ChatMember(alice, wsUrl, proxy.url, conversation),
      bob: new ChatMember(bob, wsUrl, proxy.url, conversation),
    };
    await chat.alice.connect();
    await chat.bob.connect();

    let running = true;
    const acknowledged = { alice: [] as number[], bob: [] as number[] };
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const reads = [
      '/api/v2/auth/is_authenticated',
      '/api/v2/settings',
      '/api/v2/news?page=1&per_page=10',
      `/api/v2/news?group_id=${group.id}&page=1&per_page=10`,
      '/api/v2/activities/unread_activities',
    ];
    const reader = async (member: Member) => {
      for (let turn = 0; running; turn += 1) await member.call('GET', reads[turn % reads.length]!);
    };
    const writer = async (member: Member, name: string) => {
      for (let turn = 0; running && turn < 25; turn += 1) {
        await member.call('POST', '/api/v2/posts', {
          description: `<p>${name} ${token} ${turn}</p>`,
          group_id: group.id,
        });
        await pause(400);
      }
    };
    const chatter = async (member: Member, name: 'alice' | 'bob') => {
      for (let turn = 0; running; turn += 1) {
        const answer = await member.call<ChatMessage>('POST', '/api/v2/messages/create', {
          message: { recipient: conversation, text: `${name} ${token} ${turn}`, client_id: randomUUID() },
        });
        if (answer.status === 200) acknowledged[name].push(answer.json.id);
        await pause(100);
      }
    };
    const load = Promise.all([
      // Two pages open per reader: four read loops.
      reader(reader1),
      reader(reader1),
      reader(reader2),
      reader(reader2),
      writer(writer1, 'writer1'),
      writer(writer2, 'writer2'),
      chatter(alice, 'alice'),
      chatter(bob, 'bob'),
    ]);

    // The rolling restart: each instance in turn gets SIGTERM, exits within its deadline and is started
    // again; the next one goes once the proxy sees the new process ready.
    const stoppedAfterMs: number[] = [];
    for (const index of [0, 1]) {
      await pause(3000);
      const instance = servers.findLast((server) => server.port === ports[index])!;
      const signalled = Date.now();
      instance.child.kill('SIGTERM');
      const exit = await Promise.race([
        instance.exited,
        pause(shutdownTimeoutMs + 10_000).then(() => 'still running' as const),
      ]);
      expect(exit, instance.output()).toEqual({ code: 0, signal: null });
      stoppedAfterMs.push(Date.now() - signalled);
      start(ports[index]!);
      await waitFor(() => proxy.backends[index]!.healthy, 'the restarted instance ready', 120_000);
    }
    await pause(3000);
    running = false;
    await load;

    // Every acknowledged message reaches the other member (live or caught up after a reconnect).
    const expectedBy = { alice: acknowledged.bob, bob: acknowledged.alice };
    const missing = () =>
      (['alice', 'bob'] as const).flatMap((name) =>
        expectedBy[name].filter((id) => !chat[name].shown.has(id)),
      );
    await waitFor(() => missing().length === 0, 'every acknowledged message delivered', 15_000).catch(
      () => undefined,
    );
    const lost = missing();
    const duplicates = (['alice', 'bob'] as const).flatMap((name) =>
      [...chat[name].live].filter(([, times]) => times > 1).map(([id]) => id),
    );
    chat.alice.close();
    chat.bob.close();
    const report = {
      requests: counts.requests,
      failed: counts.failed.length,
      chatSent: acknowledged.alice.length + acknowledged.bob.length,
      lost: lost.length,
      duplicates: duplicates.length,
      socketReconnects: chat.alice.reconnects + chat.bob.reconnects,
      proxyRetries: proxy.retries,
      proxyFailures: proxy.failures.length,
      stoppedAfterMs,
    };
    console.log(`rolling restart: ${JSON.stringify(report)}`);
    expect(counts.failed).toEqual([]);
    expect(proxy.failures).toEqual([]);
    expect(lost).toEqual([]);
    expect(duplicates).toEqual([]);
    // The restarts happened under load: both members' sockets were moved, and both kept chatting.
    expect(chat.alice.reconnects).toBeGreaterThan(0);
    expect(chat.bob.reconnects).toBeGreaterThan(0);
    expect(acknowledged.alice.length).toBeGreaterThan(20);
    expect(acknowledged.bob.length).toBeGreaterThan(20);
  }, 300_000);
});
