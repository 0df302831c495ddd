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
import { deferUntilCommit } from './after-commit';
import { openControlConnection } from './control-connection';
import { acquireDataDirLock, type DataDirLock } from './lock';
import { MIGRATION_LOCK_ID } from './locks';
import { GuardedPool, type PoolStats } from './pool';
import * as schema from './schema';

export type Schema = typeof schema;
/** The drizzle database, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** An open database with its driver's cleanup. */
export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Applies the committed migrations (serialised across processes on PostgreSQL), without the statement timeout. */
  migrate(): Promise<void>;
  /** Runs `select 1` outside the pool (the readiness check): a full pool does not make it wait. */
  ping(): Promise<void>;
  /** How many requests wait for a connection of the pool now (PGlite has no pool: 0). */
  waiting(): number;
  /** The pool's state and counts for the metrics (`platform/metrics`); null on PGlite, which has no pool. */
  stats(): PoolStats | null;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(serverRoot, 'drizzle');

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  /** PGlite's folder is `<dataDir>/db`; unset with no URL means an in-memory database (tests). */
  dataDir?: string | undefined;
  /** Where a lost PostgreSQL connection is reported (default: stderr); PGlite has none to lose. */
  log?: FailureLog | undefined;
  /**
   * The server's limits (`config.database`). Unset (the CLI, tests' own databases): no statement timeout,
   * a pool of 10, no bound on its wait queue and `DEFAULT_PIPELINES` pipelined connections.
   */
  limits?: DatabaseLimits | undefined;
  /** PostgreSQL's `application_name` of every connection (the server's, `db/instances.ts`). */
  applicationName?: string | undefined;
}

export interface DatabaseLimits {
  /** Statements running longer are cancelled by PostgreSQL (57014); 0 means no limit. */
  statementTimeoutMs: number;
  poolMax: number;
  /** Requests that may wait for a connection before further ones are refused at once (`db/pool.ts`). */
  poolQueueMax: number;
  /** Pipelined connections for single statements (`db/pipelines.ts`); 0: they use the pool's. Default: `DEFAULT_PIPELINES`. */
  pipelines?: number | undefined;
  /** Statements each connection keeps prepared, the least recently used closed past it. Default: `DEFAULT_PREPARED_STATEMENTS`. */
  preparedStatements?: number | undefined;
}

/** Pipelined connections unless the limits say otherwise: the server's default. */
export const DEFAULT_PIPELINES = 3;

/**
 * How long a query waits for a PostgreSQL connection (a new one, or a free one of the pool) before it
 * fails. Without a limit, a database that stops answering (a cut network) would hang requests and
 * `/readyz` instead of answering 503.
 */
const CONNECT_TIMEOUT_MS = 10_000;

/** How long a database connection may be idle before TCP keep-alive probes ask whether its peer is there. */
const KEEP_ALIVE_DELAY_MS = 10_000;

/**
 * How much longer than the statement time-out a pipelined connection with statements in flight may
 * read nothing before it counts as dead (`db/pipelines.ts`): PostgreSQL answers or cancels the statement
 * at the head of its line within the time-out, so a longer silence is the network's.
 */
const READ_TIMEOUT_MARGIN_MS = 5_000;

/** Opens PostgreSQL when a URL is given, otherwise PGlite (in `dataDir/db`, locked against a second process). */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    return openPostgres(
      options.databaseUrl,
      options.log ?? consoleFailureLog,
      options.limits,
      options.applicationName,
    );
  }
  return openPglite(options.dataDir, options.limits);
}

async function openPostgres(
  url: string,
  log: FailureLog,
  limits: DatabaseLimits | undefined,
  applicationName: string | undefined,
): Promise<Database> {
  const connection = {
    connectionString: url,
    ...(applicationName ? { application_name: applicationName } : {}),
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // TCP keep-alive probes on every connection: an idle one whose peer vanished (a failover, a cut
    // network) is found dead by the operating system instead of on its next use.
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEP_ALIVE_DELAY_MS,
    // Sent with the connection's start-up message: every connection of the pool has it from the start.
    ...(limits?.statementTimeoutMs ? { statement_timeout: limits.statementTimeoutMs } : {}),
    // No JIT: Plaza's queries are short index walks, and compiling them (which PostgreSQL did whenever a
    // cost estimate crossed jit_above_cost) took longer than running them. PGlite has no JIT.
    // Random reads cost about as much as sequential ones for a database that sits in memory or on SSD
    // (the default of 4 assumes spinning disks): with it, the planner walked all members for a people
    // search whose index finds the few hundred matches (27 ms -> 7 ms at 10,000 members).
    options: '-c jit=off -c random_page_cost=1.1',
  };
  const control = openControlConnection({ ...connection, query_timeout: CONNECT_TIMEOUT_MS }, log);
  const poolSize = limits?.poolMax ?? 10;
  // A fixed-size pool: a connection, once opened, stays open through quiet spells (node-postgres closes
  // idle ones after 10 s otherwise). A new connection parses and plans every statement it runs again
  // (db/prepared-statements.ts); after a lull of a few seconds that made the first seconds of traffic
  // slow (the mixed bench's reads p99 was 1-3.7 s at 400 req/s, 90-156 ms with the pool kept).
  const pool = new GuardedPool(
    { ...connection, max: poolSize, min: poolSize },
    {
      queueMax: limits?.poolQueueMax,
      pipelines: limits?.pipelines ?? DEFAULT_PIPELINES,
      preparedStatements: limits?.preparedStatements,
      waitTimeoutMs: CONNECT_TIMEOUT_MS,
      readTimeoutMs: limits?.statementTimeoutMs ? limits.statementTimeoutMs + READ_TIMEOUT_MARGIN_MS : 0,
      cancelFailed(error, pid) {
        log.warn({ err: error, database: 'postgres', pid }, 'cancelling a statement failed');
      },
    },
  );
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
  const db = deferUntilCommit(drizzlePg(pool, { schema }) as unknown as Db);
  return {
    db,
    driver: 'postgres',
    async migrate() {
      // A connection of its own, without the pool's statement timeout: a migration may run for long.
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
      client.on('error', (error) => {
        log.warn({ err: error, database: 'postgres' }, 'database connection lost');
      });
      await client.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        await client.end().catch(() => {});
      }
    },
    async ping() {
      await control.query('select 1');
    },
    waiting: () => pool.waiting,
    stats: () => pool.stats(),
    async close() {
      await control.close();
      await pool.end();
    },
  };
}

async function openPglite(
  dataDir: string | undefined,
  limits: DatabaseLimits | undefined,
): Promise<Database> {
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
  // PGlite keeps the setting but does not enforce it today (its WebAssembly build has no timer signal);
  // it is set so that the limit holds wherever PGlite starts to. PGlite has no pool: nothing to shed.
  const statementTimeout = `set statement_timeout = ${limits?.statementTimeoutMs ?? 0}`;
  await client.exec(statementTimeout);
  const db = deferUntilCommit(drizzlePglite(client, { schema }) as unknown as Db);
  return {
    db,
    driver: 'pglite',
    async migrate() {
      await client.exec('set statement_timeout = 0');
      try {
        await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
      } finally {
        await client.exec(statementTimeout);
      }
    },
    async ping() {
      await client.query('select 1');
    },
    waiting: () => 0,
    stats: () => null,
    async close() {
      await client.close();
      lock?.release();
    },
  };
}
