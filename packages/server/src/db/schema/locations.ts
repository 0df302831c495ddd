import { ratingScale } from '@plaza/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

const pointsCheck = (column: string) =>
  sql.raw(`${column} between ${ratingScale.minPoints} and ${ratingScale.maxPoints}`);

/**
 * An employer site (jobs name one, members rate them). The review counters are kept by the ratings
 * module in the transaction that stores a review (modules/ratings/review-repo.ts), so a list or a rating
 * page reads its figures from this row instead of summing reviews.
 */
export const locations = pgTable(
  'locations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    city: text('city').notNull().default(''),
    review_count: integer('review_count').notNull().default(0),
    /** Sum of the reviews' overall evaluations, in points (ratingScale). */
    overall_sum: integer('overall_sum').notNull().default(0),
    recommend_count: integer('recommend_count').notNull().default(0),
    last_review_at: timestamp('last_review_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('locations_name_idx').on(sql`lower(${t.name})`, t.id)],
);

/** A rating category: for every location (`location_id` null) or for one. Labels in both languages. */
export const ratingCategories = pgTable(
  'rating_categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    label_de: text('label_de').notNull(),
    label_en: text('label_en').notNull(),
    position: integer('position').notNull().default(0),
    location_id: integer('location_id').references(() => locations.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [index('rating_categories_location_idx').on(t.location_id, t.position)],
);

/**
 * A member's review of a location for one calendar year (`year`): a second one in the same year replaces
 * it. `user_id` is only for that rule and is never read out (anonymity); the member's removal keeps the
 * review without them.
 */
export const locationReviews = pgTable(
  'location_reviews',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    location_id: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    year: integer('year').notNull(),
    overall: integer('overall').notNull(),
    recommend: boolean('recommend').notNull(),
    comment: text('comment'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('location_reviews_member_year_idx').on(t.location_id, t.user_id, t.year),
    // A location's reviews in order (export, all reviews of a location).
    index('location_reviews_location_idx').on(t.location_id, t.id),
    // The comments of a location, newest first (keyset walk by id); holds what a comment shows.
    index('location_reviews_comments_idx')
      .on(t.location_id, t.id.desc(), t.created_at)
      .where(sql`${t.comment} is not null`),
    // A member's own reviews (their data export; the author cleared at their deletion).
    index('location_reviews_user_idx').on(t.user_id, t.id),
    check('location_reviews_overall_check', pointsCheck('overall')),
  ],
);

/** A review's score in one category, in points. */
export const reviewScores = pgTable(
  'review_scores',
  {
    review_id: integer('review_id')
      .notNull()
      .references(() => locationReviews.id, { onDelete: 'cascade' }),
    category_id: integer('category_id')
      .notNull()
      .references(() => ratingCategories.id, { onDelete: 'cascade' }),
    score: integer('score').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.review_id, t.category_id] }),
    check('review_scores_score_check', pointsCheck('score')),
  ],
);

/** Counters of a location's scores per category (sum in points and count), kept with the reviews. */
export const locationCategoryScores = pgTable(
  'location_category_scores',
  {
    location_id: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    category_id: integer('category_id')
      .notNull()
      .references(() => ratingCategories.id, { onDelete: 'cascade' }),
    score_sum: integer('score_sum').notNull().default(0),
    score_count: integer('score_count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.location_id, t.category_id] })],
);
