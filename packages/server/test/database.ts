import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { deferUntilCommit } from '../src/db/after-commit';
import { type Database, type Db, migrationsFolder, openDatabase } from '../src/db/client';
import * as schema from '../src/db/schema';

/**
 * Which database the API tests run on: PLAZA_TEST_DB=pglite (default) or postgres; `none` in the `unit`
 * project (`*.unit.test.ts`, run once), where asking for a database is an error.
 */
export const testDbKind: 'pglite' | 'postgres' | 'none' =
  process.env.PLAZA_TEST_DB === 'postgres'
    ? 'postgres'
    : process.env.PLAZA_TEST_DB === 'none'
      ? 'none'
      : 'pglite';
export const testPostgresUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

// Each test file gets its own database, copied from a migrated template instead of migrating again: a
// PostgreSQL template database (`CREATE DATABASE ... TEMPLATE`), or for PGlite a dump of a migrated data
// folder that each in-memory PGlite loads (which also skips PGlite's initdb). Templates are named by a hash of
// the migrations, so a changed migration builds a new one; test/global-setup.ts builds them once per run and
// drops stale ones, and a file whose template is missing (a concurrent run with other migrations dropped it)
// builds it again.

/** A hash of everything the migrator reads: the journal and each SQL file. */
export function migrationsHash(folder = migrationsFolder): string {
  const hash = createHash('sha256');
  const files = readdirSync(folder)
    .filter((file) => file.endsWith('.sql'))
    .sort();
  for (const file of ['meta/_journal.json', ...files]) {
    hash.update(file);
    hash.update('\0');
    hash.update(readFileSync(path.join(folder, file)));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** A fresh, migrated database for one test file: in-memory PGlite, or a new PostgreSQL database dropped on close. */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  if (testDbKind === 'none') {
    throw new Error(
      'A unit test (*.unit.test.ts) asked for a database: unit tests run once, without one. Name the file *.test.ts so that it runs on PGlite and PostgreSQL.',
    );
  }
  if (testDbKind === 'pglite') return openPgliteFromTemplate();
  return createPostgresFromTemplate();
}

// --- PGlite ---------------------------------------------------------------------------------------------

const pgliteVersion: string = (() => {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const packageDir = entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`));
  return JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')).version;
})();

const pgliteTemplatePrefix = 'plaza-test-pglite-template-';

/** The dump of a migrated PGlite data folder, kept in the temp folder (named by PGlite's version and the migrations). */
export function pgliteTemplateFile(): string {
  return path.join(os.tmpdir(), `${pgliteTemplatePrefix}${pgliteVersion}-${migrationsHash()}.tar`);
}

/** Makes the PGlite template if it is missing and returns its file. Safe to run in parallel: a file is renamed into place. */
export async function ensurePgliteTemplate(): Promise<string> {
  const file = pgliteTemplateFile();
  if (existsSync(file)) return file;
  const client = await PGlite.create();
  try {
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    const dump = await client.dumpDataDir('none');
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  } finally {
    await client.close();
  }
  return file;
}

/** Removes PGlite templates of other migrations or PGlite versions. */
export function dropStalePgliteTemplates(): void {
  const current = path.basename(pgliteTemplateFile());
  for (const name of readdirSync(os.tmpdir())) {
    if (name.startsWith(pgliteTemplatePrefix) && name !== current && !name.endsWith('.partial')) {
      rmSync(path.join(os.tmpdir(), name), { force: true });
    }
  }
}

/** An in-memory PGlite copied from the migrated template, whatever PLAZA_TEST_DB says (cross-kind tests). */
export async function openPgliteFromTemplate(): Promise<Database> {
  const template = readFileSync(await ensurePgliteTemplate());
  const client = await PGlite.create({ loadDataDir: new Blob([template]) });
  const db = deferUntilCommit(drizzlePglite(client, { schema }) as unknown as Db);
  // What openDatabase({}) gives, on the copied data: migrate() finds every migration applied.
  return {
    db,
    driver: 'pglite',
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    },
    async ping() {
      await client.query('select 1');
    },
    waiting: () => 0,
    stats: () => null,
    close: () => client.close(),
  };
}

// --- PostgreSQL -----------------------------------------------------------------------------------------

const postgresTemplatePrefix = 'plaza_test_template_';
/** Advisory lock around building a template; not the migrations' lock, which the build takes inside. */
const TEMPLATE_LOCK_ID = 7_404_126;

export function postgresTemplateName(): string {
  return `${postgresTemplatePrefix}${migrationsHash()}`;
}

async function adminClient(): Promise<pg.Client> {
  const admin = new pg.Client({ connectionString: testPostgresUrl });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${testPostgresUrl} (${(error as Error).message}); set TEST_POSTGRES_URL or run with PLAZA_TEST_DB=pglite.`,
    );
  }
  return admin;
}

/**
 * Makes the migrated template database if it is missing, under an advisory lock (test workers and other runs
 * ask at the same time). A finished template takes no connections (`datallowconn` false), which also tells it
 * from one a crashed build left behind.
 */
export async function ensurePostgresTemplate(): Promise<string> {
  const name = postgresTemplateName();
  const admin = await adminClient();
  try {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_ID]);
    const found = await admin.query<{ datallowconn: boolean }>(
      'select datallowconn from pg_database where datname = $1',
      [name],
    );
    if (found.rows[0]?.datallowconn === false) return name;
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    const database = await openDatabase({ databaseUrl: withDatabase(testPostgresUrl, name) });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    await admin.query(`alter database ${name} with allow_connections false`);
    return name;
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_ID]).catch(() => {});
    await admin.end();
  }
}

/** Drops templates of other migrations; one that is being copied right now stays until a later run. */
export async function dropStalePostgresTemplates(): Promise<void> {
  const current = postgresTemplateName();
  const admin = await adminClient();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like '${postgresTemplatePrefix}%' and datname <> $1`,
      [current],
    );
    for (const { datname } of rows) {
      await admin.query(`drop database if exists ${datname}`).catch(() => {});
    }
  } finally {
    await admin.end();
  }
}

/** PostgreSQL error codes: the template does not exist; the template has a connection. */
const UNDEFINED_DATABASE = '3D000';
const OBJECT_IN_USE = '55006';

async function createPostgresFromTemplate(): Promise<Database & { url: string }> {
  const name = `plaza_test_${randomBytes(6).toString('hex')}`;
  const admin = await adminClient();
  try {
    for (let attempt = 1; ; attempt++) {
      const template = await ensurePostgresTemplate();
      try {
        await admin.query(`create database ${name} template ${template}`);
        break;
      } catch (error) {
        const code = (error as { code?: string }).code;
        // Dropped by a concurrent run with other migrations, or still being closed by its builder: again.
        if (attempt >= 5 || (code !== UNDEFINED_DATABASE && code !== OBJECT_IN_USE)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
    }
  } finally {
    await admin.end();
  }
  const url = withDatabase(testPostgresUrl, name);
  const database = await openDatabase({ databaseUrl: url });
  return {
    ...database,
    url,
    async close() {
      await database.close();
      const dropper = await adminClient();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
