import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../src/db/client';

/** Which database the API tests run on: PLAZA_TEST_DB=pglite (default) or postgres. */
export const testDbKind = process.env.PLAZA_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
export const testPostgresUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** A fresh, migrated database for one test file: in-memory PGlite, or a new PostgreSQL database dropped on close. */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  if (testDbKind === 'pglite') {
    const database = await openDatabase({});
    await database.migrate();
    return database;
  }
  const name = `plaza_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testPostgresUrl });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${testPostgresUrl} (${(error as Error).message}); set TEST_POSTGRES_URL or run with PLAZA_TEST_DB=pglite.`,
    );
  }
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = withDatabase(testPostgresUrl, name);
  const database = await openDatabase({ databaseUrl: url });
  await database.migrate();
  return {
    ...database,
    url,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: testPostgresUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
