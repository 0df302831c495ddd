import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Deployment-wide documents by key: the settings object, menus, cookie config, VAPID keys. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
