import { errorResponseSchema } from '@plaza/contract';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { type Database, type DatabaseLimits, openDatabase } from '../src/db/client';
import { executeRows } from '../src/db/execute-rows';
import { createTestApp, type TestApp } from './app';
import { createTestDatabase, testDbKind } from './database';
import { logCollector } from './outage';

/** Routes the overload tests add to the real app: `select pg_sleep(seconds)` through the app's pool. */
export const sleepPath = '/test/sleep';
/** The same on another route (the pool is fair between routes). */
export const otherSleepPath = '/test/other-sleep';

export interface LimitedApp {
  t: TestApp;
  /** The app's database, opened with the limits under test (as main.ts opens it with the config's). */
  database: Database;
  /** The same database without limits, for watching and locking from outside the app. */
  direct: Database;
  logs: ReturnType<typeof logCollector>;
  /** How many backends of this database run the sleep statement right now (pg_stat_activity). */
  sleeping(): Promise<number>;
  close(): Promise<void>;
}

/** Fails loudly outside the api-postgres project: these tests are about PostgreSQL's own behaviour. */
export function requirePostgres(file: string): void {
  if (testDbKind !== 'postgres') {
    throw new Error(`${file} needs PLAZA_TEST_DB=postgres (the api-postgres project).`);
  }
}

/** The real app on a fresh PostgreSQL database opened with `limits`, plus the sleep route; `env` adds to its configuration. */
export async function startLimitedApp(
  limits: DatabaseLimits,
  logLevel = 'warn',
  env: NodeJS.ProcessEnv = {},
): Promise<LimitedApp> {
  const direct = await createTestDatabase();
  const database = await openDatabase({ databaseUrl: direct.url, limits });
  const logs = logCollector();
  const t = await createTestApp({
    database,
    env: { LOG_LEVEL: logLevel, ...env },
    logStream: logs.stream,
    routes(app) {
      for (const path of [sleepPath, otherSleepPath]) {
        // Declared slow, as an export is: its statements wait for a connection of the pool and never go
        // on a pipelined one (db/pool.ts), so they hold the pool as the tests expect.
        app.get(path, { config: { slowQueries: true } }, async (request) => {
          const seconds = Number((request.query as { seconds?: string }).seconds ?? 0);
          await database.db.execute(sql`select pg_sleep(${seconds})`);
          return { slept: seconds };
        });
      }
    },
  });
  return {
    t,
    database,
    direct,
    logs,
    async sleeping() {
      const [row] = await executeRows<{ count: number }>(
        direct.db,
        sql`select count(*)::int as count from pg_stat_activity
            where datname = current_database() and state = 'active' and query like 'select pg_sleep%'`,
      );
      return row?.count ?? 0;
    },
    async close() {
      await t.close();
      await database.close();
      await direct.close();
    },
  };
}

/** The answer to a call refused because the database is overloaded: 503, Retry-After, the error shape. */
export function expectDatabaseBusy(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(503);
  expect(response.headers['retry-after']).toBe('2');
  const body = errorResponseSchema.parse(response.json());
  expect(body.errors).toEqual([{ code: 'database_busy', message: expect.stringMatching(/busy/) }]);
}
