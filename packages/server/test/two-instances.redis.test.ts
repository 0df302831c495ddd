import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cookies, csrfHeader, realtimeClose } from '@plaza/contract';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { executeRows } from '../src/db/execute-rows';
import { housekeepingJobs } from '../src/housekeeping';
import { rateLimitTable } from '../src/platform/rate-limit/limits';
import { type BuiltServer, builtServer, type ServerProcess, startServer, waitFor } from './built-server';
import { createTestDatabase } from './database';
import { buildAdmin, buildGroup, buildUser, testPassword } from './factories';
import { buildArticle } from './post-helpers';
import { sample } from './prometheus';
import { freePort, type RoundRobinProxy, startRoundRobinProxy } from './round-robin-proxy';
import { type S3Fake, startS3Fake } from './s3-fake';
import { openSocket, type TestSocket } from './socket';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const metricsToken = `metrics-${randomBytes(12).toString('hex')}`;
/** Both instances look for due housekeeping jobs every second (production: every 10 minutes). */
const housekeepingTickMs = 1000;

interface Answer {
  status: number;
  headers: Headers;
  body: Buffer;
  // biome-ignore lint/suspicious/noExplicitAny: an answer's JSON, read as the tests of the API read inject()'s
  json(): any;
}

/** A browser: one cookie jar, talking to whichever instance (base URL) each call names. */
class Browser {
  readonly jar = new Map<string, string>();

  get cookieHeader(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async call(
    base: string,
    method: string,
    url: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<Answer> {
    if (method !== 'GET' && !this.jar.has(cookies.csrf))
      await this.call(base, 'GET', '/api/v2/auth/is_authenticated');
    const headers: Record<string, string> = { accept: 'application/json', ...extraHeaders };
    if (this.jar.size) headers.cookie = this.cookieHeader;
    const csrf = this.jar.get(cookies.csrf);
    if (csrf && method !== 'GET') headers[csrfHeader] = csrf;
    let payload: FormData | string | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(`${base}${url}`, { method, headers, body: payload, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      const value = pair.slice(at + 1);
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(cookie))
        this.jar.delete(pair.slice(0, at));
      else this.jar.set(pair.slice(0, at), value);
    }
    const bytes = Buffer.from(await response.arrayBuffer());
    return {
      status: response.status,
      headers: response.headers,
      body: bytes,
      json: () => JSON.parse(bytes.toString('utf8')) as unknown,
    };
  }

  async login(base: string, username: string): Promise<void> {
    const answer = await this.call(base, 'POST', '/api/v2/auth/login', { username, password: testPassword });
    if (answer.status !== 200) throw new Error(`login failed: ${answer.status} ${answer.body.toString()}`);
  }
}

const pdf = (marker: string) =>
  Buffer.from(
    `%PDF-1.4\n%\u00e2\u00e3\n1 0 obj <</Type /Catalog>> endobj\n% ${marker}\ntrailer <<>>\n%%EOF\n`,
  );

/** The headers a download is judged by; they must be the same whichever instance serves it. */
const downloadHeaders = [
  'content-type',
  'content-length',
  'content-disposition',
  'cache-control',
  'content-security-policy',
  'x-content-type-options',
] as const;
const headersOf = (answer: Answer) =>
  Object.fromEntries(downloadHeaders.map((name) => [name, answer.headers.get(name)]));

/**
 * Plaza on several machines, end to end: two compiled servers on one PostgreSQL database, one Redis
 * (under a channel prefix of their own, `REDIS_PREFIX`) and one S3-compatible bucket (test/s3-fake.ts,
 * spoken to by the real AWS SDK), behind the round-robin proxy whose address is their `PUBLIC_URL`.
 * Each test calls instance A and instance B by their own ports, so which one answers is known, and
 * proves the two agree: files, chat and notifications, sessions, rate limits, settings, housekeeping.
 */
describe('two instances on one database, one Redis and one bucket', () => {
  let build: BuiltServer;
  let database: Database & { url?: string };
  let s3: S3Fake;
  let proxy: RoundRobinProxy;
  let watcher: Redis;
  const prefix = `plaza-test-${randomBytes(4).toString('hex')}:`;
  /** Bus messages seen on the prefix's channels, as `channel` in order of arrival. */
  const busSeen: string[] = [];
  const servers: ServerProcess[] = [];
  const dataDirs: string[] = [];
  /** `http://127.0.0.1:<port>` of instance A and of instance B. */
  let A: string;
  let B: string;
  let ports: number[];
  let startedAt: number;

  const wsOf = (base: string) => `${base.replace('http', 'ws')}/api/v2/cable`;
  const scrape = async (base: string) => {
    const response = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
    expect(response.status).toBe(200);
    return response.text();
  };
  const output = () => servers.map((server, index) => `--- ${'AB'[index]}:\n${server.output()}`).join('\n');

  /** Resolves once the watcher has seen a bus message on a channel ending in `topic` after `since` messages. */
  const busMessage = (topic: string, since: number) =>
    waitFor(
      () => busSeen.slice(since).some((channel) => channel === `${prefix}${topic}`),
      `a bus message on ${topic}`,
      15_000,
    );

  beforeAll(async () => {
    startedAt = Date.now();
    build = builtServer();
    [database, s3] = await Promise.all([createTestDatabase(), startS3Fake()]);
    watcher = new Redis(redisUrl, { lazyConnect: true });
    await watcher.connect();
    watcher.on('pmessage', (_pattern: string, channel: string) => busSeen.push(channel));
    await watcher.psubscribe(`${prefix}*`);
    ports = [await freePort(), await freePort()];
    proxy = await startRoundRobinProxy(ports);
    [A, B] = ports.map((port) => `http://127.0.0.1:${port}`) as [string, string];
    for (const port of ports) {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'plaza-two-'));
      dataDirs.push(dataDir);
      servers.push(
        startServer(build.main, {
          DATABASE_URL: database.url!,
          REDIS_URL: redisUrl,
          REDIS_PREFIX: prefix,
          STORAGE_URL: s3.storageUrl,
          PORT: String(port),
          DATA_DIR: dataDir,
          PUBLIC_URL: proxy.url,
          PLAZA_DEMO: '0',
          LOG_LEVEL: 'warn',
          METRICS_TOKEN: metricsToken,
          HOUSEKEEPING_TICK_MS: String(housekeepingTickMs),
          SSO_SECRET_KEY: 'two-instances-test-key-0123456789abcdef',
        }),
      );
    }
    await waitFor(
      () =>
        proxy.backends.every((backend) => backend.healthy) || servers.some((s) => s.child.exitCode !== null),
      'both instances ready',
      120_000,
    );
    if (servers.some((s) => s.child.exitCode !== null)) throw new Error(`an instance exited:\n${output()}`);
    console.log(`two instances: both ready after ${Date.now() - startedAt} ms (build included)`);
  }, 180_000);

  afterAll(async () => {
    for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGTERM');
    await Promise.race([
      Promise.all(servers.map((server) => server.exited)),
      new Promise((resolve) => setTimeout(resolve, 20_000)),
    ]);
    for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    watcher?.disconnect();
    await proxy?.close();
    await s3?.close();
    await database?.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    build?.remove();
    console.log(`two instances: file done after ${Date.now() - startedAt} ms`);
  }, 60_000);

  it('serves through B a group file and a chat attachment uploaded through A: same bytes, headers and refusals', async () => {
    const [owner, outsider, bobUser] = await Promise.all([
      buildUser(database.db, { firstname: 'Olga' }),
      buildUser(database.db, { firstname: 'Otto' }),
      buildUser(database.db, { firstname: 'Bob' }),
    ]);
    const group = await buildGroup(database.db, { type: 'private', admins: [owner] });
    const ownerBrowser = new Browser();
    await ownerBrowser.login(A, owner.username);
    const outsiderBrowser = new Browser();
    await outsiderBrowser.login(B, outsider.username);
    const bob = new Browser();
    await bob.login(B, bobUser.username);

    // A group file through A.
    const data = pdf(`two-instances ${randomUUID()}`);
    const form = new FormData();
    form.append('file', new Blob([data], { type: 'application/pdf' }), 'Protokoll März.pdf');
    const upload = await ownerBrowser.call(A, 'POST', `/api/v2/groups/${group.id}/files`, form);
    expect(upload.status, upload.body.toString()).toBe(201);
    const link: string = upload.json().link;
    expect([...s3.objects.values()].some((object) => object.body.equals(data))).toBe(true);

    const fromA = await ownerBrowser.call(A, 'GET', link);
    const fromB = await ownerBrowser.call(B, 'GET', link);
    expect(fromB.status).toBe(200);
    expect(fromB.body.equals(data)).toBe(true);
    expect(headersOf(fromB)).toEqual(headersOf(fromA));
    expect(headersOf(fromB)).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(data.length),
      'content-disposition': `attachment; filename="Protokoll M_rz.pdf"; filename*=UTF-8''Protokoll%20M%C3%A4rz.pdf`,
    });
    // Refusals: the same on both, a non-member is told the file does not exist, nobody signed in 401.
    for (const base of [A, B]) {
      const foreign = await outsiderBrowser.call(base, 'GET', link);
      expect(foreign.status).toBe(404);
      expect(foreign.body.includes(data)).toBe(false);
      const anonymous = await new Browser().call(base, 'GET', link);
      expect(anonymous.status).toBe(401);
      expect(anonymous.json().errors[0].code).toBe('unauthenticated');
    }

    // A chat attachment sent through A to Bob, downloaded by Bob through B.
    const conversation = (
      await ownerBrowser.call(
        A,
        'GET',
        `/api/v2/messages/new_direct_message_conversation?user_ids=${bobUser.id}`,
      )
    ).json().conversation_id as number;
    const note = Buffer.from(`Notiz ${randomUUID()}\n`);
    const sent = await ownerBrowser.call(A, 'POST', '/api/v2/messages/create', {
      message: {
        recipient: conversation,
        text: '',
        client_id: randomUUID(),
        attachment: {
          type: 'text/plain',
          name: 'notiz.txt',
          content: `data:text/plain;base64,${note.toString('base64')}`,
        },
      },
    });
    expect(sent.status, sent.body.toString()).toBe(200);
    const attachment: string = sent.json().attachments[0].link;
    const bobFromB = await bob.call(B, 'GET', attachment);
    const ownerFromA = await ownerBrowser.call(A, 'GET', attachment);
    expect(bobFromB.status).toBe(200);
    expect(bobFromB.body.equals(note)).toBe(true);
    expect(headersOf(bobFromB)).toEqual(headersOf(ownerFromA));
    for (const base of [A, B]) expect((await outsiderBrowser.call(base, 'GET', attachment)).status).toBe(404);

    // Neither instance kept a file in its own folder: the bucket holds them.
    for (const dir of dataDirs) expect(existsSync(path.join(dir, 'uploads'))).toBe(false);
    expect([...s3.objects.values()].some((object) => object.body.equals(note))).toBe(true);
  });

  it('delivers a chat message and a comment notification sent through A to a socket on B', async () => {
    const [alice, bob] = await Promise.all([
      buildUser(database.db, { firstname: 'Alice' }),
      buildUser(database.db, { firstname: 'Bobby' }),
    ]);
    const group = await buildGroup(database.db, { admins: [bob], members: [alice] });
    const aliceBrowser = new Browser();
    await aliceBrowser.login(A, alice.username);
    const bobBrowser = new Browser();
    await bobBrowser.login(B, bob.username);
    const post = await bobBrowser.call(B, 'POST', '/api/v2/posts', {
      description: '<p>Wer kommt mit?</p>',
      group_id: group.id,
    });
    expect(post.status, post.body.toString()).toBe(201);
    const postId: number = post.json().item_id;

    const socket = await openSocket(wsOf(B), { cookie: bobBrowser.cookieHeader, origin: proxy.url });
    try {
      await socket.next((m) => m.type === 'welcome');
      for (const channel of ['ChatChannel', 'NotificationChannel'] as const) {
        socket.send({ command: 'subscribe', channel });
        await socket.next((m) => m.type === 'confirm_subscription' && m.channel === channel);
      }

      const conversation = (
        await aliceBrowser.call(
          A,
          'GET',
          `/api/v2/messages/new_direct_message_conversation?user_ids=${bob.id}`,
        )
      ).json().conversation_id as number;
      const text = `Hallo über A ${randomUUID()}`;
      const sent = await aliceBrowser.call(A, 'POST', '/api/v2/messages/create', {
        message: { recipient: conversation, text, client_id: randomUUID() },
      });
      expect(sent.status).toBe(200);
      const chat = await socket.next(
        (m) =>
          m.type === 'message' && m.channel === 'ChatChannel' && JSON.stringify(m.message).includes(text),
        15_000,
      );
      expect(chat).toMatchObject({ message: { kind: 'message', message: { id: sent.json().id, text } } });

      const comment = await aliceBrowser.call(A, 'PUT', '/api/v2/comments', {
        type: 'post',
        id: postId,
        text: 'Ich!',
      });
      expect(comment.status, comment.body.toString()).toBe(201);
      const notification = await socket.next(
        (m) => m.type === 'message' && m.channel === 'NotificationChannel',
        15_000,
      );
      expect(notification).toMatchObject({
        message: {
          kind: 'activity',
          activity: { type: 'comment', url: `/news/post-${postId}`, read: false },
        },
      });
    } finally {
      await socket.close();
    }
  });

  it('keeps a session signed in on A valid on B, and a sign-out on A ends it on B at once and closes its socket', async () => {
    const member = await buildUser(database.db, { firstname: 'Sina' });
    const browser = new Browser();
    await browser.login(A, member.username);
    // Through the proxy, calls in turn go to A and to B: each knows the member.
    for (let call = 0; call < 4; call += 1) {
      const answer = await browser.call(proxy.url, 'GET', '/api/v2/auth/is_authenticated');
      expect(answer.json().session.user?.id).toBe(member.id);
    }
    // B reads the session (and keeps it in its cache), and has a socket of it.
    const onB = await browser.call(B, 'GET', '/api/v2/auth/is_authenticated');
    expect(onB.json()).toMatchObject({ isAuthenticated: true, session: { user: { id: member.id } } });
    expect((await browser.call(B, 'GET', '/api/v2/activities')).status).toBe(200);
    const socket: TestSocket = await openSocket(wsOf(B), { cookie: browser.cookieHeader, origin: proxy.url });
    const closed = new Promise<number>((resolve) => socket.socket.once('close', (code) => resolve(code)));
    await socket.next((m) => m.type === 'welcome');

    const cookiesBefore = new Map(browser.jar);
    const seen = busSeen.length;
    expect((await browser.call(A, 'GET', '/api/v2/auth/logout')).status).toBe(200);
    // The same cookies, as a second tab that did not see the sign-out would send them.
    for (const [name, value] of cookiesBefore) browser.jar.set(name, value);
    const timeout = new Promise<string>((resolve) => setTimeout(() => resolve('still open'), 15_000));
    expect(await Promise.race([closed, timeout])).toBe(realtimeClose.sessionEnded);
    // Once the bus has carried the sign-out, B's first answer is already signed out (its cache holds
    // the session for 5 s otherwise).
    await busMessage('sessions.changed', seen);
    expect((await browser.call(B, 'GET', '/api/v2/auth/is_authenticated')).json().isAuthenticated).toBe(
      false,
    );
    expect((await browser.call(B, 'GET', '/api/v2/activities')).status).toBe(401);
    await expect(openSocket(wsOf(B), { cookie: browser.cookieHeader, origin: proxy.url })).rejects.toThrow(
      /HTTP 401/,
    );
  });

  it('counts a rate limit across both: alternated calls are refused at the same total as on one instance', async () => {
    const { max } = rateLimitTable.posts;
    const [alternating, single] = await Promise.all([buildUser(database.db), buildUser(database.db)]);
    const group = await buildGroup(database.db, { admins: [alternating, single] });
    /** The number of the first refused call (429), after `max + 1` calls at most. */
    const firstRefused = async (browser: Browser, bases: string[]) => {
      for (let call = 1; call <= max + 1; call += 1) {
        const answer = await browser.call(bases[call % bases.length]!, 'POST', '/api/v2/posts', {
          description: `<p>Beitrag ${call}</p>`,
          group_id: group.id,
        });
        if (answer.status === 429) {
          expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
          return call;
        }
        expect(answer.status, answer.body.toString()).toBe(201);
      }
      return null;
    };
    const alternatingBrowser = new Browser();
    await alternatingBrowser.login(A, alternating.username);
    const singleBrowser = new Browser();
    await singleBrowser.login(A, single.username);

    const onOne = await firstRefused(singleBrowser, [A]);
    const acrossBoth = await firstRefused(alternatingBrowser, [A, B]);
    expect(onOne).toBe(max + 1);
    expect(acrossBoth).toBe(onOne);
    // Refused on both now, whichever instance is asked.
    for (const base of [A, B])
      expect(
        (
          await alternatingBrowser.call(base, 'POST', '/api/v2/posts', {
            description: '<p>x</p>',
            group_id: group.id,
          })
        ).status,
      ).toBe(429);
  });

  it('shows a settings change and a like made through A on B at once (its cached copies dropped by the bus)', async () => {
    const [admin, member] = await Promise.all([buildAdmin(database.db), buildUser(database.db)]);
    const adminBrowser = new Browser();
    await adminBrowser.login(A, admin.username);
    const memberBrowser = new Browser();
    await memberBrowser.login(B, member.username);
    const title = `Nordlicht ${randomBytes(3).toString('hex')}`;
    // B has read (and cached) the settings.
    expect((await memberBrowser.call(B, 'GET', '/api/v2/settings')).json().meta_title).not.toBe(title);

    const seen = busSeen.length;
    const change = await adminBrowser.call(A, 'PUT', '/api/v2/settings', { meta_title: title });
    expect(change.status, change.body.toString()).toBe(200);
    await busMessage('settings.changed', seen);
    // B's first read after the bus message is the new one (its copy would otherwise last 2 s).
    expect((await memberBrowser.call(B, 'GET', '/api/v2/settings')).json().meta_title).toBe(title);
    expect((await new Browser().call(A, 'GET', '/api/v2/settings')).json().meta_title).toBe(title);

    // The news teasers, kept by each instance for 5 s: B has read them, a like goes through A.
    const articleId = (await buildArticle(database.db, { title: `Sommerfest ${title}`, featured: true })).id;
    const teaserOnB = async () => {
      const news = (await memberBrowser.call(B, 'GET', '/api/v2/news')).json();
      return news.topTeaser.results.find((article: { item_id: number }) => article.item_id === articleId) as
        | { likes_count: number }
        | undefined;
    };
    await waitFor(
      async () => (await teaserOnB()) !== undefined,
      'the new article in the teasers on B',
      15_000,
    );
    const before = (await teaserOnB())!.likes_count;
    const likes = busSeen.length;
    const like = await adminBrowser.call(A, 'PUT', '/api/v2/likes', {
      type: 'news',
      id: articleId,
      like: true,
    });
    expect(like.status, like.body.toString()).toBe(200);
    await busMessage('news.teasers.changed', likes);
    expect((await teaserOnB())?.likes_count).toBe(before + 1);
  });

  it('runs each housekeeping job once across both instances, however often both look', async () => {
    const jobs = housekeepingJobs({ storage: null as never }).map((job) => job.name);
    const outcomes = async () => {
      const texts = await Promise.all([A, B].map(scrape));
      return jobs.map((job) => {
        const count = (outcome: string) =>
          texts.map((text) => sample(text, 'plaza_job_runs_total', { job, outcome }) ?? 0);
        return { job, done: count('done'), skipped: count('skipped'), failed: count('failed') };
      });
    };
    // Each instance has looked at every job at least three times (one run, the others skipped).
    await waitFor(
      async () =>
        (await outcomes()).every(
          ({ done, skipped }) => done[0]! + skipped[0]! >= 3 && done[1]! + skipped[1]! >= 3,
        ),
      'three housekeeping ticks on each instance',
      60_000,
    );
    const first = await outcomes();
    for (const { job, done, failed } of first) {
      expect(done[0]! + done[1]!, `${job} ${output()}`).toBe(1);
      expect(failed, job).toEqual([0, 0]);
    }
    const runs = await executeRows<{ job: string }>(database.db, sql`select job from housekeeping_runs`);
    expect(runs.map((run) => run.job).sort()).toEqual([...jobs].sort());

    // Every job due again (its last run two days ago): again exactly one run each, on one instance.
    await executeRows(database.db, sql`update housekeeping_runs set last_run_at = now() - interval '2 days'`);
    const after = (await outcomes()).map(
      ({ done, skipped }) => done[0]! + done[1]! + skipped[0]! + skipped[1]!,
    );
    await waitFor(
      async () =>
        (await outcomes()).every(
          ({ done, skipped }, index) => done[0]! + done[1]! + skipped[0]! + skipped[1]! >= after[index]! + 4,
        ),
      'four more housekeeping looks',
      60_000,
    );
    const second = await outcomes();
    for (const { job, done, failed } of second) {
      expect(done[0]! + done[1]!, job).toBe(2);
      expect(failed, job).toEqual([0, 0]);
    }
    const summary = second.map(
      ({ job, done, skipped }) => `${job} done ${done.join('+')} skipped ${skipped.join('+')}`,
    );
    console.log(`two instances: housekeeping ${summary.join('; ')}`);
  }, 150_000);

  it('logged no warning or error on either instance through all of it', () => {
    const problems = servers.flatMap((server, index) =>
      server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { level: number; msg?: string })
        .filter((entry) => entry.level >= 40)
        .map((entry) => `${'AB'[index]}: ${JSON.stringify(entry)}`),
    );
    expect(problems).toEqual([]);
  });
});
