import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { executeRows } from '../src/db/execute-rows';
import { createTestDatabase } from './database';
import { requirePostgres } from './overload';

requirePostgres('connection-settings.postgres.test.ts');

/** What every connection of the server's PostgreSQL pool is opened with. */
describe('PostgreSQL connection settings', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  it('turn JIT compilation off, which cost more than Plaza’s short queries', async () => {
    const [row] = await executeRows<{ jit: string }>(database.db, sql`show jit`);
    expect(row?.jit).toBe('off');
  });

  it('price random reads like sequential ones, so searches take their index', async () => {
    const [row] = await executeRows<{ random_page_cost: string }>(database.db, sql`show random_page_cost`);
    expect(Number(row?.random_page_cost)).toBe(1.1);
  });

  it('keep the pool’s connections through a quiet spell, so their prepared statements stay', async () => {
    // Two statements at once take two connections; node-postgres closes a connection idle for 10 s.
    const backends = async () => {
      const answers = await Promise.all(
        [0, 1].map(() =>
          executeRows<{ pid: number }>(database.db, sql`select pg_backend_pid() as pid from pg_sleep(0.2)`),
        ),
      );
      return answers.map(([row]) => row?.pid).sort();
    };
    const before = await backends();
    expect(new Set(before).size).toBe(2);
    await sleep(10_500);
    expect(await backends()).toEqual(before);
  }, 30_000);
});
