import { type Endpoint, errorResponseSchema, isPublicAccess } from '@plaza/contract';
import { inArray } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSettings, dataExports } from '../src/db/schema';
import { createTestApp, type TestApp } from './app';
import type { TestClient } from './client';
import { bystanderId, foreignId, massMarker } from './hostile/mutations';
import {
  allowedForRefused,
  changedColumns,
  drainChanges,
  errorLog,
  installChangeLog,
  type RowChange,
} from './hostile/observe';
import { type RawCase, rawCases } from './hostile/raw';
import {
  buildUrl,
  caseArb,
  type Entry,
  type Expectation,
  encode,
  expectationOf,
  type ModelCase,
  registry,
  toParams,
} from './hostile/requests';
import { validArb } from './hostile/schema';
import {
  type ActorName,
  buildWorld,
  clean,
  createBystander,
  noteChange,
  repair,
  tinyPng,
  type World,
} from './hostile/world';
import { testFetchOptions } from './link-preview-server';
import { fakeStripeKeys, type StripeFake, startStripeFake } from './stripe-fake';

/*
 * Every endpoint of the contract, called by every actor that may call it, with requests built from its
 * schemas and broken (issue 19). Each answer must be a 4xx in the contract's error shape (a schema
 * failure: 400 `validation_failed` naming exactly the fields the schema refuses), never a 5xx; a refused
 * request stores nothing; a field the contract does not have (author_id of someone else, permissions,
 * ids, ...) is never stored; and the app logs no error. HOSTILE_SEED and HOSTILE_RUNS change the seed and
 * the number of generated requests per endpoint and actor.
 */

const seed = Number(process.env.HOSTILE_SEED ?? 19_2025);
const runs = Number(process.env.HOSTILE_RUNS ?? 6);

/** Routes the server has outside the contract: probes, the API docs, stored images and the web app. */
const outsideContract = /^(GET|HEAD) \/(healthz|readyz|uploads\/|api\/docs)/;

function actorsOf(endpoint: Endpoint): { actor: ActorName; runs: number }[] {
  // A member-only endpoint still gets a few anonymous calls: they must be 400 or 401, nothing else.
  const anonymousRuns = isPublicAccess(endpoint.access) ? runs : Math.max(2, Math.ceil(runs / 4));
  return [
    { actor: 'member', runs },
    { actor: 'superadmin', runs },
    { actor: 'anonymous', runs: anonymousRuns },
  ];
}

function seedFor(...parts: string[]): number {
  let hash = seed;
  for (const char of parts.join('|')) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

function excerpt(value: unknown, length = 160): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  const cut = text.length > length ? `${text.slice(0, length)}… (${text.length} chars)` : text;
  // Control characters, line separators and lone surrogates as escapes, so the report stays readable.
  return [...cut]
    .map((c) => {
      const code = c.charCodeAt(0);
      const hidden =
        code < 0x20 ||
        (code >= 0x7f && code <= 0x9f) ||
        code === 0x2028 ||
        code === 0x2029 ||
        (c.length === 1 && code >= 0xd800 && code <= 0xdfff);
      return hidden ? `\\u${code.toString(16).padStart(4, '0')}` : c;
    })
    .join('');
}

/** Stored values that can only come from a field the contract does not have. */
function massAssigned(change: RowChange): string[] {
  if (change.op === 'DELETE' || !change.new_row) return [];
  const found: string[] = [];
  for (const column of changedColumns(change)) {
    const value = change.new_row[column];
    const text = JSON.stringify(value) ?? '';
    const hit =
      value === bystanderId ||
      value === foreignId ||
      value === -foreignId ||
      text.includes(massMarker) ||
      (column === 'created_at' && text.startsWith('"2001-01-01'));
    if (hit) found.push(`${change.tbl}.${column} = ${excerpt(value, 60)}`);
  }
  if (change.tbl === 'users' && change.op === 'UPDATE' && changedColumns(change).includes('permissions')) {
    found.push(
      `users.permissions of ${change.new_row.id} changed to ${JSON.stringify(change.new_row.permissions)}`,
    );
  }
  return found;
}

interface Stats {
  endpoints: number;
  properties: number;
  generated: number;
  raw: number;
  statuses: Record<string, number>;
  rebuilt: number;
  ms: Record<string, number>;
}

describe('hostile input: every endpoint of the contract answers broken requests with a 4xx', () => {
  let t: TestApp;
  let world: World;
  let png: Buffer;
  let settings: (typeof appSettings.$inferSelect)[];
  const log = errorLog();
  const stats: Stats = {
    endpoints: registry.length,
    properties: 0,
    generated: 0,
    raw: 0,
    statuses: {},
    rebuilt: 0,
    ms: {},
  };
  const timed = async <T>(what: string, work: () => Promise<T>): Promise<T> => {
    const start = performance.now();
    try {
      return await work();
    } finally {
      stats.ms[what] = (stats.ms[what] ?? 0) + performance.now() - start;
    }
  };

  let stripe: StripeFake;

  beforeAll(async () => {
    // Every payment provider is configured, Stripe against the local fake: the webhook checks signatures.
    stripe = await startStripeFake();
    // Link previews reach no real site: only the test resolver's names, with a short time-out.
    t = await createTestApp({
      env: {
        LOG_LEVEL: 'error',
        SEPA_CREDITOR_ID: 'DE98ZZZ09999999999',
        STRIPE_SECRET_KEY: fakeStripeKeys.secretKey,
        STRIPE_WEBHOOK_SECRET: fakeStripeKeys.webhookSecret,
        STRIPE_API_URL: stripe.url,
      },
      logStream: log.stream,
      linkPreviewFetch: { ...testFetchOptions, timeoutMs: 500 },
    });
    await createBystander(t);
    world = await buildWorld(t);
    png = await tinyPng();
    settings = await t.db.select().from(appSettings);
    await installChangeLog(t);
  }, 120_000);

  afterAll(async () => {
    const statuses = Object.entries(stats.statuses)
      .sort()
      .map(([status, count]) => `${status}: ${count}`)
      .join(', ');
    console.log(
      `hostile input (seed ${seed}, ${runs} runs): ${stats.endpoints} endpoints, ${stats.properties} endpoint/actor properties, ` +
        `${stats.generated} generated requests, ${stats.raw} transport-level requests; answers ${statuses}; world rebuilt ${stats.rebuilt} times; ms ${JSON.stringify(stats.ms, (_k, v) => (typeof v === 'number' ? Math.round(v) : v))}`,
    );
    await t?.close();
    await stripe?.close();
  });

  // What requests changed since the last repair (from the change log), so a repair does only that.
  let dirty = clean();

  async function prepare() {
    for (const change of await drainChanges(t)) noteChange(dirty, change);
    const result = await timed('prepare', () => repair(t, world, settings, dirty));
    world = result.world;
    if (result.rebuilt) stats.rebuilt += 1;
    dirty = clean();
    await drainChanges(t);
  }

  /**
   * Waits until the data export worker (started by an accepted export request, modules/privacy) has
   * prepared what was asked: its writes belong to that request, not to whichever request is drained next.
   */
  async function exportsSettled() {
    await expect
      .poll(
        async () =>
          (
            await t.db
              .select({ id: dataExports.id })
              .from(dataExports)
              .where(inArray(dataExports.state, ['requested', 'running']))
          ).length,
        { timeout: 30_000, interval: 20 },
      )
      .toBe(0);
  }

  /** Sends one request and returns what is wrong with the answer and with what it left behind. */
  async function send(
    actor: ActorName,
    request: {
      method: Endpoint['method'];
      url: string;
      headers?: Record<string, string>;
      payload?: string | Buffer;
      withoutCsrf?: boolean;
    },
    expectation: Expectation,
  ): Promise<string[]> {
    const client: TestClient = world.clients[actor];
    const logged = log.lines.length;
    let response: LightMyRequestResponse;
    try {
      response = await timed('requests', () =>
        client.call(request.method, request.url, request.payload, {
          headers: request.headers ?? {},
          withoutCsrf: request.withoutCsrf,
        }),
      );
    } catch (error) {
      return [`the request failed in the test client: ${(error as Error).message}`];
    }
    if (request.url.includes('/data_export')) await exportsSettled();
    const changes = await timed('change log', () => drainChanges(t));
    for (const change of changes) noteChange(dirty, change);
    const status = response.statusCode;
    stats.statuses[`${Math.floor(status / 100)}xx`] =
      (stats.statuses[`${Math.floor(status / 100)}xx`] ?? 0) + 1;
    const problems: string[] = [];
    if (status >= 500) problems.push(`answered ${status}: ${excerpt(response.body)}`);
    for (const line of log.lines.slice(logged)) {
      problems.push(`logged an error: ${line.msg ?? ''} ${excerpt(line.err?.message ?? '', 200)}`);
    }
    let errors: { code: string; field?: string }[] | undefined;
    if (status >= 400) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(response.body);
      } catch {
        parsed = undefined;
      }
      const shape = errorResponseSchema.safeParse(parsed);
      if (shape.success) errors = shape.data.errors;
      else problems.push(`the ${status} is not in the contract's error shape: ${excerpt(response.body)}`);
      const stored = changes.filter((change) => !allowedForRefused(change));
      for (const change of stored) {
        problems.push(
          `refused with ${status} but stored: ${change.op} ${change.tbl} (${changedColumns(change).join(', ')})`,
        );
      }
    } else {
      for (const change of changes)
        problems.push(...massAssigned(change).map((m) => `stored a field the contract does not have: ${m}`));
      const member = world.member.id;
      for (const change of changes) {
        if (
          actor === 'member' &&
          change.tbl === 'posts' &&
          change.op === 'INSERT' &&
          change.new_row?.author_id !== member
        ) {
          problems.push(`the member wrote a post shown as member ${String(change.new_row?.author_id)}`);
        }
      }
    }
    // A rate limit is checked before the schemas (rate-limit plugin): its 429 is a right answer too.
    const limited = status === 429 && errors?.every((e) => e.code === 'rate_limited');
    if (expectation.kind === 'invalid' && !limited) {
      const fields = (errors ?? []).map((e) => e.field ?? '').sort();
      const codes = new Set((errors ?? []).map((e) => e.code));
      if (status !== 400 || codes.size !== 1 || !codes.has('validation_failed')) {
        problems.push(
          `the ${expectation.where} breaks the contract (${expectation.fields.join(', ') || 'root'}), answered ${status} ${excerpt(response.body)}`,
        );
      } else if (JSON.stringify(fields) !== JSON.stringify(expectation.fields)) {
        problems.push(
          `400 names [${fields.join(', ')}], the contract refuses [${expectation.fields.join(', ')}]`,
        );
      }
    }
    if (expectation.kind === 'refused' && (status < 400 || status >= 500)) {
      problems.push(`a broken request was answered ${status}: ${excerpt(response.body)}`);
    }
    return problems;
  }

  function label(actor: ActorName, method: string, url: string, what: string): string {
    return `${actor} ${method} ${excerpt(url, 140)} [${what}]`;
  }

  it('knows every route: each contract endpoint is registered, each documented API route is in the contract', () => {
    const missing = registry
      .filter(({ endpoint }) => !t.app.hasRoute({ method: endpoint.method, url: endpoint.path }))
      .map(({ key }) => key);
    expect(missing).toEqual([]);
    const contract = new Set(registry.map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`));
    const document = t.app.swagger() as { paths?: Record<string, Record<string, unknown>> };
    const uncovered = Object.entries(document.paths ?? {})
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
      )
      .filter((route) => !contract.has(route) && !outsideContract.test(route));
    expect(uncovered).toEqual([]);
    expect(registry.length).toBeGreaterThan(100);
  });

  describe.each(registry.map((entry) => [entry.key, entry] as const))('%s', (_key, entry: Entry) => {
    const { endpoint } = entry;

    it.each(actorsOf(endpoint).map((a) => [a.actor, a] as const))(
      `${endpoint.method} ${endpoint.path}: generated requests as %s`,
      async (_name, { actor, runs: numRuns }) => {
        await prepare();
        stats.properties += 1;
        // The property collects what is wrong instead of stopping at the first failure, so one run lists
        // every failing request of the endpoint (each with what was broken); the test then asserts none.
        const problems: string[] = [];
        const ctx = { ids: world.ids };
        await fc.assert(
          fc.asyncProperty(caseArb(endpoint, ctx), async (sent: ModelCase) => {
            stats.generated += 1;
            const url = buildUrl(endpoint.path, sent.params, sent.query);
            let expectation = expectationOf(endpoint, sent);
            // Past the router's 100-character parameter limit the answer is a 414 before any schema runs;
            // a dot segment is resolved away by the client, so the request goes to another route.
            if (Object.values(sent.params).some((value) => encode(value).length > 100)) {
              expectation = { kind: 'refused' };
            } else if (Object.values(sent.params).some((value) => /^\.\.?$/.test(value))) {
              expectation = { kind: 'no-5xx' };
            } else if (
              expectation.kind === 'valid' &&
              actor === 'anonymous' &&
              !isPublicAccess(endpoint.access)
            ) {
              expectation = { kind: 'refused' };
            }
            const found = await send(
              actor,
              {
                method: endpoint.method,
                url,
                ...(sent.body === undefined
                  ? {}
                  : { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(sent.body) }),
              },
              expectation,
            );
            problems.push(...found.map((p) => `${label(actor, endpoint.method, url, sent.broken)}: ${p}`));
            return true;
          }),
          { seed: seedFor(entry.key, actor), numRuns, endOnFailure: true },
        );
        expect(problems).toEqual([]);
      },
    );

    it(`${endpoint.method} ${endpoint.path}: broken transport (bodies, multipart, query strings, paths, headers)`, async () => {
      await prepare();
      const actor: ActorName = isPublicAccess(endpoint.access) ? 'anonymous' : 'member';
      const cases: RawCase[] = await rawCases(endpoint, png);
      const paramSamples = endpoint.params
        ? fc.sample(validArb(endpoint.params, { ids: world.ids }).map(toParams), {
            seed: seedFor(entry.key, 'raw'),
            numRuns: cases.length,
          })
        : [];
      const problems: string[] = [];
      for (const [index, rawCase] of cases.entries()) {
        stats.raw += 1;
        const params = paramSamples[index] ?? {};
        const path = rawCase.path ? rawCase.path(endpoint.path) : endpoint.path;
        const base = buildUrl(path, params, {});
        const url = rawCase.query ? `${base}?${rawCase.query}` : base;
        const found = await send(
          actor,
          {
            method: endpoint.method,
            url,
            headers: rawCase.headers,
            payload: rawCase.payload,
            withoutCsrf: rawCase.withoutCsrf,
          },
          { kind: rawCase.expect } as Expectation,
        );
        problems.push(...found.map((p) => `${label(actor, endpoint.method, url, rawCase.name)}: ${p}`));
      }
      expect(problems).toEqual([]);
    });
  });
});
