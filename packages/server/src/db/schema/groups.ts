import { groupRoles, groupTypes, membershipStatuses, membershipTypes, topicStatuses } from '@plaza/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { oneOf } from './checks';
import { images } from './uploads';
import { tsvector, users } from './users';

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** A group; `type` is open, approval or private (see the contract's groupTypes). */
export const groups = pgTable(
  'groups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    type: text('type', { enum: groupTypes }).notNull().default('open'),
    image_id: integer('image_id').references(() => images.id, { onDelete: 'set null' }),
    creator_id: integer('creator_id').references(() => users.id, { onDelete: 'set null' }),
    /** The search document (migration 0012: kept by a trigger; the search module's search-sql.ts). */
    search_vector: tsvector('search_vector'),
    /**
     * How many accepted members the group has: kept by a trigger on `group_memberships` in the transaction
     * that accepts, adds or removes one, whatever the path (migration 0032); read by every group answer
     * and the member list's total instead of counting the memberships.
     */
    member_count: integer('member_count').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('groups_search_idx').using('gin', t.search_vector),
    index('groups_name_idx').on(sql`lower(${t.name})`),
    // The open groups, which every member reads (`readablePosts` asks for them in every stream
    // query): read from this index alone, not by a scan of every group's wide row.
    index('groups_open_id_idx').on(t.id).where(sql`${t.type} = 'open'`),
    check('groups_type_check', oneOf(t.type, groupTypes)),
  ],
);

/**
 * One row per member and group, whatever the state: invited (`pending`), applied, accepted or declined.
 * `kind` says how it started (invite or application); `role` is admin or member.
 */
export const groupMemberships = pgTable(
  'group_memberships',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    group_id: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: groupRoles }).notNull().default('member'),
    status: text('status', { enum: membershipStatuses }).notNull(),
    kind: text('kind', { enum: membershipTypes }).notNull(),
    invited_by: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The member's names in lower case, the member lists' order (migration 0025: set by triggers when a
     * membership is made and when the member is renamed), so a page of a large group's list is read
     * from one index instead of walking every member by name.
     */
    sort_lastname: text('sort_lastname').notNull().default(''),
    sort_firstname: text('sort_firstname').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('group_memberships_group_user_idx').on(t.group_id, t.user_id),
    // A member list's walk: admins first, then by name; it holds what the list reads of a membership,
    // so a page is read from the index alone (members-repo.ts).
    index('group_memberships_list_idx').on(
      t.group_id,
      t.status,
      sql`(${t.role} <> 'admin')`,
      t.sort_lastname,
      t.sort_firstname,
      t.user_id,
      t.role,
      t.id,
    ),
    // A member's groups by status, read from the index alone (every stream query asks for them).
    index('group_memberships_user_group_idx').on(t.user_id, t.status, t.group_id),
    // A group's accepted admins (every group route counts them): a few rows, not all its members.
    index('group_memberships_admins_idx')
      .on(t.group_id)
      .where(sql`${t.role} = 'admin' and ${t.status} = 'accepted'`),
    check('group_memberships_role_check', oneOf(t.role, groupRoles)),
    check('group_memberships_status_check', oneOf(t.status, membershipStatuses)),
    check('group_memberships_kind_check', oneOf(t.kind, membershipTypes)),
  ],
);

/** A topic of a group; a suggestion is a topic with status `suggested` until accepted. */
export const topics = pgTable(
  'topics',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    group_id: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    image_id: integer('image_id').references(() => images.id, { onDelete: 'set null' }),
    author_id: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** `active` or `suggested`. */
    status: text('status', { enum: topicStatuses }).notNull().default('active'),
    /** The search document (migration 0012: kept by a trigger; the search module's search-sql.ts). */
    search_vector: tsvector('search_vector'),
    ...timestamps,
  },
  (t) => [
    index('topics_search_idx').using('gin', t.search_vector),
    index('topics_group_idx').on(t.group_id, t.status),
    check('topics_status_check', oneOf(t.status, topicStatuses)),
  ],
);

/** A file shared in a group, or in one of its topics when `topic_id` is set. */
export const files = pgTable(
  'files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    group_id: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    topic_id: integer('topic_id').references(() => topics.id, { onDelete: 'cascade' }),
    uploader_id: integer('uploader_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    mime_type: text('mime_type').notNull(),
    size: integer('size').notNull(),
    /** Relative to DATA_DIR/uploads; a random name, never the uploaded one. */
    path: text('path').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The search document of its name (kept by a trigger; the search module finds files by name). */
    search_vector: tsvector('search_vector'),
  },
  (t) => [
    index('files_group_idx').on(t.group_id, t.created_at),
    index('files_topic_idx').on(t.topic_id),
    // The files a member uploaded (their data export; removed at their deletion).
    index('files_uploader_idx').on(t.uploader_id, t.id),
    index('files_search_idx').using('gin', t.search_vector),
  ],
);
