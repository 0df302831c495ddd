import type {
  AdminLocation,
  AdminRatingCategory,
  AnonymousReview,
  EmployerRatingCard,
  Locale,
  Rating,
  RatingComment,
  RatingListItem,
} from '@plaza/contract';
import { isShown } from './policy';
import type { CategoryRow, CategoryScoreRow, LocationRow } from './repo';
import type { ReviewRow } from './review-repo';

/** A figure as answers and the export give it: two decimals. */
export const twoDecimals = (value: number) => Math.round(value * 100) / 100;

/** A moment's month, YYYY-MM (UTC): reviews and comments are dated no finer (anonymity). */
export const monthOf = (moment: Date) => moment.toISOString().slice(0, 7);

/** A category's label in the reader's language. */
export const categoryLabel = (row: Pick<CategoryRow, 'label_de' | 'label_en'>, locale: Locale) =>
  locale === 'de_DE' ? row.label_de : row.label_en;

/** Average overall evaluation on 5 stars, or null without reviews. */
function overall(row: LocationRow): number | null {
  return row.review_count > 0 ? twoDecimals(row.overall_sum / row.review_count / 2) : null;
}

export function presentListItem(row: LocationRow): RatingListItem {
  const shown = isShown(row.review_count);
  return {
    id: row.id,
    title: row.name,
    city: row.city,
    hidden: !shown,
    score: shown ? overall(row) : null,
    count: row.review_count,
  };
}

/** A location's figures from its counters: the rating page and the export's rows are built from this. */
export function presentRating(
  row: LocationRow,
  categories: CategoryScoreRow[],
  locale: Locale,
  reviewedThisYear: boolean,
): Rating {
  const shown = isShown(row.review_count);
  const scored = categories.filter((c) => c.score_count > 0);
  const sum = scored.reduce((total, c) => total + c.score_sum, 0);
  const counted = scored.reduce((total, c) => total + c.score_count, 0);
  return {
    id: row.id,
    title: row.name,
    city: row.city,
    hidden: !shown,
    overall_evaluation: shown ? overall(row) : null,
    softskill_5: shown && counted > 0 ? twoDecimals(sum / counted / 2) : null,
    recommendation:
      shown && row.review_count > 0 ? Math.round((row.recommend_count / row.review_count) * 100) : null,
    ratings: categories.map((c) => ({
      id: c.id,
      label: categoryLabel(c, locale),
      score: shown && c.score_count > 0 ? twoDecimals(c.score_sum / c.score_count) : null,
      ratings: shown ? c.score_count : null,
    })),
    total_count: row.review_count,
    last_updated: shown && row.last_review_at ? monthOf(row.last_review_at) : null,
    reviewed_this_year: reviewedThisYear,
  };
}

export function presentCard(row: LocationRow): EmployerRatingCard {
  const item = presentListItem(row);
  return { id: row.id, title: row.name, hidden: item.hidden, score: item.score, ratings: row.review_count };
}

/** The card of every location together. */
export function presentSummaryCard(totals: { reviews: number; overall: number }): EmployerRatingCard {
  const shown = isShown(totals.reviews);
  return {
    id: null,
    title: null,
    hidden: !shown,
    score: shown ? twoDecimals(totals.overall / totals.reviews / 2) : null,
    ratings: totals.reviews,
  };
}

export function presentComment(row: ReviewRow): RatingComment {
  return { create_date: monthOf(row.created_at), text: row.comment ?? '' };
}

export function presentReview(
  row: ReviewRow,
  scores: { category_id: number; score: number }[],
): AnonymousReview {
  return {
    create_date: monthOf(row.created_at),
    overall_evaluation: row.overall,
    recommendation: row.recommend,
    scores: scores.map((s) => ({ id: s.category_id, score: s.score })),
    comment: row.comment,
  };
}

export function presentAdminLocation(row: LocationRow): AdminLocation {
  return { id: row.id, name: row.name, city: row.city, review_count: row.review_count };
}

export function presentAdminCategory(row: CategoryRow): AdminRatingCategory {
  return {
    id: row.id,
    label_de: row.label_de,
    label_en: row.label_en,
    position: row.position,
    location_id: row.location_id,
  };
}
