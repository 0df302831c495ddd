import { dataExportStates } from '@plaza/contract';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { oneOf } from './checks';
import { users } from './users';

/**
 * A request for a member's data export (contract `personal-data.ts`): asked by the member or an
 * administrator (`requested_by`), written by the background worker to `path` (relative to
 * DATA_DIR/uploads, folder `exports/`), downloadable by the asker until `expires_at`. The account
 * deletion removes the rows and their zips of the member and of the asker.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    member_id: integer('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requested_by: integer('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state', { enum: dataExportStates }).notNull().default('requested'),
    path: text('path'),
    size: bigint('size', { mode: 'number' }),
    requested_at: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    started_at: timestamp('started_at', { withTimezone: true }),
    ready_at: timestamp('ready_at', { withTimezone: true }),
    expires_at: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    // The asker's latest export of a member (the status call).
    index('data_exports_asker_idx').on(t.requested_by, t.member_id, t.id.desc()),
    index('data_exports_member_idx').on(t.member_id),
    // The worker's queue: requested and running ones, oldest first.
    index('data_exports_open_idx').on(t.id).where(sql`${t.state} in ('requested', 'running')`),
    // Housekeeping: ready exports by their end.
    index('data_exports_expires_idx').on(t.expires_at).where(sql`${t.state} = 'ready'`),
    check('data_exports_state_check', oneOf(t.state, dataExportStates)),
  ],
);
