// The SQL of backups and restores, the same on PostgreSQL and PGlite: rows travel as `row_to_json` text
// (timestamps with their offset, numbers and bytea as PostgreSQL writes them) and come back through
// `json_populate_recordset`, so values are never parsed by JavaScript and a backup of one kind restores
// into the other.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, migrationsFolder } from '../db/client';
import { executeRows } from '../db/execute-rows';
import { BackupError, type MigrationLevel, type SequenceState } from './format';

const CURSOR = 'plaza_backup_rows';

/** Quotes an identifier the catalog gave (names are never taken from an archive unchecked). */
function ident(name: string): SQL {
  return sql.raw(`"${name.replaceAll('"', '""')}"`);
}

/** The schema's tables (partitions are read through their parent), by name. */
export async function listTables(db: Db): Promise<string[]> {
  const rows = await executeRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`,
  );
  return rows.map((row) => row.name);
}

/** The migration the database is at, by drizzle's record and the committed journal. */
export async function migrationLevel(db: Db): Promise<MigrationLevel> {
  const rows = await executeRows<{ created_at: string | number }>(
    db,
    sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  ).catch(() => []);
  const when = Number(rows[0]?.created_at);
  if (!rows[0]) throw new BackupError('The database has no migrations applied.');
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  const entry = journal.entries.find((candidate) => candidate.when === when);
  return { tag: entry?.tag ?? `unknown migration of ${new Date(when).toISOString()}`, when };
}

/** Every sequence's state (read from the sequence itself: `pg_sequences` hides a value set with is_called false). */
export async function readSequences(db: Db): Promise<Record<string, SequenceState>> {
  const names = await executeRows<{ name: string }>(
    db,
    sql`select sequencename as name from pg_sequences where schemaname = 'public' order by sequencename`,
  );
  const states: Record<string, SequenceState> = {};
  for (const { name } of names) {
    const [state] = await executeRows<{ value: string; called: boolean }>(
      db,
      sql`select last_value::text as value, is_called as called from ${ident(name)}`,
    );
    states[name] = { value: state!.value, called: state!.called };
  }
  return states;
}

/**
 * Reads a table's rows as JSON text through a cursor, `FETCH_ROWS` per round trip, inside the caller's
 * transaction (a cursor lives in one): never the whole table in memory.
 */
export async function* tableRows(db: Db, table: string, batch: number): AsyncGenerator<string[]> {
  await db.execute(sql`declare ${sql.raw(CURSOR)} no scroll cursor for
    select row_to_json(t)::text as row from ${ident(table)} t`);
  try {
    for (;;) {
      const rows = await executeRows<{ row: string }>(db, sql.raw(`fetch forward ${batch} from ${CURSOR}`));
      if (rows.length === 0) return;
      yield rows.map((row) => row.row);
    }
  } finally {
    await db.execute(sql.raw(`close ${CURSOR}`));
  }
}

/** Whether a table has a row (the restore's test for an empty database). */
export async function hasRows(db: Db, table: string): Promise<boolean> {
  const rows = await executeRows(db, sql`select 1 from ${ident(table)} limit 1`);
  return rows.length > 0;
}

interface ForeignKey {
  table: string;
  name: string;
  definition: string;
}

/**
 * Readies an empty database for loading, inside the restore's transaction: foreign keys dropped (rows
 * come in any order; they are added again, and so checked, by `finishLoading`), user triggers off (the
 * counters and search vectors come from the backup, not counted again), and every table emptied (rows a
 * migration or a first start wrote are replaced by the backup's).
 */
export async function prepareLoading(db: Db, tables: string[]): Promise<ForeignKey[]> {
  const keys = await executeRows<ForeignKey>(
    db,
    sql`select c.conrelid::regclass::text as table, c.conname as name, pg_get_constraintdef(c.oid) as definition
        from pg_constraint c join pg_namespace n on n.oid = c.connamespace
        where n.nspname = 'public' and c.contype = 'f' order by c.conname`,
  );
  for (const key of keys) {
    await db.execute(sql`alter table ${sql.raw(key.table)} drop constraint ${ident(key.name)}`);
  }
  for (const table of tables) await db.execute(sql`alter table ${ident(table)} disable trigger user`);
  if (tables.length > 0) {
    await db.execute(sql`truncate ${sql.join(tables.map(ident), sql`, `)}`);
  }
  return keys;
}

/** The columns a restore writes: all but generated ones, which the database computes again. */
export async function writableColumns(db: Db, table: string): Promise<string[]> {
  const rows = await executeRows<{ name: string }>(
    db,
    sql`select attname as name from pg_attribute
        where attrelid = ${`public.${JSON.stringify(table)}`}::regclass and attnum > 0
          and not attisdropped and attgenerated = '' order by attnum`,
  );
  return rows.map((row) => row.name);
}

/** Inserts rows (JSON text each) into a table; identity columns keep the backup's values. */
export async function insertRows(db: Db, table: string, columns: string[], rows: string[]): Promise<void> {
  const list = sql.join(columns.map(ident), sql`, `);
  await db.execute(sql`insert into ${ident(table)} (${list}) overriding system value
    select ${list} from json_populate_recordset(null::${ident(table)}, ${`[${rows.join(',')}]`}::json)`);
}

/** Puts the sequences where the backup found them, the triggers back on and the foreign keys back (checked). */
export async function finishLoading(
  db: Db,
  tables: string[],
  keys: ForeignKey[],
  sequences: Record<string, SequenceState>,
): Promise<void> {
  for (const [name, state] of Object.entries(sequences)) {
    const regclass = `public.${JSON.stringify(name)}`;
    await db.execute(sql`select setval(${regclass}::regclass, ${state.value}::bigint, ${state.called})`);
  }
  for (const table of tables) await db.execute(sql`alter table ${ident(table)} enable trigger user`);
  for (const key of keys) {
    try {
      await db.execute(
        sql`alter table ${sql.raw(key.table)} add constraint ${ident(key.name)} ${sql.raw(key.definition)}`,
      );
    } catch (error) {
      throw new BackupError(
        `The backup's rows break the reference ${key.name} of ${key.table} (${(error as Error).message}); nothing was restored.`,
      );
    }
  }
}
