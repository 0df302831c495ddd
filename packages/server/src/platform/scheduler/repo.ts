import { lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { executeRows } from '../../db/execute-rows';
import { housekeepingRuns } from '../../db/schema';

/** Queries of the scheduler: the per-job advisory lock and the record of the last run. */
export const schedulerRepo = {
  /**
   * Takes the job's transaction-scoped advisory lock, or answers false when another instance holds it
   * (it is released at the end of the transaction). PGlite has the same function.
   */
  async tryLock(db: Db, job: string): Promise<boolean> {
    const [row] = await executeRows<{ locked: boolean }>(
      db,
      sql`select pg_try_advisory_xact_lock(hashtext(${`plaza.job.${job}`})) as locked`,
    );
    return row?.locked === true;
  },

  /** Records a run at `now` when the last one (on any instance) is at least `everySeconds` old; false otherwise. */
  async claim(db: Db, job: string, now: Date, everySeconds: number): Promise<boolean> {
    const dueSince = new Date(now.getTime() - everySeconds * 1000);
    const rows = await db
      .insert(housekeepingRuns)
      .values({ job, last_run_at: now })
      .onConflictDoUpdate({
        target: housekeepingRuns.job,
        set: { last_run_at: now },
        setWhere: lte(housekeepingRuns.last_run_at, dueSince),
      })
      .returning({ job: housekeepingRuns.job });
    return rows.length > 0;
  },
};
