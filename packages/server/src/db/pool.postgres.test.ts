import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { testPostgresUrl } from '../../test/database';
import { requirePostgres } from '../../test/overload';
import { GuardedPool } from './pool';
import { abandonQueryScope, newQueryScope, runInQueryScope } from './query-scope';

requirePostgres('pool.postgres.test.ts');

/** Pools and connections a test opened, closed after it. */
const opened: Array<{ end(): Promise<void> }> = [];

afterEach(async () => {
  await Promise.all(opened.splice(0).map((closable) => closable.end()));
});

/**
 * A guarded pool whose cancels go through a connection of their own (`control`), recorded in
 * `cancelled`; `active(text)` counts the backends running `text` now.
 */
async function guardedPool(config: pg.PoolConfig, guard: { cancelGraceMs: number; pipelines?: number }) {
  const control = new pg.Client({ connectionString: testPostgresUrl });
  await control.connect();
  const cancelled: number[] = [];
  const pool = new GuardedPool(
    { connectionString: testPostgresUrl, ...config },
    {
      waitTimeoutMs: 10_000,
      ...guard,
      cancelBackend(pid) {
        cancelled.push(pid);
        control.query('select pg_cancel_backend($1)', [pid]).catch(() => {});
      },
    },
  );
  opened.push(pool, control);
  const active = async (text: string) =>
    (
      await control.query<{ count: number }>(
        "select count(*)::int as count from pg_stat_activity where state = 'active' and query = $1",
        [text],
      )
    ).rows[0]!.count;
  return { pool, control, cancelled, active };
}

/**
 * A request abandoned by its client while its statement runs: the pool cancels the statement only when
 * it still runs after the grace, and only a cancelled connection is closed (the next one would prepare
 * and plan every statement again).
 */
describe('GuardedPool: statements of abandoned requests', () => {
  /** A one-connection pool (no pipelined connections). */
  async function onePool(cancelGraceMs: number) {
    const { pool, cancelled, active } = await guardedPool({ max: 1, min: 1 }, { cancelGraceMs });
    const backend = async () =>
      (await pool.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    /** Runs `text` as a request's query and abandons the request while PostgreSQL runs the statement. */
    const abandonWhileRunning = async (text: string) => {
      const scope = newQueryScope('GET /test');
      const running = runInQueryScope(scope, () => pool.query(text));
      running.catch(() => {});
      await expect.poll(() => active(text), { interval: 10 }).toBe(1);
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

/**
 * Single statements on pipelined connections (`pipelines.ts`): several in flight on one connection,
 * each answered with its own rows, an error failing only its own statement, a lost connection replaced.
 */
describe('GuardedPool: pipelined statements', () => {
  /** A pool of ten slots whose statements run on `pipelines` pipelined connections. */
  const pipelinedPool = (pipelines: number) =>
    guardedPool({ max: 10, min: 0 }, { cancelGraceMs: 50, pipelines });

  it('answers statements in flight together each with its own rows, on the pipelined connections only', async () => {
    const { pool } = await pipelinedPool(2);
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        pool.query<{ value: number; pid: number }>('select $1::int as value, pg_backend_pid() as pid', [
          index,
        ]),
      ),
    );

    expect(results.map((result) => result.rows[0]!.value)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(new Set(results.map((result) => result.rows[0]!.pid)).size).toBe(2);
    // No connection of the pool was opened for them: transactions alone take those.
    expect(pool.totalCount).toBe(0);
  });

  it('fails only the statement in error; the ones written behind it on its connection are answered', async () => {
    const { pool } = await pipelinedPool(1);
    const [before, failed, after] = await Promise.allSettled([
      pool.query<{ value: number }>('select $1::int as value', [1]),
      pool.query('select 1 / $1::int', [0]),
      pool.query<{ value: number }>('select $1::int as value', [3]),
    ]);

    expect(before).toMatchObject({ status: 'fulfilled', value: { rows: [{ value: 1 }] } });
    expect(failed).toMatchObject({ status: 'rejected', reason: { code: '22012' } });
    expect(after).toMatchObject({ status: 'fulfilled', value: { rows: [{ value: 3 }] } });
  });

  it('replaces a connection PostgreSQL ended: its statement fails, the next one runs on a new backend', async () => {
    const { pool, control } = await pipelinedPool(1);
    const first = (await pool.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    const lost = pool.query('select pg_sleep(30)');
    lost.catch(() => {});
    await expect
      .poll(
        async () =>
          (
            await control.query('select 1 from pg_stat_activity where pid = $1 and state = $2', [
              first,
              'active',
            ])
          ).rowCount,
      )
      .toBe(1);
    await control.query('select pg_terminate_backend($1)', [first]);

    await expect(lost).rejects.toThrow();
    const next = (await pool.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    expect(next).not.toBe(first);
  });

  it("cancels an abandoned request's statement still running after the grace when its connection runs nothing else", async () => {
    const { pool, cancelled, active } = await pipelinedPool(1);
    const text = 'select pg_sleep(30)';
    const scope = newQueryScope('GET /test');
    const running = runInQueryScope(scope, () => pool.query(text));
    running.catch(() => {});
    await expect.poll(() => active(text), { interval: 10 }).toBe(1);
    abandonQueryScope(scope);

    await expect(running).rejects.toMatchObject({ code: '57014' });
    expect(cancelled).toHaveLength(1);
    expect((await pool.query<{ value: number }>('select $1::int as value', [7])).rows).toEqual([
      { value: 7 },
    ]);
  });

  it('does not cancel an abandoned statement sharing its connection: a cancel could reach the other one', async () => {
    const { pool, cancelled, active } = await pipelinedPool(1);
    const text = 'select pg_sleep(0.6), 1 as done';
    const scope = newQueryScope('GET /abandoned');
    const abandoned = runInQueryScope(scope, () => pool.query(text));
    const other = runInQueryScope(newQueryScope('GET /other'), () =>
      pool.query<{ value: number }>('select $1::int as value', [5]),
    );
    await expect.poll(() => active(text), { interval: 10 }).toBe(1);
    abandonQueryScope(scope);

    expect((await abandoned).rows[0]).toMatchObject({ done: 1 });
    expect((await other).rows).toEqual([{ value: 5 }]);
    expect(cancelled).toEqual([]);
  });
});
