import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchProcessFailures } from './outage';
import {
  expectDatabaseBusy,
  type LimitedApp,
  otherSleepPath,
  requirePostgres,
  sleepPath,
  startLimitedApp,
} from './overload';

requirePostgres('pool-queue.postgres.test.ts');

/**
 * DB_POOL_MAX and DB_POOL_QUEUE_MAX: the pool's queue is bounded and fair between routes. With two
 * connections, one route holds at most one of them.
 */
describe('bounded pool queue', () => {
  const processFailures = watchProcessFailures();
  let s: LimitedApp;
  const inject = (url: string) => s.t.app.inject({ method: 'GET', url });

  /** Starts calls (`start` adds one later) and counts how many have been answered so far. */
  function started(urls: string[]) {
    const state = {
      answered: 0,
      calls: [] as Array<Promise<LightMyRequestResponse>>,
      start(url: string) {
        state.calls.push(
          inject(url).then((response) => {
            state.answered += 1;
            return response;
          }),
        );
      },
    };
    for (const url of urls) state.start(url);
    return state;
  }

  beforeAll(async () => {
    // No pipelined connections: with them a cheap call finds a place at once while the slow route holds
    // the pool (db/pool.postgres.test.ts), and the queue is what this file is about.
    s = await startLimitedApp({ statementTimeoutMs: 0, poolMax: 2, poolQueueMax: 2, pipelines: 0 });
    processFailures.start();
  });

  afterAll(async () => {
    processFailures.stop();
    await s?.close();
  });

  it('keeps a connection for other routes: a cheap call is answered while a slow route waits for its own', async () => {
    const slow = started([`${sleepPath}?seconds=1`, `${sleepPath}?seconds=1`]);
    await expect.poll(() => s.sleeping(), { timeout: 10_000 }).toBe(1);
    expect((await inject('/api/v2/settings')).statusCode).toBe(200);
    expect(slow.answered).toBe(0);
    expect((await Promise.all(slow.calls)).map((response) => response.statusCode)).toEqual([200, 200]);
  });

  it('refuses at once while the queue is full, lets another route in before the bursting one, serves again afterwards', async () => {
    // The route's one connection and the other route's: the pool is full; two wait (the bound), queued one
    // after the other so that the newest of them is known.
    const slow = started([`${sleepPath}?seconds=2`, `${sleepPath}?seconds=2`]);
    const other = started([`${otherSleepPath}?seconds=2`]);
    await expect.poll(() => s.sleeping(), { timeout: 10_000 }).toBe(2);
    await expect.poll(() => s.database.waiting(), { timeout: 10_000 }).toBe(1);
    slow.start(`${sleepPath}?seconds=2`);
    await expect.poll(() => s.database.waiting(), { timeout: 10_000 }).toBe(2);

    // Refused while the slow ones still run: at once, not after waiting for a connection.
    expectDatabaseBusy(await inject(`${sleepPath}?seconds=0`));
    expect(slow.answered + other.answered).toBe(0);

    // A request of another route still gets in line: the newest waiting request of the bursting route
    // is refused in its place.
    const settings = inject('/api/v2/settings');
    expectDatabaseBusy(await slow.calls[2]!);
    expect(slow.answered + other.answered).toBe(1);

    // Neither probe needs a connection of the pool.
    expect((await inject('/healthz')).statusCode).toBe(200);
    expect((await inject('/readyz')).statusCode).toBe(200);

    // The others were served, not refused; and afterwards the server answers as before.
    const answered = await Promise.all([...slow.calls.slice(0, 2), ...other.calls, settings]);
    expect(answered.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
    expect((await inject(`${sleepPath}?seconds=0`)).statusCode).toBe(200);

    expect(s.logs.lines).toContainEqual(
      expect.objectContaining({
        level: 40,
        msg: 'request refused: too many requests wait for the database (load shedding)',
        reason: 'shed',
      }),
    );
    expect(s.logs.lines.filter((line) => line.level >= 50)).toEqual([]);
    expect(processFailures.failures).toEqual([]);
  });
});
