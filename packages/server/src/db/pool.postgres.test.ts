import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { testPostgresUrl } from '../../test/database';
import { requirePostgres } from '../../test/overload';
import { GuardedPool } from './pool';
import { abandonQueryScope, newQueryScope, runInQueryScope } from './query-scope';

requirePostgres('pool.postgres.test.ts');

/**
 * A request abandoned by its client while its statement runs: the pool cancels the statement only when
 * it still runs after the grace, and only a cancelled connection is closed (the next one would prepare
 * and plan every statement again).
 */
describe('GuardedPool: statements of abandoned requests', () => {
  const opened: Array<{ end(): Promise<void> }> = [];

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((closable) => closable.end()));
  });

  /** A one-connection pool whose cancels go through a connection of their own, recorded. */
  async function onePool(cancelGraceMs: number) {
    const control = new pg.Client({ connectionString: testPostgresUrl });
    await control.connect();
    const cancelled: number[] = [];
    const pool = new GuardedPool(
      { connectionString: testPostgresUrl, max: 1, min: 1 },
      {
        waitTimeoutMs: 10_000,
        cancelGraceMs,
        cancelBackend(pid) {
          cancelled.push(pid);
          control.query('select pg_cancel_backend($1)', [pid]).catch(() => {});
        },
      },
    );
    opened.push(pool, control);
    const backend = async () =>
      (await pool.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    /** Runs `text` as a request's query and abandons the request while PostgreSQL runs the statement. */
    const abandonWhileRunning = async (text: string) => {
      const scope = newQueryScope('GET /test');
      const running = runInQueryScope(scope, () => pool.query(text));
      running.catch(() => {});
      const sleeping = async () =>
        (
          await control.query<{ count: number }>(
            "select count(*)::int as count from pg_stat_activity where state = 'active' and query = $1",
            [text],
          )
        ).rows[0]!.count;
      await expect.poll(sleeping, { interval: 10 }).toBe(1);
      abandonQueryScope(scope);
      return running;
    };
    return { pool, cancelled, backend, abandonWhileRunning };
  }

  it('lets a statement that ends within the grace finish and keeps its connection', async () => {
    const { pool, cancelled, backend, abandonWhileRunning } = await onePool(60_000);
    const before = await backend();

    const result = await abandonWhileRunning('select pg_sleep(0.5), 1 as done');

    expect(result.rows[0]).toMatchObject({ done: 1 });
    expect(cancelled).toEqual([]);
    expect(await backend()).toBe(before);
    expect(pool.totalCount).toBe(1);
  });

  it('cancels a statement still running after the grace and replaces its connection', async () => {
    const { pool, cancelled, backend, abandonWhileRunning } = await onePool(50);
    const before = await backend();

    await expect(abandonWhileRunning('select pg_sleep(30)')).rejects.toMatchObject({ code: '57014' });

    expect(cancelled).toEqual([before]);
    const after = await backend();
    expect(after).not.toBe(before);
    expect(pool.totalCount).toBe(1);
  });
});
