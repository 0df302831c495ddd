import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cookies, csrfHeader } from '@plaza/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client';
import { chatAttachments, chatMessages, orderItems, orders, postFiles, posts } from '../../src/db/schema';
import { createProductAs } from '../../src/modules/shop';
import { type BuiltServer, builtServer, type ServerProcess, startServer, waitFor } from '../built-server';
import { buildGroup, buildUser, testPassword } from '../factories';
import { testAddress } from '../order-fixture';
import { freePort } from '../round-robin-proxy';
import { filesBelow, pdf } from './files';

/** A member's browser against the server process: cookies, the CSRF header; a refused connection is null. */
class Browser {
  private readonly jar = new Map<string, string>();
  constructor(private readonly base: string) {}

  async call(method: string, url: string, body?: unknown, form?: FormData) {
    if (method !== 'GET' && !this.jar.has(cookies.csrf))
      await this.call('GET', '/api/v2/auth/is_authenticated');
    const headers: Record<string, string> = {
      cookie: [...this.jar].map(([name, value]) => `${name}=${value}`).join('; '),
      accept: 'application/json',
      'x-locale': 'en_GB',
    };
    const csrf = this.jar.get(cookies.csrf);
    if (csrf) headers[csrfHeader] = csrf;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(`${this.base}${url}`, {
        method,
        headers,
        body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
      });
    } catch {
      return null;
    }
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      this.jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const text = await response.text().catch(() => '');
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return { status: response.status, json: json as Record<string, unknown> };
  }
}

/**
 * The compiled server on PGlite killed with SIGKILL while members write posts with files, buy orders with
 * items and send chat messages with attachments. After a restart nothing is half-written: every
 * acknowledged write is there, every post file, order item and attachment its parent has, and every
 * stored path a complete file.
 */
describe('server process killed (SIGKILL) during writes', () => {
  let build: BuiltServer;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'plaza-sigkill-'));
  const servers: ServerProcess[] = [];
  let port: number;
  const seeded = { usernames: [] as string[], groupId: 0, productIds: [] as number[], otherId: 0 };

  const start = () => {
    const server = startServer(build.main, {
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      PLAZA_DEMO: '0',
      LOG_LEVEL: 'warn',
    });
    servers.push(server);
    return server;
  };
  const ready = () =>
    waitFor(
      async () => (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null))?.status === 200,
      'the server ready',
      120_000,
    );

  beforeAll(async () => {
    build = builtServer();
    port = await freePort();
    // The members, their group and two products, written before the server starts (PGlite: one process).
    const database = await openDatabase({ dataDir });
    try {
      await database.migrate();
      const users = await Promise.all([0, 1, 2, 3].map(() => buildUser(database.db)));
      seeded.usernames = users.map((user) => user.username);
      seeded.otherId = users[3]!.id;
      seeded.groupId = (await buildGroup(database.db, { admins: [users[0]!], members: users.slice(1) })).id;
      for (const name of ['Mug', 'Cap'])
        seeded.productIds.push(
          await createProductAs(database.db, {
            name_de: name,
            name_en: name,
            description_de: '',
            description_en: '',
            price: 1299,
            currency: 'EUR',
            tax_rate: 1900,
            options: [],
            stock: null,
            active: true,
          }),
        );
    } finally {
      await database.close();
    }
  }, 180_000);

  afterAll(() => {
    for (const server of servers)
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    build?.remove();
  });

  it('leaves nothing half-written, and the restarted server serves every acknowledged write', async () => {
    const first = start();
    await ready();
    const base = `http://127.0.0.1:${port}`;
    const [poster, buyer, chatter] = seeded.usernames.map(() => new Browser(base)) as [
      Browser,
      Browser,
      Browser,
    ];
    for (const [index, browser] of [poster, buyer, chatter].entries()) {
      const login = await browser.call('POST', '/api/v2/auth/login', {
        username: seeded.usernames[index],
        password: testPassword,
      });
      expect(login?.status).toBe(200);
    }
    const started = await chatter.call(
      'GET',
      `/api/v2/messages/new_direct_message_conversation?user_ids=${seeded.otherId}`,
    );
    const conversation = started!.json.conversation_id as number;

    const counts = { sent: 0, acknowledged: 0, unanswered: 0, failed: [] as string[] };
    const acknowledged = { posts: [] as number[], orders: [] as number[], messages: [] as number[] };
    let killed = false;
    /** One call of the workload: a refused or cut connection after the kill is unanswered, not failed. */
    const step = async (browser: Browser, method: string, url: string, body?: unknown, form?: FormData) => {
      counts.sent += 1;
      const answer = await browser.call(method, url, body, form);
      if (!answer) {
        counts.unanswered += 1;
        if (!killed) counts.failed.push(`${method} ${url}: no answer before the kill`);
        return null;
      }
      if (answer.status >= 300) {
        counts.failed.push(`${method} ${url}: ${answer.status} ${JSON.stringify(answer.json).slice(0, 200)}`);
        return null;
      }
      counts.acknowledged += 1;
      return answer;
    };
    const writePosts = async () => {
      for (let turn = 0; !killed; turn += 1) {
        const form = new FormData();
        form.append(
          'file',
          new Blob([pdf(20_000 + turn * 1000)], { type: 'application/pdf' }),
          `f${turn}.pdf`,
        );
        const file = await step(poster, 'POST', '/api/v2/posts/file', undefined, form);
        if (!file) return;
        const post = await step(poster, 'POST', '/api/v2/posts', {
          description: `<p>post ${turn}</p>`,
          group_id: seeded.groupId,
          files: [file.json.id],
        });
        if (!post) return;
        acknowledged.posts.push(Number(String(post.json.id).replace('post-', '')));
      }
    };
    const buy = async () => {
      while (!killed) {
        for (const productId of seeded.productIds)
          if (
            !(await step(buyer, 'POST', '/api/v2/carts/mine/items', { product_id: productId, quantity: 2 }))
          )
            return;
        if (!(await step(buyer, 'POST', '/api/v2/carts/mine/invoice_address', testAddress))) return;
        if (!(await step(buyer, 'POST', '/api/v2/carts/mine/payment', { method: 'invoice' }))) return;
        const order = await step(buyer, 'POST', '/api/v2/payments', { agb: true });
        if (!order) return;
        acknowledged.orders.push(order.json.order_id as number);
      }
    };
    const chat = async () => {
      for (let turn = 0; !killed; turn += 1) {
        const message = await step(chatter, 'POST', '/api/v2/messages/create', {
          message: {
            recipient: conversation,
            text: '',
            client_id: randomUUID(),
            attachment: {
              type: 'application/pdf',
              name: `a${turn}.pdf`,
              content: `data:application/pdf;base64,${pdf(10_000 + turn * 500).toString('base64')}`,
            },
          },
        });
        if (!message) return;
        acknowledged.messages.push(message.json.id as number);
      }
    };
    const load = Promise.all([writePosts(), buy(), chat()]);
    await waitFor(
      () =>
        acknowledged.posts.length >= 5 &&
        acknowledged.orders.length >= 5 &&
        acknowledged.messages.length >= 5,
      'writes under way',
      60_000,
    );
    killed = true;
    first.child.kill('SIGKILL');
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    await load;

    // Restarted on the same folder (its lock left by the killed process), it serves what was acknowledged.
    const second = start();
    await ready();
    const after = new Browser(base);
    await after.call('POST', '/api/v2/auth/login', { username: seeded.usernames[0], password: testPassword });
    const lastPost = acknowledged.posts.at(-1)!;
    expect((await after.call('GET', `/api/v2/posts/${lastPost}`))?.status).toBe(200);
    second.child.kill('SIGTERM');
    expect(await second.exited, second.output()).toEqual({ code: 0, signal: null });

    // Nothing half-written, read from the data folder itself.
    const database: Database = await openDatabase({ dataDir });
    try {
      const db = database.db;
      const postRows = new Set((await db.select({ id: posts.id }).from(posts)).map((row) => row.id));
      const fileRows = await db
        .select({ postId: postFiles.post_id, path: postFiles.path, size: postFiles.size })
        .from(postFiles);
      const orderRows = await db.select({ id: orders.id }).from(orders);
      const itemOrders = new Set(
        (await db.select({ orderId: orderItems.order_id }).from(orderItems)).map((row) => row.orderId),
      );
      const messageRows = await db.select({ id: chatMessages.id }).from(chatMessages);
      const attachmentRows = await db
        .select({
          messageId: chatAttachments.message_id,
          path: chatAttachments.path,
          size: chatAttachments.size,
        })
        .from(chatAttachments);
      const onDisk = filesBelow(path.join(dataDir, 'uploads'));
      const stored = [...fileRows, ...attachmentRows];
      const referenced = new Set(stored.map((row) => row.path));
      const lost = [
        ...acknowledged.posts.filter((id) => !postRows.has(id)).map((id) => `post ${id}`),
        ...acknowledged.orders
          .filter((id) => !orderRows.some((row) => row.id === id))
          .map((id) => `order ${id}`),
        ...acknowledged.messages
          .filter((id) => !messageRows.some((row) => row.id === id))
          .map((id) => `message ${id}`),
      ];
      const halfWritten = [
        ...acknowledged.posts
          .filter((id) => !fileRows.some((row) => row.postId === id))
          .map((id) => `post ${id} without its file`),
        ...stored
          .filter((row) => onDisk.get(row.path) !== row.size)
          .map((row) => `${row.path} missing or partial`),
        ...orderRows.filter((row) => !itemOrders.has(row.id)).map((row) => `order ${row.id} without items`),
        ...messageRows
          .filter((row) => !attachmentRows.some((attachment) => attachment.messageId === row.id))
          .map((row) => `message ${row.id} without its attachment`),
      ];
      const partial = [...onDisk.keys()].filter((key) => key.endsWith('.partial'));
      const unreferenced = [...onDisk.keys()].filter(
        (key) => !referenced.has(key) && !key.endsWith('.partial'),
      );
      console.log(
        `fault sigkill: ${JSON.stringify({
          sent: counts.sent,
          acknowledged: counts.acknowledged,
          unansweredAtKill: counts.unanswered,
          failed: counts.failed.length,
          posts: acknowledged.posts.length,
          orders: acknowledged.orders.length,
          messages: acknowledged.messages.length,
          lost: lost.length,
          halfWritten: halfWritten.length,
          partialFilesLeft: partial.length,
          filesWithoutRow: unreferenced.length,
        })}`,
      );
      expect(counts.failed).toEqual([]);
      expect(lost).toEqual([]);
      expect(halfWritten).toEqual([]);
    } finally {
      await database.close();
    }
  }, 240_000);
});
