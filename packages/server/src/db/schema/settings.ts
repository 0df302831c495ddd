import { adminDocumentKeys, brandingImageKinds } from '@plaza/contract';
import {
  bigint,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { oneOf } from './checks';
import { users } from './users';

/** Deployment-wide documents by key: the settings object, menus, cookie config, VAPID keys. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every stored value of an administered document (undo): written in the transaction that stores the
 * document, the newest `adminLimits.documentVersionsKept` per key kept. `author_name` is a copy, so a
 * version still says who after the member is gone.
 */
export const appSettingVersions = pgTable(
  'app_setting_versions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    author_id: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    author_name: text('author_name'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The version this one restored (an undo), else null. */
    restored_from: bigint('restored_from', { mode: 'number' }),
  },
  (t) => [
    index('app_setting_versions_key_idx').on(t.key, t.id.desc()),
    check('app_setting_versions_key_check', oneOf(t.key, adminDocumentKeys)),
  ],
);

const bytea = customType<{ data: Buffer }>({
  dataType() {
    return 'bytea';
  },
});

/**
 * The logo and favicon files, in the database so every instance serves them. A file's name carries a
 * hash of its content, so a name never changes meaning and may be cached for good; older files stay
 * for the versions of the settings that still name them.
 */
export const brandingImages = pgTable(
  'branding_images',
  {
    file: text('file').primaryKey(),
    kind: text('kind').notNull(),
    mime: text('mime').notNull(),
    content: bytea('content').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('branding_images_kind_check', oneOf(t.kind, brandingImageKinds))],
);
