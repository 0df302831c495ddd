import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchProcessFailures } from './outage';
import { expectDatabaseBusy, type LimitedApp, requirePostgres, sleepPath, startLimitedApp } from './overload';

requirePostgres('pool-queue.postgres.test.ts');

/** DB_POOL_MAX and DB_POOL_QUEUE_MAX: past the queue's bound, requests are refused at once (load shedding). */
describe('bounded pool queue', () => {
  const processFailures = watchProcessFailures();
  let s: LimitedApp;

  beforeAll(async () => {
    s = await startLimitedApp({ statementTimeoutMs: 0, poolMax: 2, poolQueueMax: 2 });
    processFailures.start();
  });

  afterAll(async () => {
    processFailures.stop();
    await s?.close();
  });

  it('refuses at once while the queue is full, lets another route in before the bursting one, serves again afterwards', async () => {
    const inject = (url: string) => s.t.app.inject({ method: 'GET', url });
    let slowAnswered = 0;
    // Two hold the two connections, two wait in the queue (its bound).
    const slow = [1, 2, 3, 4].map(() =>
      inject(`${sleepPath}?seconds=2`).then((response) => {
        slowAnswered += 1;
        return response;
      }),
    );
    await expect.poll(() => s.sleeping(), { timeout: 10_000 }).toBe(2);

    // Refused while the slow ones still run: at once, not after waiting for a connection.
    expectDatabaseBusy(await inject(`${sleepPath}?seconds=0`));
    expect(slowAnswered).toBe(0);

    // A request of another route still gets in: the newest waiting request of the bursting route is
    // refused in its place.
    const settings = inject('/api/v2/settings');
    expectDatabaseBusy(await slow[3]!);
    expect(slowAnswered).toBe(1);

    // Neither probe needs a connection of the pool.
    expect((await inject('/healthz')).statusCode).toBe(200);
    expect((await inject('/readyz')).statusCode).toBe(200);

    // The others were served, not refused; and afterwards the server answers as before.
    expect((await Promise.all(slow.slice(0, 3))).map((response) => response.statusCode)).toEqual([
      200, 200, 200,
    ]);
    expect((await settings).statusCode).toBe(200);
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
