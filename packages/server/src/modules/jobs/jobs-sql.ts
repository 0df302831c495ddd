import type { JobFilterValues } from '@plaza/contract';
import { and, type Column, type SQL, sql } from 'drizzle-orm';
import { anyId } from '../../db/any-id';

/** The jobs table or an alias of it: the columns the list's rule reads. */
type JobsTable = Record<'state' | 'location_id' | 'field' | 'employment_type' | 'search_vector', Column>;

/** Which parts of the list's rule a query has: part of its prepared statement's shape. */
export interface ListShape {
  location: boolean;
  field: boolean;
  employmentType: boolean;
  words: boolean;
}

/** The shape of a list of these filters and words, and its name. */
export function listShape(
  filters: JobFilterValues,
  words: readonly string[],
): { shape: ListShape; name: string } {
  const shape = {
    location: Boolean(filters.location?.length),
    field: Boolean(filters.field?.length),
    employmentType: Boolean(filters.employment_type?.length),
    words: words.length > 0,
  };
  const name = `${shape.location ? 'l' : ''}${shape.field ? 'f' : ''}${shape.employmentType ? 't' : ''}${shape.words ? 'q' : ''}`;
  return { shape, name };
}

/**
 * The values of the list's placeholders: the filters' lists and the word-prefix tsquery ('simple': words
 * as written, so German and English alike; words are letters and digits only, the directory's
 * `searchWords`, so `word:*` is always valid).
 */
export function listValues(filters: JobFilterValues, words: readonly string[]) {
  return {
    locations: filters.location ?? [],
    fields: filters.field ?? [],
    types: filters.employment_type ?? [],
    words: words.map((word) => `${word}:*`).join(' & '),
  };
}

const values = {
  locations: sql.placeholder('locations'),
  fields: sql.placeholder('fields'),
  types: sql.placeholder('types'),
  words: sql.placeholder('words'),
};

/**
 * The jobs a member's list holds: open ones, of the chosen values of each facet (ANDed across facets,
 * ORed within one), matching every search word. The one rule of the list and of a job's neighbours.
 */
export function listedJobs(t: JobsTable, shape: ListShape): SQL {
  return and(
    // Written out, not a parameter: the partial index `jobs_open_idx` serves only `state = 'open'`.
    sql`${t.state} = 'open'`,
    shape.location ? anyId(t.location_id, values.locations) : undefined,
    shape.field ? sql`${t.field} = any(${values.fields}::text[])` : undefined,
    shape.employmentType ? sql`${t.employment_type} = any(${values.types}::text[])` : undefined,
    shape.words ? sql`${t.search_vector} @@ to_tsquery('simple', ${values.words})` : undefined,
  )!;
}
