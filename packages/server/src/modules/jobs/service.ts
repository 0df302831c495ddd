import {
  buildStreamPagination,
  type FilterOption,
  type Job,
  type JobContextQuery,
  type JobList,
  type JobListQuery,
  type Locale,
} from '@plaza/contract';
import type { Db } from '../../db/client';
import { notFound } from '../../platform/errors';
import { t } from '../../platform/i18n';
import type { SessionUser } from '../../platform/request-context';
import { searchWords } from '../directory';
import { jobPolicy } from './policy';
import { employmentTypeLabel, fieldLabel, presentJob, presentListItem } from './presenter';
import { jobsRepo } from './repo';

/** A page of open jobs of the filters and search text, newest first (a stream: no total). */
export async function listJobs(db: Db, query: JobListQuery, locale: Locale): Promise<JobList> {
  const rows = await jobsRepo.list(db, {
    filters: query.filters,
    words: searchWords(query.query),
    limit: query.per_page + 1,
    offset: (query.page - 1) * query.per_page,
  });
  const shown = rows.slice(0, query.per_page);
  return {
    results: shown.map((row) => presentListItem(row, locale)),
    pagination: buildStreamPagination(query.page, query.per_page, rows.length > query.per_page),
  };
}

/** The list's filters with the values open jobs have, labelled in the reader's language. */
export async function jobFilters(db: Db, locale: Locale): Promise<{ results: FilterOption[] }> {
  const values = await jobsRepo.facetValues(db);
  const option = (id: string, value: string) => ({ id, value, type: 'option' as const });
  const facet = (identifier: string, properties: ReturnType<typeof option>[]): FilterOption => ({
    id: identifier,
    identifier,
    label: t(locale, `jobs.filters.${identifier}`),
    properties,
  });
  const byLabel = (a: { value: string }, b: { value: string }) =>
    a.value.localeCompare(b.value, locale.slice(0, 2));
  return {
    results: [
      facet(
        'location',
        values.locations.map((place) => option(String(place.id), place.name)),
      ),
      facet('field', values.fields.map((field) => option(field, fieldLabel(field, locale))).sort(byLabel)),
      facet(
        'employment_type',
        values.employmentTypes.map((type) => option(type, employmentTypeLabel(type, locale))),
      ),
    ],
  };
}

/**
 * An open job with the previous and next job of the list its filters and search text describe. Any
 * other job answers 404 as a missing one does: a reader learns nothing of drafts or closed jobs.
 */
export async function readJob(
  db: Db,
  user: SessionUser,
  id: number,
  context: JobContextQuery,
  locale: Locale,
): Promise<Job> {
  const row = await jobsRepo.openWithNeighbours(db, id, context.filters, searchWords(context.query));
  if (!row || !jobPolicy.can(user, 'read', row)) throw notFound('The job');
  return presentJob(row, locale);
}
