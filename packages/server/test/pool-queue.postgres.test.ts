import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchProcessFailures } from './outage';
import { expectDatabaseBusy, type LimitedApp, requirePostgres, sleepPath, startLimitedApp } from './overload';

requirePostgres('pool-queue.postgres.test.ts');

/** DB_POOL_MAX and DB_POOL_QUEUE_MAX: past the queue's bound, requests are refused at once (load shedding). */
describe('bounded pool queue', () => {
  const processFailures = watchProcessFailures();
  let s: LimitedApp;

  beforeAll(async () => {
    s = await startLimitedApp({ statementTimeoutMs: 0, poolMax: 2, poolQueueMax: 1 });
    processFailures.start();
  });

  afterAll(async () => {
    processFailures.stop();
    await s?.close();
  });

  it('refuses a request at once with 503 while both connections are busy and one request waits; serves again afterwards', async () => {
    const inject = (url: string) => s.t.app.inject({ method: 'GET', url });
    let slowAnswered = 0;
    // Two hold the two connections, the third waits in the queue (its bound is one).
    const slow = [1, 2, 3].map(() =>
      inject(`${sleepPath}?seconds=2`).then((response) => {
        slowAnswered += 1;
        return response;
      }),
    );
    await expect.poll(() => s.sleeping(), { timeout: 10_000 }).toBe(2);

    expectDatabaseBusy(await inject(`${sleepPath}?seconds=0`));
    // Refused while the slow ones still run: at once, not after waiting for a connection.
    expect(slowAnswered).toBe(0);
    // Neither probe needs a connection of the pool.
    expect((await inject('/healthz')).statusCode).toBe(200);
    expect((await inject('/readyz')).statusCode).toBe(200);

    // The waiting request was served, not refused; and afterwards the server answers as before.
    expect((await Promise.all(slow)).map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect((await inject(`${sleepPath}?seconds=0`)).statusCode).toBe(200);

    expect(s.logs.lines).toContainEqual(
      expect.objectContaining({
        level: 40,
        msg: 'request refused: too many requests wait for the database (load shedding)',
        reason: 'queue_full',
      }),
    );
    expect(s.logs.lines.filter((line) => line.level >= 50)).toEqual([]);
    expect(processFailures.failures).toEqual([]);
  });
});
