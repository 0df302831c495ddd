import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The server's VAPID key pair for web push: one row, made at the first start (every instance then
 * signs with the same key, which the browsers' subscriptions are bound to).
 */
export const pushKeys = pgTable(
  'push_keys',
  {
    id: integer('id').primaryKey().default(1),
    public_key: text('public_key').notNull(),
    private_key: text('private_key').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('push_keys_single_row', sql`${t.id} = 1`)],
);

/** A browser's push subscription of a member; `id` is random, `endpoint` unique (one browser, one row). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: text('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.user_id)],
);
