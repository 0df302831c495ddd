import { rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/** Where the generator writes and the benchmarks read, unless `--database-url` names another database. */
export const defaultBenchDatabaseUrl = 'postgres://postgres@127.0.0.1:5432/plaza_bench';

/** Databases the generator refuses to drop, whatever URL it is given. */
const protectedNames = new Set(['postgres', 'template0', 'template1']);

/** Drops and creates the database of `url` (through the server's `postgres` database). */
export async function recreatePostgres(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!name || protectedNames.has(name)) throw new Error(`refusing to drop the database "${name}"`);
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const client = new pg.Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    const quoted = `"${name.replaceAll('"', '""')}"`;
    await client.query(`drop database if exists ${quoted} with (force)`);
    await client.query(`create database ${quoted}`);
  } finally {
    await client.end();
  }
}

/** Empties a PGlite data folder's database (`<dir>/db`, as the server opens it); nothing else in it. */
export function recreatePglite(dataDir: string): void {
  rmSync(path.join(dataDir, 'db'), { recursive: true, force: true });
}
