import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database';
import { type Database, openDatabase } from '../../db/client';
import { executeRows } from '../../db/execute-rows';
import { createScheduler, type Job, type JobLog } from '.';

const hour = 3600;

/** Collects the scheduler's log lines; a test fails on any warning or error. */
function collectingLog() {
  const problems: string[] = [];
  const log: JobLog = {
    info: () => undefined,
    warn: (_details, message) => problems.push(`warn: ${message}`),
    error: (_details, message) => problems.push(`error: ${message}`),
  };
  return { log, problems };
}

/**
 * Two instances' schedulers, each on its own pool of one PostgreSQL database, as two servers run them:
 * every job runs once per period across both, however their ticks meet.
 */
describe('scheduler across two instances on PostgreSQL', () => {
  let first: Database & { url?: string };
  let second: Database;
  beforeAll(async () => {
    first = await createTestDatabase();
    second = await openDatabase({ databaseUrl: first.url });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it('runs each job once per period, never on both instances, while their runs overlap', async () => {
    const runs = new Map<string, Array<{ instance: string; at: number }>>();
    let now = new Date('2026-01-01T00:00:00Z');
    // The housekeeping jobs' names and period; each run holds its transaction a moment, so that the two
    // instances' runs overlap (the other one's lock is taken, or its claim sees the run just recorded).
    const jobsOf = (instance: string): Job[] =>
      ['expired-sessions', 'subscription-renewals', 'audit-retention'].map((name) => ({
        name: `two-instances-${name}`,
        everySeconds: hour,
        async run({ db, now: at }) {
          await executeRows(db, sql`select pg_sleep(0.05)`);
          runs.set(name, [...(runs.get(name) ?? []), { instance, at: at.getTime() }]);
          return { removed: 0 };
        },
      }));
    const logs = [collectingLog(), collectingLog()];
    const schedulers = [
      createScheduler({ db: first.db, jobs: jobsOf('a'), log: logs[0]!.log, clock: () => now, tickMs: hour }),
      createScheduler({
        db: second.db,
        jobs: jobsOf('b'),
        log: logs[1]!.log,
        clock: () => now,
        tickMs: hour,
      }),
    ];

    const periods = 4;
    for (let period = 0; period < periods; period += 1) {
      // Several ticks of both instances within the period, at the same moment each time.
      for (let tick = 0; tick < 3; tick += 1) {
        await Promise.all(schedulers.map((scheduler) => scheduler.runDue()));
        now = new Date(now.getTime() + 10 * 60_000);
      }
      now = new Date(now.getTime() + 30 * 60_000);
    }

    for (const name of ['expired-sessions', 'subscription-renewals', 'audit-retention']) {
      const done = runs.get(name) ?? [];
      expect(done, name).toHaveLength(periods);
      // One run in each period, an hour apart.
      const times = done.map((run) => run.at);
      expect(new Set(times).size).toBe(periods);
      for (let index = 1; index < times.length; index += 1)
        expect(times[index]! - times[index - 1]!).toBeGreaterThanOrEqual(hour * 1000);
    }
    expect([...logs[0]!.problems, ...logs[1]!.problems]).toEqual([]);
  });
});
