import net from 'node:net';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { testPostgresUrl } from '../../test/database';
import { requirePostgres } from '../../test/overload';
import { GuardedPool } from './pool';
import { abandonQueryScope, newQueryScope, runInQueryScope } from './query-scope';
import { isDatabaseUnavailable } from './unavailable';

requirePostgres('pool.postgres.test.ts');

/** Pools and connections a test opened, closed after it. */
const opened: Array<{ end(): Promise<void> }> = [];

afterEach(async () => {
  await Promise.all(opened.splice(0).map((closable) => closable.end()));
});

/**
 * A guarded pool, with a connection of the test's own (`control`) to watch PostgreSQL; `cancelled()` is
 * how many statements the pool cancelled (its cancel requests that failed go to `cancelFailures`),
 * `active(text)` counts the backends running `text` now.
 */
async function guardedPool(
  config: pg.PoolConfig,
  guard: { cancelGraceMs: number; pipelines?: number; readTimeoutMs?: number },
) {
  const control = new pg.Client({ connectionString: testPostgresUrl });
  await control.connect();
  const cancelFailures: unknown[] = [];
  const pool = new GuardedPool(
    { connectionString: testPostgresUrl, ...config },
    {
      waitTimeoutMs: 10_000,
      ...guard,
      cancelFailed(error) {
        cancelFailures.push(error);
      },
    },
  );
  const cancelled = () => pool.stats().cancelled;
  opened.push(pool, control);
  const active = async (text: string) =>
    (
      await control.query<{ count: number }>(
        "select count(*)::int as count from pg_stat_activity where state = 'active' and query = $1",
        [text],
      )
    ).rows[0]!.count;
  return { pool, control, cancelled, cancelFailures, active };
}

/**
 * A request abandoned by its client while its statement runs: the pool cancels the statement (with the
 * protocol's cancel request and the connection's secret key, `cancel.ts`) only when it still runs after the grace, and only a cancelled connection is closed (the next one would prepare
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
    expect(cancelled()).toBe(0);
    expect(await backend()).toBe(before);
    expect(pool.totalCount).toBe(1);
  });

  it('cancels a statement still running after the grace and replaces its connection', async () => {
    const { pool, cancelled, backend, abandonWhileRunning } = await onePool(50);
    const before = await backend();

    await expect(abandonWhileRunning('select pg_sleep(30)')).rejects.toMatchObject({ code: '57014' });

    expect(cancelled()).toBe(1);
    const after = await backend();
    expect(after).not.toBe(before);
    expect(pool.totalCount).toBe(1);
  });
});

/**
 * Holds `count` connections of `pool` (as transactions of as many routes would: one route holds at most
 * four fifths of them); returns how to give them back.
 */
async function holdConnections(pool: GuardedPool, count: number) {
  const held = await Promise.all(
    Array.from({ length: count }, (_, index) =>
      runInQueryScope(newQueryScope(`POST /hold/${index}`), () => pool.connect()),
    ),
  );
  return () => {
    for (const client of held) client.release();
  };
}

/**
 * Single statements go on a free connection of the pool, and on the pipelined connections only while
 * every connection of the pool is busy; statements of slow routes never go on those.
 */
describe('GuardedPool: pipelining only when the connections are busy', () => {
  const pipelineStats = (pool: GuardedPool) => pool.stats().pipelines!;
  const pid = async (pool: GuardedPool) =>
    (await pool.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;

  it('runs a single statement on a free connection of the pool, and pipelines it while all are busy', async () => {
    const { pool } = await guardedPool({ max: 2, min: 0 }, { cancelGraceMs: 50, pipelines: 1 });
    const first = await pid(pool);
    expect(await pid(pool)).toBe(first);
    expect(pipelineStats(pool).open, 'no pipelined connection opened while the pool had one free').toBe(0);

    // The pool's connections held (transactions): the next statement goes on the pipelined connection.
    const release = await holdConnections(pool, 2);
    const pipelined = await pid(pool);
    expect(pipelineStats(pool).open).toBe(1);
    expect(pool.totalCount).toBe(2);
    expect(await pid(pool)).toBe(pipelined);

    // Free again: back on the pool's connections, the pipelined one idle.
    release();
    expect(await pid(pool)).not.toBe(pipelined);
    expect(pipelineStats(pool).inFlight).toBe(0);
  });

  it("keeps a slow route's statements off the pipe: a cheap read finishes while a slow statement of another request runs", async () => {
    const { pool, active } = await guardedPool({ max: 1, min: 0 }, { cancelGraceMs: 50, pipelines: 1 });
    const slowText = 'select pg_sleep(1.5), 1 as first';
    const secondText = 'select pg_sleep(0.1), 2 as second';
    // Two requests of a route known to be slow (an export): the first holds the one connection.
    const slow = runInQueryScope(newQueryScope('GET /export', undefined, true), () => pool.query(slowText));
    await expect.poll(() => active(slowText), { interval: 10 }).toBe(1);
    const second = runInQueryScope(newQueryScope('GET /export', undefined, true), () =>
      pool.query(secondText),
    );

    const cheap = await runInQueryScope(newQueryScope('GET /cheap'), () =>
      pool.query<{ value: number }>('select $1::int as value', [7]),
    );

    expect(cheap.rows).toEqual([{ value: 7 }]);
    // Answered while the slow statement still ran, and the slow route's second statement waited for the
    // pool's connection instead of going on the pipe before the cheap one.
    expect(await active(slowText)).toBe(1);
    expect(pool.waiting).toBe(1);
    expect(pipelineStats(pool).inFlight).toBe(0);
    expect((await slow).rows[0]).toMatchObject({ first: 1 });
    expect((await second).rows[0]).toMatchObject({ second: 2 });
  });

  it('keeps a route whose statements were slow lately off the pipe too', async () => {
    const { pool } = await guardedPool({ max: 1, min: 1 }, { cancelGraceMs: 50, pipelines: 1 });
    const report = newQueryScope('GET /report');
    for (let i = 0; i < 2; i += 1) {
      await runInQueryScope(report, () => pool.query('select pg_sleep($1::float8)', [0.15]));
    }
    const release = await holdConnections(pool, 1);
    const waiting = runInQueryScope(newQueryScope('GET /report'), () =>
      pool.query<{ value: number }>('select $1::int as value', [1]),
    );
    // A cheap route's statement takes the pipe; the slow one's waits for the connection.
    const cheap = await runInQueryScope(newQueryScope('GET /cheap'), () =>
      pool.query<{ value: number }>('select $1::int as value', [2]),
    );
    expect(cheap.rows).toEqual([{ value: 2 }]);
    expect(pool.waiting).toBe(1);
    release();
    expect((await waiting).rows).toEqual([{ value: 1 }]);
  });
});

/**
 * Single statements on pipelined connections (`pipelines.ts`), the pool's connections held: several in
 * flight on one connection, each answered with its own rows, an error failing only its own statement, a
 * lost connection replaced.
 */
describe('GuardedPool: pipelined statements', () => {
  /**
   * A pool of ten connections, all held, whose single statements therefore run on `pipelines`
   * pipelined connections (ten places).
   */
  const pipelinedPool = async (pipelines: number) => {
    const made = await guardedPool({ max: 10, min: 0 }, { cancelGraceMs: 50, pipelines });
    const release = await holdConnections(made.pool, 10);
    // Given back when the test ends, so that the pool can close.
    opened.push({ end: async () => release() });
    return made;
  };

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
    // No connection of the pool was opened for them beyond the ten held.
    expect(pool.totalCount).toBe(10);
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
    expect(cancelled()).toBe(1);
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
    expect(cancelled()).toBe(0);
  });
});

/**
 * A TCP proxy in front of PostgreSQL whose open connections can be black-holed: it keeps their sockets
 * open and forwards nothing more either way, as a cut network or a vanished host does (no reset).
 */
async function blackHoleProxy() {
  const target = new URL(testPostgresUrl);
  const links = new Set<{ silent: boolean; sockets: net.Socket[] }>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    const link = { silent: false, sockets: [client, upstream] };
    links.add(link);
    client.on('data', (chunk) => link.silent || upstream.write(chunk));
    upstream.on('data', (chunk) => link.silent || client.write(chunk));
    const close = () => {
      links.delete(link);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', close).on('error', close);
    upstream.on('close', close).on('error', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const url = new URL(testPostgresUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    /** Silences every connection open now; later ones are forwarded. */
    blackHole() {
      for (const link of links) link.silent = true;
    },
    async end() {
      for (const link of links) for (const socket of link.sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('GuardedPool: pipelined connections that go silent or run too long', () => {
  it('cancels an over-long statement at the statement time-out; the connection goes on', async () => {
    const { pool } = await guardedPool({ max: 10, min: 0, statement_timeout: 200 } as pg.PoolConfig, {
      cancelGraceMs: 50,
      pipelines: 1,
    });
    const release = await holdConnections(pool, 10);
    opened.push({ end: async () => release() });
    const pid = async () =>
      (await pool.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    const before = await pid();

    await expect(pool.query('select pg_sleep(30)')).rejects.toMatchObject({ code: '57014' });
    expect(await pid()).toBe(before);
  });

  it('closes a connection that reads nothing past the read time-out: its statements fail as unavailable, the next runs on a new one', async () => {
    const proxy = await blackHoleProxy();
    opened.push(proxy);
    const pool = new GuardedPool(
      { connectionString: proxy.url, max: 10, min: 0 },
      { waitTimeoutMs: 10_000, pipelines: 1, readTimeoutMs: 500, cancelFailed() {} },
    );
    opened.push(pool);
    // The held connections are cut with the proxy at the end: their loss is expected (client.ts logs it).
    pool.on('connect', (client) => client.on('error', () => {}));
    pool.on('error', () => {});
    // The pool's connections held: the statements below go on the pipelined connection.
    const release = await holdConnections(pool, 10);
    opened.push({ end: async () => release() });
    const pid = async () =>
      (await pool.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    const before = await pid();

    proxy.blackHole();
    const queued = await Promise.allSettled([
      pool.query('select 1'),
      pool.query('select $1::int', [2]),
      pool.query('select 3'),
    ]);

    for (const outcome of queued) {
      expect(outcome.status).toBe('rejected');
      const reason = (outcome as PromiseRejectedResult).reason;
      expect(reason).toMatchObject({ code: 'ETIMEDOUT' });
      expect(isDatabaseUnavailable(reason)).toBe(true);
    }
    const after = await pid();
    expect(after).not.toBe(before);
  });
});
