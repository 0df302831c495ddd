import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The audit log: one row per administrative change or sign-in burst, written in the transaction of the
 * change it records (`modules/audit`). `actor_name` is a copy, so a row still says who after the member
 * is gone. Housekeeping removes rows older than the retention time. The list walks `id` newest first;
 * each filter has an index ending in `id` (the action's resource part, `split_part(action, '.', 1)`,
 * serves the prefix filter `page` = `page.%`), and `at` serves the time range and the retention.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actor_id: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actor_name: text('actor_name'),
    action: text('action').notNull(),
    resource_type: text('resource_type').notNull(),
    resource_id: text('resource_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    user_agent: text('user_agent'),
  },
  (t) => [
    index('audit_events_at_idx').on(t.at),
    index('audit_events_actor_idx').on(t.actor_id, t.id.desc()),
    index('audit_events_resource_idx').on(t.resource_type, t.id.desc()),
    index('audit_events_action_idx').on(t.action, t.id.desc()),
    index('audit_events_action_prefix_idx').on(sql`split_part(${t.action}, '.', 1)`, t.id.desc()),
  ],
);
