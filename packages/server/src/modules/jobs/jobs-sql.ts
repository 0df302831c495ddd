import type { JobFilterValues } from '@plaza/contract';
import { and, type Column, type SQL, sql } from 'drizzle-orm';
import { anyId } from '../../db/any-id';

/** The jobs table or an alias of it: the columns the list's rule reads. */
type JobsTable = Record<'state' | 'location_id' | 'field' | 'employment_type' | 'search_vector', Column>;

/**
 * A word-prefix tsquery needing every word ('simple': words as written, so German and English text alike).
 * Words are letters and digits only (the directory's `searchWords`), so `word:*` is always valid.
 */
function wordsQuery(words: readonly string[]): string {
  return words.map((word) => `${word}:*`).join(' & ');
}

/**
 * The jobs a member's list holds: open ones, of the chosen values of each facet (ANDed across facets,
 * ORed within one), matching every search word. The one rule of the list and of a job's neighbours.
 */
export function listedJobs(t: JobsTable, filters: JobFilterValues, words: readonly string[]): SQL {
  return and(
    // Written out, not a parameter: the partial index `jobs_open_idx` serves only `state = 'open'`.
    sql`${t.state} = 'open'`,
    filters.location?.length ? anyId(t.location_id, filters.location) : undefined,
    filters.field?.length ? sql`${t.field} = any(${sql.param([...filters.field])}::text[])` : undefined,
    filters.employment_type?.length
      ? sql`${t.employment_type} = any(${sql.param([...filters.employment_type])}::text[])`
      : undefined,
    words.length > 0 ? sql`${t.search_vector} @@ to_tsquery('simple', ${wordsQuery(words)})` : undefined,
  )!;
}
