import {
  buildPagination,
  type EmployerRatingCard,
  type FilterOption,
  type Locale,
  type LocationReviews,
  maxId,
  type Rating,
  type RatingComments,
  type RatingList,
  type RatingListQuery,
  type ReviewInput,
  type ReviewPageQuery,
  type ReviewPagination,
  ratingLimits,
  reviewInputSchema,
} from '@plaza/contract';
import type { Db } from '../../db/client';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import { t } from '../../platform/i18n';
import type { SessionUser } from '../../platform/request-context';
import { ratingPolicy } from './policy';
import {
  presentCard,
  presentComment,
  presentListItem,
  presentRating,
  presentReview,
  presentSummaryCard,
} from './presenter';
import { type LocationRow, locationsRepo } from './repo';
import { type ReviewCursor, reviewRepo } from './review-repo';

/** The calendar year a review counts for: the server's local date, as occasions count days. */
export const reviewYear = (now: Date) => now.getFullYear();

function requireReader(user: SessionUser): void {
  if (!ratingPolicy.can(user, 'read')) throw forbidden();
}

async function locationOf(db: Db, id: number): Promise<LocationRow> {
  const row = await locationsRepo.byId(db, id);
  if (!row) throw notFound('The rating');
  return row;
}

/** The ratings list: locations by name with their 5-star score and count. */
export async function listRatings(db: Db, user: SessionUser, query: RatingListQuery): Promise<RatingList> {
  requireReader(user);
  const { rows, total } = await locationsRepo.page(
    db,
    query.filters,
    query.per_page,
    (query.page - 1) * query.per_page,
  );
  return {
    results: rows.map(presentListItem),
    pagination: buildPagination(query.page, query.per_page, total),
    can_export: ratingPolicy.can(user, 'export'),
  };
}

/** The filters of the list and the export: the locations and their cities. */
export async function ratingFilters(
  db: Db,
  user: SessionUser,
  locale: Locale,
): Promise<{ results: FilterOption[] }> {
  requireReader(user);
  const rows = await locationsRepo.all(db);
  const cities = [...new Set(rows.map((row) => row.city).filter(Boolean))].sort((a, b) => a.localeCompare(b));
  return {
    results: [
      {
        id: 'location',
        identifier: 'location',
        label: t(locale, 'ratings.filters.location'),
        properties: rows.map((row) => ({ id: String(row.id), value: row.name, type: 'option' as const })),
      },
      {
        id: 'city',
        identifier: 'city',
        label: t(locale, 'ratings.filters.city'),
        properties: cities.map((city) => ({ id: city, value: city, type: 'value' as const })),
      },
    ],
  };
}

/** The employer-rating card of a location, or of every location together. */
export async function ratingCard(
  db: Db,
  user: SessionUser,
  locationId?: number,
): Promise<EmployerRatingCard> {
  requireReader(user);
  if (locationId !== undefined) return presentCard(await locationOf(db, locationId));
  return presentSummaryCard(await locationsRepo.totals(db, ratingLimits.minReviewsShown));
}

/** A location's rating, read from its counters. */
export async function readRating(
  db: Db,
  user: SessionUser,
  id: number,
  locale: Locale,
  now: Date,
): Promise<Rating> {
  requireReader(user);
  const page = await locationsRepo.ratingPage(db, id, user.id, reviewYear(now));
  if (!page) throw notFound('The rating');
  return presentRating(page.row, page.categories, locale, page.reviewed);
}

function parseCursor(page: string): ReviewCursor {
  if (page === 'first' || page === 'last') return { kind: page };
  const id = Number(page.slice(1));
  if (!Number.isSafeInteger(id) || id > maxId) throw badRequest('The page cursor names no review.', 'page');
  return { kind: page.startsWith('b') ? 'before' : 'after', id };
}

/** Cursors of a page's neighbours: newer pages start after its newest id, older ones before its oldest. */
function cursorLinks(self: string, rows: { id: number }[], newer: boolean, older: boolean): ReviewPagination {
  const newest = rows[0]?.id;
  const oldest = rows.at(-1)?.id;
  return {
    self,
    first: newer ? 'first' : null,
    prev: newer && newest !== undefined ? `a${newest}` : newer ? 'first' : null,
    next: older && oldest !== undefined ? `b${oldest}` : older ? 'last' : null,
    last: older ? 'last' : null,
  };
}

const hiddenPage = (self: string): ReviewPagination => ({
  self,
  first: null,
  prev: null,
  next: null,
  last: null,
});

/** A page of a location's comments, newest first; none while the location is hidden. */
export async function ratingComments(
  db: Db,
  user: SessionUser,
  id: number,
  query: ReviewPageQuery,
): Promise<RatingComments> {
  requireReader(user);
  const page = await reviewRepo.page(db, id, parseCursor(query.page), query.per_page, true);
  if (!page) throw notFound('The rating');
  if (!ratingPolicy.isShown(page.reviewCount)) {
    return { hidden: true, results: [], pagination: hiddenPage(query.page) };
  }
  const { rows, newer, older } = page;
  return {
    hidden: false,
    results: rows.map(presentComment),
    pagination: cursorLinks(query.page, rows, newer, older),
  };
}

/** A page of a location's anonymous reviews, newest first; none while the location is hidden. */
export async function allReviewsForLocation(
  db: Db,
  user: SessionUser,
  id: number,
  query: ReviewPageQuery,
): Promise<LocationReviews> {
  requireReader(user);
  const page = await reviewRepo.page(db, id, parseCursor(query.page), query.per_page, false);
  if (!page) throw notFound('The rating');
  if (!ratingPolicy.isShown(page.reviewCount)) {
    return { hidden: true, results: [], pagination: hiddenPage(query.page) };
  }
  const { rows, newer, older } = page;
  const scores = await reviewRepo.scoresOf(
    db,
    rows.map((row) => row.id),
  );
  return {
    hidden: false,
    results: rows.map((row) =>
      presentReview(
        row,
        scores.filter((s) => s.review_id === row.id),
      ),
    ),
    pagination: cursorLinks(query.page, rows, newer, older),
  };
}

/**
 * A member's review of a location for this year; a second one in the same year replaces the first.
 * Every category of the location is scored exactly once. Answers the rating with the new figures.
 */
export async function submitReview(
  db: Db,
  user: SessionUser,
  id: number,
  input: ReviewInput,
  locale: Locale,
  now: Date,
): Promise<Rating> {
  if (!ratingPolicy.can(user, 'review')) throw forbidden();
  const body = reviewInputSchema.parse(input);
  await locationOf(db, id);
  const categories = await locationsRepo.categoriesOf(db, id);
  const wanted = new Set(categories.map((c) => c.id));
  const given = new Set(body.scores.map((s) => s.category_id));
  if (given.size !== body.scores.length) throw badRequest('A category is scored twice.', 'scores');
  if (given.size !== wanted.size || [...given].some((categoryId) => !wanted.has(categoryId))) {
    throw badRequest('Score every category of the location once, and no other.', 'scores');
  }
  const stored = await reviewRepo.submit(
    db,
    {
      locationId: id,
      userId: user.id,
      year: reviewYear(now),
      overall: body.overall_evaluation,
      recommend: body.recommendation,
      comment: body.comment ?? null,
      scores: body.scores,
    },
    now,
  );
  if (!stored) throw notFound('The rating');
  return readRating(db, user, id, locale, now);
}
