import { z } from 'zod';
import { limits, locales, ratingLimits, ratingScale } from './constants';
import { defineEndpoint } from './endpoint';
import { idParamsSchema, idValueSchema } from './entities';
import { filterOptionSchema, maxFilterValues, withQueryFilters } from './filters';
import { idText, listParam } from './list-param';
import { paginationSchema } from './pagination';
import { optionalPlainTextField, plainTextField, text } from './text';

/**
 * Employer ratings (spec 2 "Ratings", 3 "Rating", "Employer rating card"). Members review a location
 * (an employer site) once per calendar year: an overall evaluation, a score per rating category, a
 * recommendation yes/no and an optional comment; a second review in the same year replaces the first.
 * Scores travel in points (`ratingScale`: 1..10, a half star each on 5 stars); averages are given on the
 * scale they are shown on: `overall_evaluation`, `softskill_5` and a card's `score` on 5 stars, a
 * category's `score` on 10 stars (points).
 *
 * Anonymity: no answer and no export names a reviewer (no id, name or account of theirs); a location's
 * figures and comments are `hidden` (null, empty) until it has `ratingLimits.minReviewsShown` reviews;
 * comments and reviews are dated by month (`YYYY-MM`).
 *
 * Filters (`GET /api/v2/ratings.filters`): `filters[location][]=<id>` and `filters[city][]=<name>`,
 * ANDed across facets, ORed within one; the list and the export take the same.
 */

export const ratingFacets = ['location', 'city'] as const;

/** Chosen filter values of the ratings list and export: location ids and city names. */
export const ratingFilterValuesSchema = z.strictObject({
  location: listParam(idText, { max: maxFilterValues }).optional(),
  city: listParam(text().trim().min(1).max(ratingLimits.cityMaxLength), {
    max: maxFilterValues,
    freeText: true,
  }).optional(),
});
export type RatingFilterValues = z.output<typeof ratingFilterValuesSchema>;

/** A filtered query's facets checked against the ratings facets (an unknown facet or value is a 400). */
function knownFacets<T extends { filters: Record<string, string[]> }>(
  value: T,
  ctx: z.core.$RefinementCtx,
): Omit<T, 'filters'> & { filters: RatingFilterValues } {
  const parsed = ratingFilterValuesSchema.safeParse(value.filters);
  if (parsed.success) return { ...value, filters: parsed.data };
  for (const issue of parsed.error.issues) {
    ctx.addIssue({ code: 'custom', message: issue.message, path: ['filters', ...issue.path] });
  }
  return z.NEVER;
}

/** The ratings list's query: page and filters. Locations are bounded (`ratingLimits.maxLocations`). */
export const ratingListQuerySchema = withQueryFilters(
  z.object({
    page: z.coerce.number().int().min(1).max(ratingLimits.maxLocations).default(1),
    per_page: z.coerce.number().int().min(1).max(limits.maxPageSize).default(ratingLimits.listPageSize),
  }),
).transform(knownFacets);
export type RatingListQuery = z.output<typeof ratingListQuerySchema>;

/** The export's query: the list's filters and the workbook's language. */
export const ratingExportQuerySchema = withQueryFilters(
  z.object({ locale: z.enum(locales).optional() }),
).transform(knownFacets);
export type RatingExportQuery = z.output<typeof ratingExportQuerySchema>;

/** A card of the ratings list (spec 2): title, 5-star score and count. */
export const ratingListItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  city: z.string(),
  /** True below `ratingLimits.minReviewsShown` reviews: `score` is null then. */
  hidden: z.boolean(),
  /** Average overall evaluation on 5 stars (unrounded), null while hidden or without reviews. */
  score: z.number().nullable(),
  /** How many reviews the location has (shown also while hidden, to say how many are missing). */
  count: z.number().int(),
});
export type RatingListItem = z.infer<typeof ratingListItemSchema>;

export const ratingListSchema = z.object({
  results: z.array(ratingListItemSchema),
  pagination: paginationSchema,
  /** Whether the reader may download the export (superadmin or `ratings_export`). */
  can_export: z.boolean(),
});
export type RatingList = z.infer<typeof ratingListSchema>;

/** One category of a rating: its average in points (10 stars) and how many scored it. */
export const ratingCategoryScoreSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  /** Average in points (0.5..10 on the 10-star scale), null while hidden or unscored. */
  score: z.number().nullable(),
  /** How many reviews scored the category; null while hidden. */
  ratings: z.number().int().nullable(),
});

/** A rating (spec 3 "Rating"): a location's figures, kept as counters with every review. */
export const ratingSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  city: z.string(),
  hidden: z.boolean(),
  /** Average overall evaluation on 5 stars. */
  overall_evaluation: z.number().nullable(),
  /** Average of every category score, on 5 stars. */
  softskill_5: z.number().nullable(),
  /** Share of reviews that recommend the employer, 0..100 (rounded to whole percent). */
  recommendation: z.number().int().nullable(),
  /** The location's categories in order, each with its average and count (the review form's fields). */
  ratings: z.array(ratingCategoryScoreSchema),
  total_count: z.number().int(),
  /** Month of the latest review (YYYY-MM), null while hidden or without reviews. */
  last_updated: z.string().nullable(),
  /** Whether the reader has reviewed the location this calendar year (a new review replaces it). */
  reviewed_this_year: z.boolean(),
});
export type Rating = z.infer<typeof ratingSchema>;

/**
 * The page of a rating's comments and reviews: a cursor, not a number, so a deep page is read from an
 * index by keyset, never counted or skipped over: `first` (the newest), `last` (the oldest), `b<id>`
 * (older than that review), `a<id>` (newer than it). The answer's `pagination` gives the cursors of
 * the neighbouring pages (null where there is none).
 */
export const reviewCursorSchema = text().regex(/^(first|last|[ab][1-9][0-9]{0,9})$/, 'a page cursor');
export const reviewPageQuerySchema = z.object({
  page: reviewCursorSchema.default('first'),
  per_page: z.coerce.number().int().min(1).max(limits.maxPageSize).default(ratingLimits.commentsPageSize),
});
export type ReviewPageQuery = z.output<typeof reviewPageQuerySchema>;

export const reviewPaginationSchema = z.object({
  self: z.string(),
  first: z.string().nullable(),
  prev: z.string().nullable(),
  next: z.string().nullable(),
  last: z.string().nullable(),
});
export type ReviewPagination = z.infer<typeof reviewPaginationSchema>;

/** A comment of a rating (spec 3): its month and text, nothing of who wrote it. */
export const ratingCommentSchema = z.object({
  /** YYYY-MM. */
  create_date: z.string(),
  text: z.string(),
});
export type RatingComment = z.infer<typeof ratingCommentSchema>;

export const ratingCommentsSchema = z.object({
  hidden: z.boolean(),
  results: z.array(ratingCommentSchema),
  pagination: reviewPaginationSchema,
});
export type RatingComments = z.infer<typeof ratingCommentsSchema>;

/** One anonymous review of a location: month, points and recommendation, comment. */
export const anonymousReviewSchema = z.object({
  /** YYYY-MM. */
  create_date: z.string(),
  overall_evaluation: z.number().int(),
  recommendation: z.boolean(),
  scores: z.array(z.object({ id: z.number().int(), score: z.number().int() })),
  comment: z.string().nullable(),
});
export type AnonymousReview = z.infer<typeof anonymousReviewSchema>;

export const locationReviewsSchema = z.object({
  hidden: z.boolean(),
  results: z.array(anonymousReviewSchema),
  pagination: reviewPaginationSchema,
});
export type LocationReviews = z.infer<typeof locationReviewsSchema>;

const points = z.number().int().min(ratingScale.minPoints).max(ratingScale.maxPoints);

/** A member's review: every category of the location scored once, in points. */
export const reviewInputSchema = z.strictObject({
  overall_evaluation: points,
  recommendation: z.boolean(),
  comment: optionalPlainTextField(ratingLimits.commentMaxLength).optional(),
  scores: z
    .array(z.strictObject({ category_id: idValueSchema, score: points }))
    .max(ratingLimits.maxCategories),
});
export type ReviewInput = z.input<typeof reviewInputSchema>;

/** The employer-rating card (spec 3): score on 5 stars, count, and the rating it links to. */
export const employerRatingCardSchema = z.object({
  /** The location the card links to; null for the summary of every location (links to the list). */
  id: z.number().int().nullable(),
  title: z.string().nullable(),
  hidden: z.boolean(),
  score: z.number().nullable(),
  ratings: z.number().int(),
});
export type EmployerRatingCard = z.infer<typeof employerRatingCardSchema>;

export const ratingCardQuerySchema = z.object({ location_id: idText.optional() });

/** A location as the administration manages it. */
export const adminLocationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  city: z.string(),
  review_count: z.number().int(),
});
export type AdminLocation = z.infer<typeof adminLocationSchema>;

export const locationInputSchema = z.strictObject({
  name: plainTextField(ratingLimits.locationNameMaxLength),
  city: text().trim().max(ratingLimits.cityMaxLength).default(''),
});
export type LocationInput = z.input<typeof locationInputSchema>;

/** A rating category as the administration manages it: for every location (`location_id` null) or one. */
export const adminRatingCategorySchema = z.object({
  id: z.number().int(),
  label_de: z.string(),
  label_en: z.string(),
  position: z.number().int(),
  location_id: z.number().int().nullable(),
});
export type AdminRatingCategory = z.infer<typeof adminRatingCategorySchema>;

export const ratingCategoryInputSchema = z.strictObject({
  label_de: plainTextField(ratingLimits.categoryLabelMaxLength),
  label_en: plainTextField(ratingLimits.categoryLabelMaxLength),
  position: z.number().int().min(0).max(ratingLimits.maxCategories).default(0),
  location_id: idValueSchema.nullable().default(null),
});
export type RatingCategoryInput = z.input<typeof ratingCategoryInputSchema>;

const reviewsParams = idParamsSchema;
const tags = ['ratings'];
const adminTags = ['ratings administration'];
const okSchema = z.object({ ok: z.literal(true) });

export const ratingEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v2/ratings',
    summary: 'Rated locations by name: title, 5-star score and count, filters, pages',
    tags,
    access: 'user',
    query: ratingListQuerySchema,
    response: ratingListSchema,
  }),
  filters: defineEndpoint({
    method: 'GET',
    path: '/api/v2/ratings.filters',
    summary: 'Filters of the ratings list and export (location, city)',
    tags,
    access: 'user',
    response: z.object({ results: z.array(filterOptionSchema) }),
  }),
  card: defineEndpoint({
    method: 'GET',
    path: '/api/v2/ratings.card',
    summary: 'The employer-rating card of a location, or of every location together',
    tags,
    access: 'user',
    query: ratingCardQuerySchema,
    response: employerRatingCardSchema,
  }),
  export: defineEndpoint({
    method: 'GET',
    path: '/api/v2/ratings/ratings_export',
    summary:
      'The ratings as an .xlsx workbook (figures and anonymous reviews), for superadmins and ratings_export',
    tags,
    access: { allow: [], permission: 'ratings_export' },
    query: ratingExportQuerySchema,
    response: z.unknown(),
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/v2/ratings/:id',
    summary: "A location's rating: averages, recommendation, categories, count, last month",
    tags,
    access: { allow: ['member'], object: 'ratingLocation' },
    params: idParamsSchema,
    response: ratingSchema,
  }),
  comments: defineEndpoint({
    method: 'GET',
    path: '/api/v2/ratings/:id/comments',
    summary: "A rating's comments, newest first, by month, with cursor pages (first, prev, next, last)",
    tags,
    access: { allow: ['member'], object: 'ratingLocation' },
    params: idParamsSchema,
    query: reviewPageQuerySchema,
    response: ratingCommentsSchema,
  }),
  allReviews: defineEndpoint({
    method: 'GET',
    path: '/api/v2/ratings/:id/all_reviews_for_location',
    summary: "A location's anonymous reviews, newest first, by month, with cursor pages",
    tags,
    access: { allow: ['member'], object: 'ratingLocation' },
    params: idParamsSchema,
    query: reviewPageQuerySchema,
    response: locationReviewsSchema,
  }),
  review: defineEndpoint({
    method: 'POST',
    path: '/api/v2/ratings/:id/reviews',
    summary:
      "Review a location for this year (replaces the member's review of this year); answers the rating",
    tags,
    access: { allow: ['member'], object: 'ratingLocation' },
    params: reviewsParams,
    body: reviewInputSchema,
    response: ratingSchema,
  }),
  adminLocations: defineEndpoint({
    method: 'GET',
    path: '/api/v2/admin/locations',
    summary: 'Every location by name, for superadmins',
    tags: adminTags,
    access: { allow: [], permission: 'superadmin' },
    response: z.object({ results: z.array(adminLocationSchema) }),
  }),
  adminCreateLocation: defineEndpoint({
    method: 'POST',
    path: '/api/v2/admin/locations',
    summary: 'Add a location',
    tags: adminTags,
    access: { allow: [], permission: 'superadmin' },
    body: locationInputSchema,
    response: adminLocationSchema,
    status: 201,
  }),
  adminSaveLocation: defineEndpoint({
    method: 'PUT',
    path: '/api/v2/admin/locations/:id',
    summary: "Change a location's name and city",
    tags: adminTags,
    access: { allow: [], permission: 'superadmin', object: 'ratingLocation' },
    params: idParamsSchema,
    body: locationInputSchema,
    response: adminLocationSchema,
  }),
  adminDeleteLocation: defineEndpoint({
    method: 'DELETE',
    path: '/api/v2/admin/locations/:id',
    summary: 'Delete a location with its reviews and categories (jobs there keep no location)',
    tags: adminTags,
    access: { allow: [], permission: 'superadmin', object: 'ratingLocation' },
    params: idParamsSchema,
    response: okSchema,
  }),
  adminCategories: defineEndpoint({
    method: 'GET',
    path: '/api/v2/admin/rating_categories',
    summary: 'Every rating category in order, for superadmins',
    tags: adminTags,
    access: { allow: [], permission: 'superadmin' },
    response: z.object({ results: z.array(adminRatingCategorySchema) }),
  }),
  adminCreateCategory: defineEndpoint({
    method: 'POST',
    path: '/api/v2/admin/rating_categories',
    summary: 'Add a rating category for every location or one',
    tags: adminTags,
    access: { allow: [], permission: 'superadmin' },
    body: ratingCategoryInputSchema,
    response: adminRatingCategorySchema,
    status: 201,
  }),
  adminSaveCategory: defineEndpoint({
    method: 'PUT',
    path: '/api/v2/admin/rating_categories/:id',
    summary: "Change a rating category's labels, position or location",
    tags: adminTags,
    access: { allow: [], permission: 'superadmin', object: 'ratingCategory' },
    params: idParamsSchema,
    body: ratingCategoryInputSchema,
    response: adminRatingCategorySchema,
  }),
  adminDeleteCategory: defineEndpoint({
    method: 'DELETE',
    path: '/api/v2/admin/rating_categories/:id',
    summary: 'Delete a rating category with its scores',
    tags: adminTags,
    access: { allow: [], permission: 'superadmin', object: 'ratingCategory' },
    params: idParamsSchema,
    response: okSchema,
  }),
};
