import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rate-limit counters shared by every server instance (`platform/rate-limit`). A fixed window counts
 * `count` calls until `reset_at`; the sign-in delay also sets `blocked_until`, before which the next
 * attempt of that account and address is refused. Housekeeping removes rows whose window has ended.
 * The table is unlogged (migration 0017): its writes skip the write-ahead log, and a crash empties it.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    reset_at: timestamp('reset_at', { withTimezone: true }).notNull(),
    blocked_until: timestamp('blocked_until', { withTimezone: true }),
  },
  (t) => [index('rate_limits_reset_idx').on(t.reset_at)],
);

/** When each housekeeping job last ran (on any instance), so one instance runs it per interval. */
export const housekeepingRuns = pgTable('housekeeping_runs', {
  job: text('job').primaryKey(),
  last_run_at: timestamp('last_run_at', { withTimezone: true }).notNull(),
});
