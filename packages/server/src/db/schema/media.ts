import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Cached link previews, one per normalised URL, reused for 24 hours after `fetched_at`.
 * `image_path` is the local WebP copy of the preview image (relative to DATA_DIR/uploads).
 */
export const linkPreviews = pgTable('link_previews', {
  url: text('url').primaryKey(),
  title: text('title'),
  description: text('description'),
  image_path: text('image_path'),
  image_url: text('image_url'),
  video_url: text('video_url'),
  fetched_at: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Keys of TV displays: only the SHA-256 (hex) of each key is stored, with a name and its dates. */
export const tvDisplayKeys = pgTable(
  'tv_display_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    key_hash: text('key_hash').notNull().unique(),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    last_used_at: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('tv_display_keys_created_idx').on(t.created_at)],
);
