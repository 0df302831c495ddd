import { and, eq, gt, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateLimits } from '../../db/schema';

/** A moment as a SQL timestamptz parameter (the app's clock, not the database's `now()`). */
const at = (moment: Date): SQL => sql`${moment.toISOString()}::timestamptz`;

/** A counter's state: calls counted in the window, its end, and the end of a sign-in wait (if any). */
export interface Counter {
  count: number;
  resetAt: Date;
  blockedUntil: Date | null;
}

const columns = {
  count: rateLimits.count,
  resetAt: rateLimits.reset_at,
  blockedUntil: rateLimits.blocked_until,
};

/** Queries on the `rate_limits` counters; every change is one atomic statement, so instances never lose a count. */
export const rateLimitsRepo = {
  /** Counts one call in the fixed window of `key`; a window that has ended starts again at 1. */
  async hit(db: Db, key: string, now: Date, windowSeconds: number): Promise<Counter> {
    const resetAt = new Date(now.getTime() + windowSeconds * 1000);
    const ended = sql`${rateLimits.reset_at} <= ${at(now)}`;
    const [row] = await db
      .insert(rateLimits)
      .values({ key, count: 1, reset_at: resetAt })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${ended} then 1 else ${rateLimits.count} + 1 end`,
          reset_at: sql`case when ${ended} then ${at(resetAt)} else ${rateLimits.reset_at} end`,
        },
      })
      .returning(columns);
    return row!;
  },

  /** The open window of `key` without counting; undefined when there is none. */
  async peek(db: Db, key: string, now: Date): Promise<Counter | undefined> {
    const [row] = await db
      .select(columns)
      .from(rateLimits)
      .where(
        and(eq(rateLimits.key, key), or(gt(rateLimits.reset_at, now), gt(rateLimits.blocked_until, now))),
      );
    return row;
  },

  /**
   * Counts an attempt that may make the next one wait: unless `key` is waiting (then nothing changes
   * and the answer is undefined), the count goes up (from 1 once `forgetAfterSeconds` passed without
   * attempts), the window moves to `now + forgetAfterSeconds`, and from the `free`-th attempt on the
   * next attempt waits `first * 2^(count - free)` seconds, at most `max`.
   */
  async attempt(
    db: Db,
    key: string,
    now: Date,
    delay: {
      freeAttempts: number;
      firstDelaySeconds: number;
      maxDelaySeconds: number;
      forgetAfterSeconds: number;
    },
  ): Promise<Counter | undefined> {
    const resetAt = new Date(now.getTime() + delay.forgetAfterSeconds * 1000);
    const count = sql`(case when ${rateLimits.reset_at} <= ${at(now)} then 1 else ${rateLimits.count} + 1 end)`;
    const waitUntil = (n: SQL) =>
      sql`case when ${n} >= ${delay.freeAttempts} then ${at(now)} + make_interval(secs => least(${delay.firstDelaySeconds}::float8 * power(2, ${n} - ${delay.freeAttempts}), ${delay.maxDelaySeconds}::float8)) end`;
    const [row] = await db
      .insert(rateLimits)
      .values({
        key,
        count: 1,
        reset_at: resetAt,
        blocked_until: waitUntil(sql`1`),
      })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: { count, reset_at: at(resetAt), blocked_until: waitUntil(count) },
        setWhere: or(isNull(rateLimits.blocked_until), lte(rateLimits.blocked_until, now)),
      })
      .returning(columns);
    return row;
  },

  async remove(db: Db, key: string): Promise<void> {
    await db.delete(rateLimits).where(eq(rateLimits.key, key));
  },

  /** Removes counters whose window and wait ended before `before`; returns how many. */
  async removeEnded(db: Db, before: Date): Promise<number> {
    const rows = await db
      .delete(rateLimits)
      .where(
        and(
          lt(rateLimits.reset_at, before),
          or(isNull(rateLimits.blocked_until), lt(rateLimits.blocked_until, before)),
        ),
      )
      .returning({ key: rateLimits.key });
    return rows.length;
  },
};
