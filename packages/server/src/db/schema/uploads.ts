import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * An uploaded image (group or topic picture). The original is kept for re-cropping;
 * `path` is the shown version: cropped, resized, WebP, without metadata. Paths are relative to DATA_DIR/uploads.
 */
export const images = pgTable(
  'images',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    owner_id: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    original_path: text('original_path').notNull(),
    original_width: integer('original_width').notNull(),
    original_height: integer('original_height').notNull(),
    path: text('path').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('images_owner_idx').on(t.owner_id)],
);
