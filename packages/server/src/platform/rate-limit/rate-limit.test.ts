import type { AddressInfo } from 'node:net';
import { errorResponseSchema, realtimePath } from '@plaza/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildUser, testPassword } from '../../../test/factories';
import { cookieHeader, openSocket } from '../../../test/socket';
import { rateLimiter } from './limiter';
import { type RateLimitClass, type RouteRef, rateLimitTable } from './limits';

/** A clock the test moves by hand. */
function fakeClock() {
  let now = new Date();
  return {
    clock: () => now,
    advance(seconds: number) {
      now = new Date(now.getTime() + seconds * 1000);
    },
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** A route path with every `:param` filled in (the limit counts before the id is looked at). */
const pathOf = (route: RouteRef) => route.path.replace(/:[a-zA-Z]+/g, '1');
const call = (client: TestClient, route: RouteRef) =>
  client.call(route.method as Method, pathOf(route), route.method === 'GET' ? undefined : {});

function expectRateLimited(response: LightMyRequestResponse, retryAfterSeconds: number) {
  expect(response.statusCode).toBe(429);
  expect(response.headers['retry-after']).toBe(String(retryAfterSeconds));
  const body = errorResponseSchema.parse(response.json());
  expect(body.errors.map((error) => error.code)).toEqual(['rate_limited']);
}

const routeClasses = Object.entries(rateLimitTable).flatMap(([name, limit]) =>
  'routes' in limit ? [{ name: name as RateLimitClass, limit }] : [],
);

describe('rate limits per endpoint class', () => {
  const time = fakeClock();
  let t: TestApp;
  let member: TestClient;
  let memberId: number;

  beforeAll(async () => {
    t = await createTestApp({ clock: time.clock });
    const user = await buildUser(t.db);
    memberId = user.id;
    member = new TestClient(t.app);
    await member.login(user.username, testPassword);
  });
  afterAll(() => t.close());

  // Every class of the table; WebSocket connections are opened for real in their own test below.
  it.each(
    routeClasses
      .map(({ name, limit }) => ({
        name,
        limit,
        routes: limit.routes.filter((route) => route.path !== realtimePath),
      }))
      .filter(({ routes }) => routes.length > 0),
  )(
    '$name: past its limit every route of the class is a 429 until the window ends',
    async ({ name, limit, routes }) => {
      const limiter = rateLimiter({ db: t.db, clock: time.clock });
      // The member's calls so far in this window: up to the limit, as if made a moment ago.
      for (let i = 0; i < limit.max; i += 1) await limiter.count(name, `member:${memberId}`);
      for (const route of routes) expectRateLimited(await call(member, route), limit.windowSeconds);

      time.advance(limit.windowSeconds);
      for (const route of routes) expect((await call(member, route)).statusCode).not.toBe(429);
    },
  );

  it('counts real calls: the call after the limit is refused, and only for that member', async () => {
    const { max, windowSeconds } = rateLimitTable.comments;
    const [writer, other] = [new TestClient(t.app), new TestClient(t.app)];
    await writer.login((await buildUser(t.db)).username, testPassword);
    await other.login((await buildUser(t.db)).username, testPassword);
    const comment = (client: TestClient) =>
      client.put('/api/v2/comments', { type: 'post', id: 1, text: 'x' });
    for (let i = 0; i < max; i += 1) expect((await comment(writer)).statusCode).not.toBe(429);
    time.advance(10);
    expectRateLimited(await comment(writer), windowSeconds - 10);
    expect((await comment(other)).statusCode).not.toBe(429);
    time.advance(windowSeconds - 10);
    expect((await comment(writer)).statusCode).not.toBe(429);
  });

  it('counts anonymous callers per IP address', async () => {
    const { max, windowSeconds } = rateLimitTable.passwordResetMail;
    const first = new TestClient(t.app, '10.20.0.1');
    const second = new TestClient(t.app, '10.20.0.2');
    const ask = (client: TestClient) =>
      client.post('/api/v2/auth/forgot_password', { email: 'nobody@example.org' });
    for (let i = 0; i < max; i += 1) expect((await ask(first)).statusCode).toBe(200);
    expectRateLimited(await ask(first), windowSeconds);
    expect((await ask(second)).statusCode).toBe(200);
  });

  it('refuses a WebSocket connection past the limit with the same 429, before the upgrade', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${realtimePath}`;
    const headers = { cookie: cookieHeader(member.jar), origin: 'http://plaza.test' };
    const { max } = rateLimitTable.socketConnections;
    const limiter = rateLimiter({ db: t.db, clock: time.clock });
    for (let i = 0; i < max - 1; i += 1) await limiter.count('socketConnections', `member:${memberId}`);
    const last = await openSocket(url, headers);
    await last.next((message) => message.type === 'welcome');
    await last.close();
    await expect(openSocket(url, headers)).rejects.toThrow('HTTP 429');
  });
});

describe('rate limits across instances', () => {
  const time = fakeClock();
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    a = await createTestApp({ clock: time.clock });
    b = await createTestApp({ database: a.database, clock: time.clock });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('shares the counters through the database: calls on either instance count together', async () => {
    const user = await buildUser(a.db);
    const onA = new TestClient(a.app);
    await onA.login(user.username, testPassword);
    const onB = new TestClient(b.app);
    for (const [name, value] of onA.jar) onB.jar.set(name, value);

    const { max, windowSeconds } = rateLimitTable.likes;
    const like = (client: TestClient) => client.put('/api/v2/likes', { type: 'post', id: 1, like: true });
    for (let i = 0; i < max; i += 1) expect((await like(i % 2 ? onB : onA)).statusCode).not.toBe(429);
    expectRateLimited(await like(onA), windowSeconds);
    expectRateLimited(await like(onB), windowSeconds);

    const address = '10.30.0.1';
    const { max: failures } = rateLimitTable.signInFailures;
    const limiter = rateLimiter({ db: a.db, clock: time.clock });
    for (let i = 0; i < failures; i += 1) await limiter.count('signInFailures', `ip:${address}`);
    const signIn = await new TestClient(b.app, address).post('/api/v2/auth/login', {
      username: user.username,
      password: testPassword,
    });
    expect(signIn.statusCode).toBe(429);
  });
});
