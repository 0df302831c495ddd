import { addressTypes, genders, profileFieldTypes } from '@plaza/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { oneOf } from './checks';
import { users } from './users';

/** A member's invoice or delivery address (`type`), one of each at most. */
export const userAddresses = pgTable(
  'user_addresses',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: addressTypes }).notNull(),
    gender: text('gender', { enum: genders }),
    title: text('title'),
    firstname: text('firstname').notNull().default(''),
    lastname: text('lastname').notNull().default(''),
    address: text('address').notNull().default(''),
    house_number: text('house_number').notNull().default(''),
    address_2: text('address_2'),
    address_details: text('address_details'),
    zip: text('zip').notNull().default(''),
    city: text('city').notNull().default(''),
    /** ISO 3166-1 alpha-2. */
    country: text('country').notNull().default(''),
    email: text('email'),
    separate_delivery_address: boolean('separate_delivery_address').notNull().default(false),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.type] }),
    check('user_addresses_type_check', oneOf(t.type, addressTypes)),
    check('user_addresses_gender_check', oneOf(t.gender, genders)),
  ],
);

/** A member's children (for family benefits and occasions the member chooses to share). */
export const userChildren = pgTable(
  'user_children',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstname: text('firstname').notNull(),
    birthday: date('birthday', { mode: 'string' }),
    gender: text('gender', { enum: genders }),
  },
  (t) => [
    index('user_children_user_idx').on(t.user_id),
    check('user_children_gender_check', oneOf(t.gender, genders)),
  ],
);

/**
 * A custom profile field defined for this deployment: `type` text, select or multiselect; labels and
 * option labels per locale; searchable fields feed the directory search, filterable ones its facets.
 */
export const profileFields = pgTable(
  'profile_fields',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull().unique(),
    type: text('type', { enum: profileFieldTypes }).notNull(),
    labels: jsonb('labels').notNull(),
    options: jsonb('options').notNull().default(sql`'[]'::jsonb`),
    searchable: boolean('searchable').notNull().default(true),
    filterable: boolean('filterable').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (t) => [check('profile_fields_type_check', oneOf(t.type, profileFieldTypes))],
);

/** A member's values of a custom profile field (one value for text and select, several for multiselect). */
export const userProfileFieldValues = pgTable(
  'user_profile_field_values',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    field_id: integer('field_id')
      .notNull()
      .references(() => profileFields.id, { onDelete: 'cascade' }),
    values: text('values').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.field_id] }),
    index('user_profile_field_values_field_idx').on(t.field_id),
  ],
);

/** Who follows whom. */
export const userFollows = pgTable(
  'user_follows',
  {
    follower_id: integer('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followed_id: integer('followed_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.follower_id, t.followed_id] }),
    index('user_follows_followed_idx').on(t.followed_id),
  ],
);
