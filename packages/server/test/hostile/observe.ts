import { sql } from 'drizzle-orm';
import { executeRows } from '../../src/db/execute-rows';
import type { TestApp } from '../app';

/*
 * What a request left behind: every row written (a trigger on each table records it in a side table of
 * the test database) and every line the app logged at level error or above.
 */

export interface RowChange {
  tbl: string;
  op: 'INSERT' | 'UPDATE' | 'DELETE';
  old_row: Record<string, unknown> | null;
  new_row: Record<string, unknown> | null;
}

/** Installs the change log: one row per inserted, updated or deleted row of every table of the app. */
export async function installChangeLog(t: TestApp): Promise<void> {
  await t.db.execute(
    sql.raw(`
    create table if not exists hostile_changes (
      seq bigint generated always as identity primary key,
      tbl text not null, op text not null, old_row jsonb, new_row jsonb
    )`),
  );
  await t.db.execute(
    sql.raw(`
    create or replace function hostile_log() returns trigger language plpgsql as $$
    begin
      insert into hostile_changes (tbl, op, old_row, new_row) values (
        tg_table_name, tg_op,
        case when tg_op <> 'INSERT' then to_jsonb(old) end,
        case when tg_op <> 'DELETE' then to_jsonb(new) end);
      return null;
    end $$;`),
  );
  const tables = await executeRows<{ tablename: string }>(
    t.db,
    sql`select tablename from pg_tables where schemaname = 'public' and tablename <> 'hostile_changes'`,
  );
  for (const { tablename } of tables) {
    await t.db.execute(
      sql.raw(
        `create or replace trigger hostile_log after insert or update or delete on "${tablename}" for each row execute function hostile_log()`,
      ),
    );
  }
}

/** The rows written since the last call, and forgets them. */
export async function drainChanges(t: TestApp): Promise<RowChange[]> {
  return executeRows<RowChange>(
    t.db,
    sql`delete from hostile_changes returning seq, tbl, op, old_row, new_row`,
  ).then((rows) =>
    rows.sort((a, b) => Number((a as { seq?: number }).seq) - Number((b as { seq?: number }).seq)),
  );
}

/** Columns whose value an update changed (all columns for inserts and deletes). */
export function changedColumns(change: RowChange): string[] {
  const before = change.old_row ?? {};
  const after = change.new_row ?? {};
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  if (change.op !== 'UPDATE') return [...keys];
  return [...keys].filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
}

/**
 * Writes a refused request may make: throttling counters and their housekeeping, a session's
 * `last_seen_at`, and a member's failed sign-in count and lock (a wrong password is refused and counted).
 */
export function allowedForRefused(change: RowChange): boolean {
  if (change.tbl === 'rate_limits' || change.tbl === 'housekeeping_runs') return true;
  const columns = changedColumns(change);
  if (change.tbl === 'sessions' && change.op === 'UPDATE') return columns.every((c) => c === 'last_seen_at');
  if (change.tbl === 'users' && change.op === 'UPDATE') {
    return columns.every((c) => ['failed_logins', 'locked_until', 'last_seen_at', 'updated_at'].includes(c));
  }
  return false;
}

/** A log destination that keeps the lines at level error (50) and above. */
export function errorLog() {
  const lines: { level: number; msg?: string; err?: { message?: string; type?: string } }[] = [];
  return {
    lines,
    stream: {
      write(line: string) {
        try {
          const parsed = JSON.parse(line) as (typeof lines)[number];
          if (parsed.level >= 50) lines.push(parsed);
        } catch {
          lines.push({ level: 60, msg: line });
        }
      },
    },
  };
}
