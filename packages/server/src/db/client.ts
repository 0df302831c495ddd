import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { serverRoot } from '../paths';
import { consoleFailureLog, type FailureLog } from '../platform/failure-log';
import { acquireDataDirLock, type DataDirLock } from './lock';
import { MIGRATION_LOCK_ID } from './locks';
import * as schema from './schema';

export type Schema = typeof schema;
/** The drizzle database, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** An open database with its driver's cleanup. */
export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Applies the committed migrations (serialised across processes on PostgreSQL). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(serverRoot, 'drizzle');

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  /** PGlite's folder is `<dataDir>/db`; unset with no URL means an in-memory database (tests). */
  dataDir?: string | undefined;
  /** Where a lost PostgreSQL connection is reported (default: stderr); PGlite has none to lose. */
  log?: FailureLog | undefined;
}

/**
 * How long a query waits for a PostgreSQL connection (a new one, or a free one of the pool) before it
 * fails. Without a limit, a database that stops answering (a cut network) would hang requests and
 * `/readyz` instead of answering 503.
 */
const CONNECT_TIMEOUT_MS = 10_000;

/** Opens PostgreSQL when a URL is given, otherwise PGlite (in `dataDir/db`, locked against a second process). */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.log ?? consoleFailureLog);
  return openPglite(options.dataDir);
}

async function openPostgres(url: string, log: FailureLog): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // A connection the server or the network ends (restart, failover, a cut) makes its pg client emit
  // 'error'. Without a listener that is an uncaught exception and ends the process: the pool listens
  // only while a client is idle, not while a transaction holds it. So every client gets a listener of
  // its own (which logs), and the pool's 'error' (the idle case, already logged) only drops it: the
  // next query opens a new connection.
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      log.warn({ err: error, database: 'postgres' }, 'database connection lost');
    });
  });
  pool.on('error', () => {});
  await pool.query('select 1');
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    driver: 'postgres',
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  let lock: DataDirLock | undefined;
  let client: PGlite;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    lock = acquireDataDirLock(dataDir);
    try {
      client = await PGlite.create(path.join(dataDir, 'db'));
    } catch (error) {
      lock.release();
      throw error;
    }
  } else {
    client = await PGlite.create();
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    },
    async close() {
      await client.close();
      lock?.release();
    },
  };
}
