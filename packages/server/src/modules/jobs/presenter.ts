import type { AdminJob, AdminJobListItem, Job, JobListItem, Locale } from '@plaza/contract';
import { t } from '../../platform/i18n';
import { imageUrl } from '../uploads';
import type { JobListRow, JobWithPlace } from './repo';

/** A field's label in the reader's language (`jobs.fields.*`). */
export const fieldLabel = (field: string, locale: Locale) => t(locale, `jobs.fields.${field}`);
/** An employment type's label in the reader's language (`jobs.employment_types.*`). */
export const employmentTypeLabel = (type: string, locale: Locale) =>
  t(locale, `jobs.employment_types.${type}`);

/** A row of the members' list. */
export function presentListItem(row: JobListRow, locale: Locale): JobListItem {
  return {
    id: row.id,
    title: row.title,
    img: imageUrl(row.image_path),
    locale: row.locale,
    field: { id: row.field, label: fieldLabel(row.field, locale) },
    location:
      row.location_id !== null && row.location_name !== null
        ? { id: row.location_id, name: row.location_name }
        : null,
    employment_type: { id: row.employment_type, label: employmentTypeLabel(row.employment_type, locale) },
  };
}

/** A job's page with its neighbours in the member's list. */
export function presentJob(
  row: JobWithPlace & { prev: number | null; next: number | null },
  locale: Locale,
): Job {
  return {
    ...presentListItem(row, locale),
    available_in: row.available_in,
    tasks: row.tasks,
    profile: row.profile,
    offer: row.offer,
    published_at: (row.published_at ?? row.created_at).toISOString(),
    pagination: { prev: row.prev, next: row.next },
  };
}

/** A job as the administration edits it. */
export function presentAdminJob(row: JobWithPlace): AdminJob {
  return {
    id: row.id,
    state: row.state,
    title: row.title,
    locale: row.locale,
    field: row.field,
    location_id: row.location_id,
    employment_type: row.employment_type,
    available_in: row.available_in,
    tasks: row.tasks,
    profile: row.profile,
    offer: row.offer,
    img: imageUrl(row.image_path),
    created_at: row.created_at.toISOString(),
    published_at: row.published_at?.toISOString() ?? null,
    closed_at: row.closed_at?.toISOString() ?? null,
  };
}

export function presentAdminListItem(row: JobWithPlace): AdminJobListItem {
  return {
    id: row.id,
    title: row.title,
    state: row.state,
    img: imageUrl(row.image_path),
    location: row.location_name,
    created_at: row.created_at.toISOString(),
    published_at: row.published_at?.toISOString() ?? null,
  };
}
