import { z } from 'zod';
import { directoryOrders, directoryPageSize, limits } from './constants';
import { defineEndpoint } from './endpoint';
import { userSchema } from './entities';
import { filterOptionSchema, withQueryFilters } from './filters';
import { paginated } from './pagination';
import { searchFieldSchema } from './settings';
import { text } from './text';

/**
 * The who-is-who directory, its filters, quick people search and the extended search bar.
 *
 * Facets and search fields (ids shared by filters, search fields and suggestions):
 * `locations`, `areas`, `skills`, `special_tasks`, `languages`, and `custom_<profile field id>` for
 * custom profile fields (filterable ones are facets, searchable ones search fields). The search
 * fields also have `name` (first name, last name, username) and `position`.
 *
 * Filters travel in the query string without JSON: `filters[<facet>]=<value>`, repeated for several
 * values, e.g. `?filters[locations]=Berlin&filters[locations]=Hamburg&filters[skills]=SQL`. Values
 * are the `properties[].id` of `GET /api/v2/users.filters`. Facets are ANDed, values of one facet
 * ORed. An unknown facet is a 400.
 */
export const directoryFacets = ['locations', 'areas', 'skills', 'special_tasks', 'languages'] as const;
export type DirectoryFacet = (typeof directoryFacets)[number];

/** The fixed search fields of the extended search; custom ones are `custom_<id>`. */
export const directorySearchFields = ['name', 'position', ...directoryFacets] as const;
export const searchFieldIdSchema = text().regex(
  new RegExp(`^(${directorySearchFields.join('|')}|custom_\\d{1,9})$`),
  'an unknown search field',
);

/** Search text: trimmed; blank counts as no search. */
export const searchTextSchema = text()
  .max(limits.directorySearchMaxLength)
  .transform((value) => value.trim() || undefined)
  .optional();

const pageFields = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(48).default(directoryPageSize),
};

/**
 * `GET /api/v2/users`: `query` searches names, position, locations, areas, skills, special tasks,
 * languages and searchable custom fields (words of German or English, prefixes: "Luk" finds Lukas).
 * With a query and no `order_by` the best matches come first; an explicit `order_by` wins.
 * `type=extendedSearch` with `field_id` restricts the query to that one search field.
 */
export const directoryQuerySchema = withQueryFilters(
  z.object({
    ...pageFields,
    query: searchTextSchema,
    order_by: z.enum(directoryOrders).optional(),
    type: z.enum(['page', 'extendedSearch']).default('page'),
    field_id: searchFieldIdSchema.optional(),
  }),
);
export type DirectoryQuery = z.output<typeof directoryQuerySchema>;

/** A suggestion of the extended search bar: a value of the field, or a person (`id` is then the user id). */
export const suggestionSchema = z.object({
  id: z.string(),
  title: z.string(),
  type: z.enum(['value', 'user']),
});
export type Suggestion = z.infer<typeof suggestionSchema>;

/** Most people the quick search and the suggestions return. */
export const quickSearchLimit = 8;

const tags = ['directory'];
export const directoryEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v2/users',
    summary: 'The who-is-who directory: search, filters, order and pages',
    tags,
    access: 'user',
    query: directoryQuerySchema,
    response: paginated(userSchema),
  }),
  filters: defineEndpoint({
    method: 'GET',
    path: '/api/v2/users.filters',
    summary: 'Facets of the directory with the values that occur, labels in the caller’s locale',
    tags,
    access: 'user',
    response: z.object({ results: z.array(filterOptionSchema) }),
  }),
  search: defineEndpoint({
    method: 'GET',
    path: '/api/v2/users/search',
    summary: 'Quick people search (side drawer, mentions): the best matches for `q`, at most 8',
    tags,
    access: 'user',
    query: z.object({ q: searchTextSchema }),
    response: z.object({ results: z.array(userSchema) }),
  }),
  profileFields: defineEndpoint({
    method: 'GET',
    path: '/api/v2/users/profile_fields',
    summary:
      'Search fields of the extended search: settings `advanced_search.fields` when set, else every field',
    tags,
    access: 'user',
    response: z.array(searchFieldSchema),
  }),
  suggestions: defineEndpoint({
    method: 'GET',
    path: '/api/v2/users/suggestions',
    summary: 'Suggestions while typing in the extended search: values of the field, then people',
    tags,
    access: 'user',
    query: z.object({ field_id: searchFieldIdSchema, query: searchTextSchema }),
    response: z.object({ results: z.array(suggestionSchema) }),
  }),
};
