import type { AccessRule, Endpoint } from '@plaza/contract';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSettings, rateLimits } from '../src/db/schema';
import { forgetSettingsDocuments } from '../src/modules/settings';
import { createTestApp, type TestApp } from './app';
import {
  type Actor,
  actors,
  buildMatrixWorld,
  type Instance,
  type Params,
  type World,
} from './authorization/world';
import type { TestClient } from './client';
import { testPassword } from './factories';
import { buildUrl, type Entry, registry, toQuery } from './hostile/requests';
import { validArb } from './hostile/schema';
import { uploadFiles } from './multipart';

/*
 * The authorization matrix (issue 53): every endpoint of the contract, called by every actor, answered
 * as the endpoint's `access` says. Allowed: neither 401 nor 403 (nor 404 for an object that exists).
 * Refused: 401 signed out; 403 or 404 signed in, and for an object the actor may not see, exactly the
 * answer (status and error code) of an object that does not exist. An endpoint whose path names
 * something its `access` does not describe has no row, and fails.
 */

interface Expected {
  rule: AccessRule;
  /** Whether the path names an object of the rule (and which parameters). */
  object?: NonNullable<AccessRule['object']>;
}

/** The rule of an endpoint, or why the matrix has no row for it. */
function ruleOf(endpoint: Endpoint): Expected | string {
  const access = endpoint.access;
  const rule: AccessRule =
    access === 'public' ? { allow: ['public'] } : access === 'user' ? { allow: ['member'] } : access;
  const pathParams = [...endpoint.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]);
  if (pathParams.length && !rule.object) {
    return `its path names ${pathParams.join(', ')} but its access names no object`;
  }
  return { rule, object: rule.object };
}

function allowed(actor: Actor, rule: AccessRule): boolean {
  if (rule.allow.includes('public')) return true;
  if (actor === 'anonymous') return false;
  if (rule.allow.includes('member')) return true;
  if (rule.permission && (actor === rule.permission || actor === 'superadmin')) return true;
  if (rule.allow.includes('owner') && actor === 'member') return true;
  if (rule.allow.includes('groupMember') && ['member', 'peer', 'groupAdmin'].includes(actor)) return true;
  if (rule.allow.includes('groupAdmin') && actor === 'groupAdmin') return true;
  return false;
}

/** Whether the actor may know the object exists although refused (a member of its group, its lister). */
function sees(actor: Actor, rule: AccessRule): boolean {
  const seen = rule.seenBy ?? [];
  if (seen.includes('member') && actor !== 'anonymous') return true;
  if (seen.includes('groupMember') && ['member', 'peer', 'groupAdmin'].includes(actor)) return true;
  if (seen.includes('groupAdmin') && actor === 'groupAdmin') return true;
  return seen.some(
    (permission) =>
      permission === actor ||
      (permission !== 'member' && actor === 'superadmin' && permission === 'superadmin'),
  );
}

type Input = { query?: Record<string, string>; body?: unknown; params?: Params };

/** Calls whose values must be real for the call to reach its rule (a body naming the object, a valid login). */
const inputs: Record<string, (p: Params, w: World, actor: Actor) => Input> = {
  'auth.login': (_p, w) => ({ body: { username: w.signer.username, password: testPassword } }),
  'auth.acceptNdaAgb': (_p, w, actor) => ({
    body: { user_id: actor === 'anonymous' ? w.signer.id : w.users[actor].id },
  }),
  'users.get': () => ({ query: {} }),
  'chat.create': (p) => ({ body: { message: { recipient: p.recipient, text: 'Matrix' } } }),
  'chat.markAsRead': (p) => ({ body: { recipient: p.recipient } }),
  'chat.typing': (p) => ({ body: { recipient: p.recipient } }),
  'chat.history': (p) => ({ query: { recipient: String(p.recipient) } }),
  'chat.newDirectConversation': (_p, w) => ({ query: { user_ids: String(w.signer.id) } }),
  'chat.newChannelConversation': (_p, w) => ({ query: { user_ids: String(w.signer.id), name: 'Matrix' } }),
  'comments.list': (p) => ({ query: { type: 'post', id: String(p.id) } }),
  'comments.write': (p) => ({ body: { type: 'post', id: p.id, text: 'Matrix' } }),
  'groups.usersFiltered': (_p, w) => ({ body: { type: 'all', filter: [w.users.peer.id] } }),
  'groups.resendInvitations': (p) => ({ body: { users: [p.invitee] } }),
  'groups.removeAdmin': (p) => ({ params: { ...p, userId: p.admin! } }),
  'groups.resendInvitation': (p) => ({ params: { ...p, userId: p.invitee! } }),
  'groups.withdrawInvitation': (p) => ({ params: { ...p, userId: p.invitee! } }),
  'groups.forgetDeclinedInvitation': (p) => ({ params: { ...p, userId: p.declined! } }),
  'likes.list': (p) => ({ query: { type: 'post', id: String(p.id) } }),
  'likes.set': (p) => ({ body: { type: 'post', id: p.id, like: true } }),
  'media.preview': () => ({ query: { url: 'https://preview.invalid/page' } }),
  'posts.create': (p) => ({ body: { description: '<p>Matrix</p>', group_id: p.id } }),
  'push.subscribe': () => ({
    body: {
      endpoint: 'https://push.example.org/send/matrix',
      keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) },
    },
  }),
  'topics.create': (p) => ({ body: { name: 'Matrix', description: 'Matrix', group_id: p.id } }),
  'topics.suggest': (p) => ({ body: { name: 'Matrix', description: 'Matrix', group_id: p.id } }),
  'tv.feed': (p) => ({ query: { key: String(p.key) } }),
  'tv.image': (p) => ({ query: { key: String(p.key) } }),
};

/** Calls that end the caller's session (all actors sign in again after them). */
const endsSessions = new Set(['auth.logout', 'auth.login']);

interface Counts {
  tried: number;
  refused: number;
  allowed: number;
  objectLevel: number;
  failed: number;
  /** Milliseconds spent making objects and sending calls. */
  msMake: number;
  msSend: number;
}

describe('authorization matrix: every endpoint x actor answers as its access in the contract says', () => {
  let t: TestApp;
  let w: World;
  let settings: (typeof appSettings.$inferSelect)[];
  const shared = new Map<string, Instance>();
  const counts: Counts = {
    tried: 0,
    refused: 0,
    allowed: 0,
    objectLevel: 0,
    failed: 0,
    msMake: 0,
    msSend: 0,
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { LOG_LEVEL: 'error', SEPA_CREDITOR_ID: 'DE98ZZZ09999999999' } });
    w = await buildMatrixWorld(t);
    settings = await t.db.select().from(appSettings);
  }, 120_000);

  afterAll(async () => {
    console.log(
      `authorization matrix: ${registry.length} endpoints, ${counts.tried} cases tried (${counts.objectLevel} object-level), ` +
        `${counts.refused} refused, ${counts.allowed} allowed, ${counts.failed} failed ` +
        `(${Math.round(counts.msMake)} ms making objects, ${Math.round(counts.msSend)} ms calling)`,
    );
    await t?.close();
  });

  async function make(object: NonNullable<AccessRule['object']>): Promise<Instance> {
    const start = performance.now();
    try {
      return await w.make[object]();
    } finally {
      counts.msMake += performance.now() - start;
    }
  }

  async function instance(object: NonNullable<AccessRule['object']>): Promise<Instance> {
    let found = shared.get(object);
    if (!found) {
      found = await make(object);
      shared.set(object, found);
    }
    return found;
  }

  /** A request the endpoint's schemas accept, with the object's parameters. */
  function request(entry: Entry, params: Params, actor: Actor) {
    const { endpoint } = entry;
    const given = inputs[entry.key]?.(params, w, actor) ?? {};
    const ctx = { ids: w.ids };
    const sample = (schema: NonNullable<Endpoint['body']>) => {
      for (const [index, value] of fc.sample(validArb(schema, ctx), { numRuns: 20, seed: 53 }).entries()) {
        if (schema.safeParse(value).success || index === 19) return value;
      }
      return undefined;
    };
    const query =
      given.query ?? (endpoint.query ? toQuery(sample(endpoint.query)) : ({} as Record<string, string>));
    const body = given.body ?? (endpoint.body ? sample(endpoint.body) : undefined);
    const filled = Object.fromEntries(Object.entries(given.params ?? params).map(([k, v]) => [k, String(v)]));
    return { url: buildUrl(endpoint.path, filled, query), body };
  }

  async function send(
    entry: Entry,
    actor: Actor,
    params: Params,
    client = w.clients[actor],
  ): Promise<LightMyRequestResponse> {
    const { url, body } = request(entry, params, actor);
    const { endpoint } = entry;
    const start = performance.now();
    try {
      return await call(endpoint, client, url, body);
    } finally {
      counts.msSend += performance.now() - start;
    }
  }

  function call(endpoint: Endpoint, client: TestClient, url: string, body: unknown) {
    if (!endpoint.body && /multipart/i.test(endpoint.summary)) {
      return uploadFiles(client, url, { data: w.png, filename: 'a.png', type: 'image/png' });
    }
    return client.call(
      endpoint.method,
      url,
      body ?? (endpoint.method === 'GET' || endpoint.method === 'DELETE' ? undefined : {}),
    );
  }

  const codeOf = (response: LightMyRequestResponse) => {
    try {
      return (response.json() as { errors?: { code?: string }[] }).errors?.[0]?.code ?? '';
    } catch {
      return '';
    }
  };
  const answer = (r: LightMyRequestResponse) => `${r.statusCode} ${codeOf(r)}`.trim();

  /** Clears what one endpoint's allowed calls may have changed for the next: throttles and settings. */
  async function restore(key: string) {
    await t.db.delete(rateLimits);
    if (/^(settings|admin|menu|pages)\./.test(key)) {
      await t.db.delete(appSettings);
      if (settings.length) await t.db.insert(appSettings).values(settings);
      forgetSettingsDocuments(t.db);
    }
    if (endsSessions.has(key)) await w.signInAll();
  }

  it.each(
    registry
      .filter((e) => new RegExp(process.env.MATRIX_ONLY ?? '').test(e.key))
      .map((entry) => [entry.key, entry] as const),
  )('%s', async (key, entry) => {
    const expected = ruleOf(entry.endpoint);
    if (typeof expected === 'string') {
      counts.failed += 1;
      throw new Error(`${key} has no row in the authorization matrix: ${expected}`);
    }
    const { rule, object } = expected;
    const problems: string[] = [];
    // Refusals first, against one shared object (a refused call must change nothing).
    const base = object ? await instance(object) : { params: {} };
    for (const actor of actors) {
      if (allowed(actor, rule)) continue;
      counts.tried += 1;
      counts.refused += 1;
      const response = await send(entry, actor, base.params);
      const got = answer(response);
      if (actor === 'anonymous') {
        if (response.statusCode !== 401) problems.push(`${actor}: expected 401, got ${got}`);
        continue;
      }
      if (![403, 404].includes(response.statusCode)) {
        problems.push(`${actor}: expected 403 or 404, got ${got} ${response.body.slice(0, 200)}`);
        continue;
      }
      if (object && base.missing && !sees(actor, rule)) {
        counts.objectLevel += 1;
        const none = answer(await send(entry, actor, base.missing));
        if (none !== got) problems.push(`${actor}: existing object answers ${got}, a missing one ${none}`);
      }
    }
    // Then the allowed actors, each on a fresh object.
    for (const actor of actors) {
      if (!allowed(actor, rule)) continue;
      counts.tried += 1;
      counts.allowed += 1;
      // A call that changes something gets an object of its own; a read shares the refusals' one.
      const reads = entry.endpoint.method === 'GET';
      const fresh = object && !reads ? await make(object) : base;
      const client = actor === 'member' && fresh.owner ? fresh.owner : w.clients[actor];
      const response = await send(entry, actor, fresh.params, client);
      if ([401, 403].includes(response.statusCode) || (object && response.statusCode === 404)) {
        problems.push(`${actor} (allowed): got ${answer(response)} ${response.body.slice(0, 200)}`);
      }
    }
    await restore(key);
    counts.failed += problems.length;
    expect(problems.join('\n'), `${entry.endpoint.method} ${entry.endpoint.path}`).toBe('');
  });
});
