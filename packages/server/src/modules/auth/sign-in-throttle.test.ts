import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildUser, testPassword } from '../../../test/factories';
import { signInDelay } from '../../platform/rate-limit';

describe('sign-in throttling', () => {
  let now = new Date();
  const advance = (seconds: number) => {
    now = new Date(now.getTime() + seconds * 1000);
  };
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
  });
  afterAll(() => t.close());

  const signIn = (client: TestClient, username: string, password: string) =>
    client.post('/api/v2/auth/login', { username, password });
  /** What a caller can see of an answer. */
  const seen = (response: LightMyRequestResponse) => ({
    status: response.statusCode,
    retryAfter: response.headers['retry-after'] ?? null,
    body: response.json(),
  });

  /** Wrong passwords for a name from one address, waiting out every 429; what each attempt answered. */
  async function hammer(client: TestClient, username: string, attempts: number) {
    const answers: Array<ReturnType<typeof seen>> = [];
    for (let i = 0; i < attempts; i += 1) {
      const answer = seen(await signIn(client, username, `wrong ${i}`));
      answers.push(answer);
      if (answer.status === 429) advance(Number(answer.retryAfter));
    }
    return answers;
  }

  it('answers a known and an unknown account the same way, failures and waits alike', async () => {
    const known = await buildUser(t.db);
    const forKnown = await hammer(new TestClient(t.app, '10.40.0.1'), known.username, 10);
    const forUnknown = await hammer(new TestClient(t.app, '10.40.0.2'), 'nobody-here', 10);
    expect(forUnknown).toEqual(forKnown);

    const free = signInDelay.freeAttempts;
    expect(forKnown.map((answer) => [answer.status, answer.retryAfter])).toEqual([
      ...Array.from({ length: free }, () => [401, null]),
      // From then on every attempt makes the next one wait, twice as long each time.
      [429, '1'],
      [401, null],
      [429, '2'],
      [401, null],
      [429, '4'],
    ]);
    expect(forKnown[0]!.body.errors[0].code).toBe('invalid_credentials');
    expect(forKnown[free]!.body.errors[0].code).toBe('rate_limited');
  });

  it('lets a colleague sign in from another address while an attacker hammers the account', async () => {
    const colleague = await buildUser(t.db);
    const attacker = new TestClient(t.app, '10.41.0.1');
    for (let i = 0; i < signInDelay.freeAttempts + 10; i += 1) {
      await signIn(attacker, colleague.username, `guess ${i}`);
    }
    // The attacker's address waits, whatever password it sends now…
    const right = await signIn(attacker, colleague.username, testPassword);
    expect(right.statusCode).toBe(429);
    // …while the colleague's own address is not affected, and neither is the account.
    const office = new TestClient(t.app, '10.41.0.2');
    expect((await signIn(office, colleague.username, testPassword)).statusCode).toBe(200);
  });

  it('forgets the attempts of an address after a successful sign-in', async () => {
    const member = await buildUser(t.db);
    const client = new TestClient(t.app, '10.42.0.1');
    const free = signInDelay.freeAttempts;
    for (let i = 0; i < free - 1; i += 1) {
      expect((await signIn(client, member.username, 'typo')).statusCode).toBe(401);
    }
    expect((await signIn(client, member.username, testPassword)).statusCode).toBe(200);
    for (let i = 0; i < free; i += 1) {
      expect((await signIn(client, member.username, 'typo')).statusCode).toBe(401);
    }
    expect((await signIn(client, member.username, 'typo')).statusCode).toBe(429);
  });

  it('forgets the attempts once the pair has been quiet for a while, and caps the wait', async () => {
    const client = new TestClient(t.app, '10.43.0.1');
    const answers = await hammer(client, 'someone', 40);
    const waits = answers.flatMap((answer) => (answer.retryAfter ? [Number(answer.retryAfter)] : []));
    expect(Math.max(...waits)).toBe(signInDelay.maxDelaySeconds);

    advance(signInDelay.forgetAfterSeconds);
    for (let i = 0; i < signInDelay.freeAttempts; i += 1) {
      expect((await signIn(client, 'someone', 'wrong')).statusCode).toBe(401);
    }
  });

  it('lets only one of several parallel attempts through once the pair has to wait', async () => {
    const client = new TestClient(t.app, '10.45.0.1');
    for (let i = 0; i < signInDelay.freeAttempts - 1; i += 1) {
      expect((await signIn(client, 'parallel', 'wrong')).statusCode).toBe(401);
    }
    await client.get('/api/v2/auth/is_authenticated');
    const burst = await Promise.all(Array.from({ length: 6 }, () => signIn(client, 'parallel', 'wrong')));
    expect(burst.map((response) => response.statusCode).sort()).toEqual([401, 429, 429, 429, 429, 429]);
  });

  it('counts names case-insensitively, so changing the case does not start over', async () => {
    const client = new TestClient(t.app, '10.44.0.1');
    for (let i = 0; i < signInDelay.freeAttempts; i += 1) {
      expect((await signIn(client, i % 2 ? 'Mixed.Case' : 'mixed.case', 'wrong')).statusCode).toBe(401);
    }
    expect((await signIn(client, 'MIXED.CASE', 'wrong')).statusCode).toBe(429);
  });
});
