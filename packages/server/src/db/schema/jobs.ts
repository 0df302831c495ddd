import { employmentTypes, jobFields, jobStates, locales } from '@plaza/contract';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { oneOf } from './checks';
import { locations } from './locations';
import { images } from './uploads';
import { tsvector, users } from './users';

/**
 * A job of the jobs board, written in one language (`locale`). Members read `open` jobs, newest
 * published first, walking `jobs_open_idx`; the administration manages every state.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    state: text('state', { enum: jobStates }).notNull().default('draft'),
    title: text('title').notNull(),
    locale: text('locale', { enum: locales }).notNull(),
    field: text('field', { enum: jobFields }).notNull(),
    location_id: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    employment_type: text('employment_type', { enum: employmentTypes }).notNull(),
    /** From when the job is to be filled; null: at once. */
    available_in: date('available_in', { mode: 'string' }),
    tasks: text('tasks').array().notNull().default(sql`'{}'::text[]`),
    profile: text('profile').notNull().default(''),
    offer: text('offer').notNull().default(''),
    image_id: integer('image_id').references(() => images.id, { onDelete: 'set null' }),
    author_id: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** The search document of `q`: title, profile and offer, words as written (prefix search). */
    search_vector: tsvector('search_vector').generatedAlwaysAs(
      sql`to_tsvector('simple'::regconfig, title || ' ' || profile || ' ' || offer)`,
    ),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** First opened to members; kept when it is closed and opened again. */
    published_at: timestamp('published_at', { withTimezone: true }),
    closed_at: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    // The members' list and the neighbours of a job: open jobs, newest published first.
    index('jobs_open_idx').on(t.published_at.desc(), t.id.desc()).where(sql`${t.state} = 'open'`),
    // The list filtered by locations: their open jobs newest first, with the other facets' columns, so
    // the walk filters by employment type and field without reading the rows.
    index('jobs_open_location_idx')
      .on(t.location_id, t.published_at.desc(), t.id.desc())
      .where(sql`${t.state} = 'open'`),
    index('jobs_location_idx').on(t.location_id),
    index('jobs_image_idx').on(t.image_id),
    index('jobs_search_idx').using('gin', t.search_vector),
    check('jobs_state_check', oneOf(t.state, jobStates)),
    check('jobs_locale_check', oneOf(t.locale, locales)),
    check('jobs_field_check', oneOf(t.field, jobFields)),
    check('jobs_employment_type_check', oneOf(t.employment_type, employmentTypes)),
    check('jobs_published_check', sql`${t.state} = 'draft' or ${t.published_at} is not null`),
  ],
);
