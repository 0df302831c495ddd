import { z } from 'zod';
import { directoryPageSize, pageSizes } from './constants';
import { searchTextSchema } from './directory';
import { defineEndpoint } from './endpoint';
import { isoDateSchema, userSchema } from './entities';
import { filterOptionSchema, withQueryFilters } from './filters';
import { paginated } from './pagination';

/**
 * Persons of occasion: birthdays (from the birthday) and work anniversaries (from the entry date),
 * upcoming first from today (today included; "today" is the server's local date).
 *
 * - `date` is the day of the coming celebration (YYYY-MM-DD, the year of the celebration), never the
 *   birth date. A member born on 29 February celebrates on 28 February in a year without that day
 *   (the day before the birthday would fall, as §188 BGB counts a year of life).
 * - `age` is the age reached on that day and is null when the member hides the birth year: neither the
 *   birth year nor anything it could be computed from leaves the server.
 * - `years` is the completed years of service of an anniversary (1 or more); anniversaries start one
 *   year after the entry date.
 * - With `profile_options.included_profile_birthday` off there are no birthday occasions at all.
 * - Only listed members appear: who accepted the terms and whose account is not deactivated.
 *
 * Filters (query form as in the directory: `filters[type]=birthday&filters[locations]=Berlin`):
 * `type` (`birthday`, `anniversary`), `locations`, `areas`; see `GET /api/v2/occasions.filters`.
 */
export const occasionTypes = ['birthday', 'anniversary'] as const;
export const occasionTypeSchema = z.enum(occasionTypes);
export type OccasionType = z.infer<typeof occasionTypeSchema>;

export const occasionFacets = ['type', 'locations', 'areas'] as const;

export const occasionSchema = z.object({
  /** `birthday-<user id>` or `anniversary-<user id>`. */
  id: z.string(),
  type: occasionTypeSchema,
  user: userSchema,
  img: z.string().nullable(),
  /** The day of the coming celebration. */
  date: isoDateSchema,
  is_birth_year_visible: z.boolean(),
  /** Birthdays with a visible birth year: the age reached on `date`; otherwise null. */
  age: z.number().int().nullable(),
  /** Anniversaries: the years of service completed on `date`; birthdays: null. */
  years: z.number().int().nullable(),
});
export type Occasion = z.infer<typeof occasionSchema>;

const pageFields = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(48).default(directoryPageSize),
};

/** Paged occasions with search text (`query`, the person's name and profile) and filters. */
export const occasionQuerySchema = withQueryFilters(z.object({ ...pageFields, query: searchTextSchema }));
export type OccasionQuery = z.output<typeof occasionQuerySchema>;

/** The slider feed: the next `limit` occasions of both kinds (6 on small screens). */
export const occasionFeedQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(30).default(pageSizes.mobileOccasionsFeed),
});

const occasionPageSchema = paginated(occasionSchema);
const tags = ['occasions'];
export const occasionEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v2/occasions',
    summary: 'Persons of occasion, upcoming first from today: search, filters and pages',
    tags,
    access: 'user',
    query: occasionQuerySchema,
    response: occasionPageSchema,
  }),
  feed: defineEndpoint({
    method: 'GET',
    path: '/api/v2/occasions/feed',
    summary: 'The next birthdays and anniversaries together, for the occasions slider',
    tags,
    access: 'user',
    query: occasionFeedQuerySchema,
    response: z.object({ results: z.array(occasionSchema) }),
  }),
  birthdays: defineEndpoint({
    method: 'GET',
    path: '/api/v2/occasions/birthdays',
    summary: 'Coming birthdays, paged (empty when birthdays are not part of profiles)',
    tags,
    access: 'user',
    query: occasionQuerySchema,
    response: occasionPageSchema,
  }),
  anniversaries: defineEndpoint({
    method: 'GET',
    path: '/api/v2/occasions/anniversaries',
    summary: 'Coming work anniversaries, paged',
    tags,
    access: 'user',
    query: occasionQuerySchema,
    response: occasionPageSchema,
  }),
  filters: defineEndpoint({
    method: 'GET',
    path: '/api/v2/occasions.filters',
    summary: 'Filters of the occasions list (type, locations, areas) with the values that occur',
    tags,
    access: 'user',
    response: z.object({ results: z.array(filterOptionSchema) }),
  }),
};
