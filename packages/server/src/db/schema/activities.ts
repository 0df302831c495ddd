import { activityTypes, membershipStatuses } from '@plaza/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { oneOf } from './checks';
import { users } from './users';

/** What an activity is about; when that row is gone, housekeeping removes the activity. */
export const activityTargetTypes = ['post', 'page', 'group', 'topic', 'membership'] as const;
export type ActivityTargetType = (typeof activityTargetTypes)[number];

/** An activity's sentence before translation: a key of the translation bundles and its `{{name}}` values. */
export interface ActivityMessage {
  key: string;
  vars: Record<string, string>;
}

const targetTypeList = sql.raw(activityTargetTypes.map((type) => `'${type}'`).join(', '));

/** A member's activity feed and notifications: one row per event for the person concerned. */
export const activities = pgTable(
  'activities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actor_id: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type', { enum: activityTypes }).notNull(),
    /** The sentence in the recipient's language when it happened; shown when `message` is null. */
    text: text('text').notNull(),
    /** The sentence as a translation key with its values, worded in the reader's language when read. */
    message: jsonb('message').$type<ActivityMessage>(),
    url: text('url'),
    membership_id: integer('membership_id'),
    membership_status: text('membership_status', { enum: membershipStatuses }),
    /** The post, page, group, topic or membership the activity is about (null: about nothing that can go). */
    target_type: text('target_type', { enum: activityTargetTypes }),
    target_id: integer('target_id'),
    read: boolean('read').notNull().default(false),
    old: boolean('old').notNull().default(false),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('activities_type_check', oneOf(t.type, activityTypes)),
    check('activities_membership_status_check', oneOf(t.membership_status, membershipStatuses)),
    /** A member's feed in its order (newest first, id breaking ties): a page reads its rows, no sort. */
    index('activities_user_created_idx').on(t.user_id, t.created_at, t.id),
    /** The unread ones only: counting a member's unread activities reads no read ones. */
    index('activities_user_unread_idx').on(t.user_id).where(sql`not ${t.read}`),
    index('activities_target_idx').on(t.target_type, t.target_id),
    check(
      'activities_target_check',
      sql`(${t.target_type} is null and ${t.target_id} is null) or (${t.target_type} in (${targetTypeList}) and ${t.target_id} is not null)`,
    ),
  ],
);
