import { genders, locales, userPermissions, userStatuses } from '@plaza/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { allOf, oneOf } from './checks';

/** A full-text document (`search_vector` columns, kept by the application or by triggers). */
export const tsvector = customType<{ data: string }>({
  dataType() {
    return 'tsvector';
  },
});

/**
 * The listed members (the directory's `listedMembers`) with a date by its day of the year (month * 100 +
 * day), then by name: the coming birthdays and work anniversaries read from it in order
 * (modules/occasions/repo.ts writes the same expressions). It holds the names and the date too, so a page
 * of occasions is read from the index alone while the table's rows are marked all-visible.
 */
function dayOfYearIndex(
  name: string,
  column: AnyPgColumn,
  by: {
    lastname: AnyPgColumn;
    firstname: AnyPgColumn;
    id: AnyPgColumn;
    agb_nda_accepted: AnyPgColumn;
    deactivated_at: AnyPgColumn;
  },
) {
  return index(name)
    .on(
      sql`(extract(month from ${column}) * 100 + extract(day from ${column}))`,
      sql`lower(${by.lastname})`,
      sql`lower(${by.firstname})`,
      by.id,
      by.lastname,
      by.firstname,
      column,
    )
    .where(sql`${column} is not null and ${by.agb_nda_accepted} and ${by.deactivated_at} is null`);
}

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    password_hash: text('password_hash'),
    firstname: text('firstname').notNull().default(''),
    lastname: text('lastname').notNull().default(''),
    title: text('title'),
    position: text('position'),
    location_names: text('location_names').array().notNull().default(sql`'{}'::text[]`),
    special_tasks: text('special_tasks').array().notNull().default(sql`'{}'::text[]`),
    birthday: date('birthday', { mode: 'string' }),
    is_birth_year_visible: boolean('is_birth_year_visible').notNull().default(true),
    entry_date: date('entry_date', { mode: 'string' }),
    gender: text('gender', { enum: genders }),
    selected_language: text('selected_language', { enum: locales }).notNull().default('de_DE'),
    agb_nda_accepted: boolean('agb_nda_accepted').notNull().default(false),
    permissions: text('permissions', { enum: userPermissions }).array().notNull().default(sql`'{}'::text[]`),
    img_path: text('img_path'),
    /** The uploaded avatar (its crop is `img_path`); kept for re-cropping. */
    image_id: integer('image_id'),
    areas: text('areas').array().notNull().default(sql`'{}'::text[]`),
    skills: text('skills').array().notNull().default(sql`'{}'::text[]`),
    /** Languages the member speaks (free text such as "Deutsch", "English"). */
    languages: text('languages').array().notNull().default(sql`'{}'::text[]`),
    /** Career stations, newest first: `{ title, company, from, to }`. */
    careers: jsonb('careers').notNull().default(sql`'[]'::jsonb`),
    /** What the member is at the company (employee, trainee, ...). */
    status: text('status', { enum: userStatuses }),
    newsletter_subscriptions: jsonb('newsletter_subscriptions').notNull().default(sql`'[]'::jsonb`),
    /** Answers given at registration (topics of interest and the like), by field key. */
    registration_data: jsonb('registration_data').notNull().default(sql`'{}'::jsonb`),
    /** Full-text document of names, position, locations, skills and custom fields; kept by the users service. */
    search_vector: tsvector('search_vector'),
    last_seen_at: timestamp('last_seen_at', { withTimezone: true }),
    /** Set when an administrator deactivated the account: it cannot sign in and is not listed. */
    deactivated_at: timestamp('deactivated_at', { withTimezone: true }),
    /** False for a registration whose address is not confirmed yet: it cannot sign in. */
    email_confirmed: boolean('email_confirmed').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_search_idx').using('gin', t.search_vector).with({ fastupdate: false }),
    // Members by name, as every list of people sorts them (group members, the who-is-who): a page's
    // first rows are read in order instead of sorting them all.
    index('users_name_idx').on(sql`lower(${t.lastname})`, sql`lower(${t.firstname})`, t.id),
    dayOfYearIndex('users_listed_birthday_day_idx', t.birthday, t),
    dayOfYearIndex('users_listed_entry_day_idx', t.entry_date, t),
    // The listed members' dates (the directory's `listedMembers`): the occasions list's total takes the few
    // dates ahead of today from them, or, searched or filtered, counts a range of them.
    index('users_listed_birthday_idx')
      .on(t.birthday)
      .where(sql`${t.agb_nda_accepted} and ${t.deactivated_at} is null`),
    index('users_listed_entry_idx')
      .on(t.entry_date)
      .where(sql`${t.agb_nda_accepted} and ${t.deactivated_at} is null`),
    // Registrations never confirmed, oldest first, for housekeeping to remove.
    index('users_unconfirmed_idx').on(t.created_at).where(sql`not ${t.email_confirmed}`),
    check('users_gender_check', oneOf(t.gender, genders)),
    check('users_selected_language_check', oneOf(t.selected_language, locales)),
    check('users_status_check', oneOf(t.status, userStatuses)),
    check('users_permissions_check', allOf(t.permissions, userPermissions)),
  ],
);

/**
 * How many listed members have a birthday and an entry date: one row, kept by a trigger on `users` in the
 * transaction that changes a member's dates or listing (migration 0031). The occasions list's total starts
 * from it instead of counting every member.
 */
export const listedDateCounts = pgTable(
  'listed_date_counts',
  {
    id: boolean('id').primaryKey().default(true),
    birthdays: integer('birthdays').notNull().default(0),
    entry_dates: integer('entry_dates').notNull().default(0),
  },
  (t) => [check('listed_date_counts_one_row', sql`${t.id}`)],
);

/** Server-side sessions; the cookie carries a random token, the table only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    last_seen_at: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    user_agent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.user_id), index('sessions_expires_idx').on(t.expires_at)],
);

/** Single-use password reset links; only the SHA-256 of the mailed token is kept. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull().unique(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_resets_user_idx').on(t.user_id)],
);

/** Member preferences switched from the settings drawer. */
export const userPreferences = pgTable(
  'user_preferences',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: boolean('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.key] })],
);
