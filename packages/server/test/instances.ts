import { randomBytes } from 'node:crypto';
import { type Database, openDatabase } from '../src/db/client';
import { createBus } from '../src/platform/bus-factory';
import { createTestApp, type TestApp } from './app';
import { createTestDatabase } from './database';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface TwoInstances {
  /** The database both instances use (A through it, B through a pool of its own). */
  database: Database & { url?: string };
  a: TestApp;
  b: TestApp;
  close(): Promise<void>;
}

/**
 * Two app instances on one database, as two servers would run: B has a pool of its own, and the two
 * share nothing but a Redis bus (under a prefix of their own), so only the bus can tell B of A's changes.
 */
export async function twoInstances(): Promise<TwoInstances> {
  const database = await createTestDatabase();
  const second = await openDatabase({ databaseUrl: database.url });
  const prefix = `plaza-test-${randomBytes(4).toString('hex')}:`;
  const a = await createTestApp({ database, bus: await createBus({ redisUrl }, prefix) });
  const b = await createTestApp({ database: second, bus: await createBus({ redisUrl }, prefix) });
  return {
    database,
    a,
    b,
    async close() {
      await a.close();
      await b.close();
      await second.close();
      await database.close();
    },
  };
}
