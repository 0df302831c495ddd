import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

type Row = { count: number; reset_at: string | Date };

/** A fixed-window counter's state. */
export interface Window {
  count: number;
  resetAt: Date;
}

/** Counts one event in the window of `key` (shared by every instance through the database). */
export async function hit(db: Db, key: string, windowSeconds: number): Promise<Window> {
  const result = (await db.execute(sql`
    insert into rate_limits (key, count, reset_at)
    values (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
      reset_at = case when rate_limits.reset_at <= now() then now() + make_interval(secs => ${windowSeconds})
                 else rate_limits.reset_at end
    returning count, reset_at`)) as unknown as { rows: Row[] };
  const row = result.rows[0]!;
  return { count: Number(row.count), resetAt: new Date(row.reset_at) };
}

/** The current window of `key` without counting; zero when none is open. */
export async function peek(db: Db, key: string): Promise<Window> {
  const result = (await db.execute(
    sql`select count, reset_at from rate_limits where key = ${key} and reset_at > now()`,
  )) as unknown as { rows: Row[] };
  const row = result.rows[0];
  return row
    ? { count: Number(row.count), resetAt: new Date(row.reset_at) }
    : { count: 0, resetAt: new Date() };
}

/** Seconds until a moment, at least 1 (for Retry-After). */
export function secondsUntil(moment: Date): number {
  return Math.max(1, Math.ceil((moment.getTime() - Date.now()) / 1000));
}
