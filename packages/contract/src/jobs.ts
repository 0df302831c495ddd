import { z } from 'zod';
import { jobLimits, limits, locales } from './constants';
import { searchTextSchema } from './directory';
import { defineEndpoint } from './endpoint';
import { idParamsSchema, idSchema, idValueSchema, isoDateSchema } from './entities';
import { filterOptionSchema, maxFilterValues, withQueryFilters } from './filters';
import { idText, listParam } from './list-param';
import { streamPaginationSchema } from './pagination';
import { plainTextField, text } from './text';

/**
 * The jobs board (spec 2 "Jobs", 3 "Job"). A job is written in one language (`locale`): a bilingual
 * company advertises a post in the language the work needs, and every member sees every open job; the
 * web marks its text with that language. Field, location and employment type come as `{ id, label }`.
 *
 * States: `draft` (being written) -> `open` (published; members see it) -> `closed` (filled; hidden
 * again, may be opened again). Members see open jobs only; any other id answers 404 like a missing one.
 *
 * List order: newest published first. Filters travel as lists in the query string
 * (`filters[location][]=3&filters[field][]=it`, see `GET /api/v2/jobs.filters`); facets are ANDed,
 * values of one facet ORed; `query` searches title, profile and offer by word prefixes. The list pages
 * like a stream (no total, `next` while more follow, up to `limits.maxStreamPage`); `GET jobs/{id}`
 * with the same filters and `query` answers the ids of the jobs before and after it in that list.
 */

/** Fields of work a job belongs to; their labels are the `jobs.fields.*` texts. */
export const jobFields = [
  'administration',
  'customer_service',
  'engineering',
  'finance',
  'healthcare',
  'human_resources',
  'it',
  'logistics',
  'marketing',
  'production',
  'research',
  'sales',
] as const;
export type JobField = (typeof jobFields)[number];

/** Employment types; their labels are the `jobs.employment_types.*` texts. */
export const employmentTypes = [
  'full_time',
  'part_time',
  'internship',
  'apprenticeship',
  'mini_job',
] as const;
export type EmploymentType = (typeof employmentTypes)[number];

export const jobStates = ['draft', 'open', 'closed'] as const;
export type JobState = (typeof jobStates)[number];

/** The facets of the jobs list, the keys under `filters[...]`. */
export const jobFacets = ['location', 'field', 'employment_type'] as const;
export type JobFacet = (typeof jobFacets)[number];

/** Chosen filter values of the jobs list: location ids, field and employment type keys. */
export const jobFilterValuesSchema = z.strictObject({
  location: listParam(idText, { max: maxFilterValues }).optional(),
  field: listParam(z.enum(jobFields), { max: jobFields.length }).optional(),
  employment_type: listParam(z.enum(employmentTypes), { max: employmentTypes.length }).optional(),
});
export type JobFilterValues = z.output<typeof jobFilterValuesSchema>;

/** A parsed list query with its filters checked as the jobs' facets (a 400 naming the bad one). */
function withJobFilters<T extends { filters: Record<string, string[]> }>(
  value: T,
  ctx: z.core.$RefinementCtx,
): Omit<T, 'filters'> & { filters: JobFilterValues } {
  const parsed = jobFilterValuesSchema.safeParse(value.filters);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: ['filters', ...issue.path] });
    }
    return z.NEVER;
  }
  return { ...value, filters: parsed.data };
}

const listFields = {
  page: z.coerce.number().int().min(1).max(limits.maxStreamPage).default(1),
  per_page: z.coerce.number().int().min(1).max(limits.maxPageSize).default(jobLimits.listPageSize),
  query: searchTextSchema,
};

/** The list's query: page, search text and filters (an unknown facet or value is a 400). */
export const jobListQuerySchema = withQueryFilters(z.object(listFields)).transform(withJobFilters);
export type JobListQuery = z.output<typeof jobListQuerySchema>;

/** The job page's query: the list's search text and filters, to find the jobs before and after it. */
export const jobContextQuerySchema = withQueryFilters(z.object({ query: searchTextSchema })).transform(
  withJobFilters,
);
export type JobContextQuery = z.output<typeof jobContextQuerySchema>;

const labelled = <T extends z.ZodType>(id: T) => z.object({ id, label: z.string() });

/** A row of the jobs list: image, location, title (spec 2 "Jobs"). */
export const jobListItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The square image (153 px shown), or null. */
  img: z.string().nullable(),
  /** The language the job is written in. */
  locale: z.enum(locales),
  field: labelled(z.enum(jobFields)),
  location: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  employment_type: labelled(z.enum(employmentTypes)),
});
export type JobListItem = z.infer<typeof jobListItemSchema>;

/** A job's page (spec 3 "Job"): every field, and the neighbours in the list the member came from. */
export const jobSchema = jobListItemSchema.extend({
  /** YYYY-MM-DD: from when the job is to be filled; null means at once. */
  available_in: z.string().nullable(),
  tasks: z.array(z.string()),
  /** Plain text with line breaks: whom the company looks for. */
  profile: z.string(),
  /** Plain text with line breaks: what the company offers. */
  offer: z.string(),
  /** ISO 8601. */
  published_at: z.string(),
  /** Ids of the previous and next job of the list (same filters and search), null at its ends. */
  pagination: z.object({ prev: z.number().int().nullable(), next: z.number().int().nullable() }),
});
export type Job = z.infer<typeof jobSchema>;

export const jobListSchema = z.object({
  results: z.array(jobListItemSchema),
  pagination: streamPaginationSchema,
});
export type JobList = z.infer<typeof jobListSchema>;

/** A real calendar day as YYYY-MM-DD. */
const calendarDay = isoDateSchema.refine(
  (value) => {
    const day = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
  },
  { message: 'a real date (YYYY-MM-DD)' },
);

/** What the administration writes: every field of a job but its state and image. */
export const jobInputSchema = z.strictObject({
  title: plainTextField(jobLimits.titleMaxLength),
  locale: z.enum(locales),
  field: z.enum(jobFields),
  location_id: idValueSchema.nullable(),
  employment_type: z.enum(employmentTypes),
  available_in: calendarDay.nullable().default(null),
  tasks: z.array(plainTextField(jobLimits.taskMaxLength)).max(jobLimits.maxTasks).default([]),
  profile: text().trim().max(jobLimits.textMaxLength).default(''),
  offer: text().trim().max(jobLimits.textMaxLength).default(''),
});
export type JobInput = z.input<typeof jobInputSchema>;
export type JobData = z.output<typeof jobInputSchema>;

/** A job as the administration edits it. */
export const adminJobSchema = z.object({
  id: z.number().int(),
  state: z.enum(jobStates),
  title: z.string(),
  locale: z.enum(locales),
  field: z.enum(jobFields),
  location_id: z.number().int().nullable(),
  employment_type: z.enum(employmentTypes),
  available_in: z.string().nullable(),
  tasks: z.array(z.string()),
  profile: z.string(),
  offer: z.string(),
  img: z.string().nullable(),
  /** ISO 8601 dates of the job's life; null until it happens. */
  created_at: z.string(),
  published_at: z.string().nullable(),
  closed_at: z.string().nullable(),
});
export type AdminJob = z.infer<typeof adminJobSchema>;

export const adminJobListItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  state: z.enum(jobStates),
  img: z.string().nullable(),
  location: z.string().nullable(),
  created_at: z.string(),
  published_at: z.string().nullable(),
});
export type AdminJobListItem = z.infer<typeof adminJobListItemSchema>;

const tags = ['jobs'];
const adminTags = ['jobs administration'];
export const jobEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v2/jobs',
    summary: 'Open jobs, newest first: search text, filters as lists, pages',
    tags,
    access: 'user',
    query: jobListQuerySchema,
    response: jobListSchema,
  }),
  filters: defineEndpoint({
    method: 'GET',
    path: '/api/v2/jobs.filters',
    summary: 'Filters of the jobs list (location, field, employment type) with the values open jobs have',
    tags,
    access: 'user',
    response: z.object({ results: z.array(filterOptionSchema) }),
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/v2/jobs/:id',
    summary: 'An open job, with the previous and next job of the list its filters and search describe',
    tags,
    access: { allow: ['member'], object: 'job' },
    params: idParamsSchema,
    query: jobContextQuerySchema,
    response: jobSchema,
  }),
  adminList: defineEndpoint({
    method: 'GET',
    path: '/api/v2/admin/jobs',
    summary: 'Jobs of every state, newest first; `before` is the last id of the previous call',
    tags: adminTags,
    access: { allow: [], permission: 'jobs' },
    query: z.object({ before: idSchema.optional(), state: z.enum(jobStates).optional() }),
    response: z.object({
      results: z.array(adminJobListItemSchema),
      next_before: z.number().int().nullable(),
    }),
  }),
  adminLocations: defineEndpoint({
    method: 'GET',
    path: '/api/v2/admin/jobs/locations',
    summary: 'The locations a job may name, by name',
    tags: adminTags,
    access: { allow: [], permission: 'jobs' },
    response: z.object({ results: z.array(z.object({ id: z.number().int(), name: z.string() })) }),
  }),
  adminCreate: defineEndpoint({
    method: 'POST',
    path: '/api/v2/admin/jobs',
    summary: 'Create a job as a draft',
    tags: adminTags,
    access: { allow: [], permission: 'jobs' },
    body: jobInputSchema,
    response: adminJobSchema,
  }),
  adminGet: defineEndpoint({
    method: 'GET',
    path: '/api/v2/admin/jobs/:id',
    summary: 'A job of any state',
    tags: adminTags,
    access: { allow: [], permission: 'jobs', object: 'job' },
    params: idParamsSchema,
    response: adminJobSchema,
  }),
  adminSave: defineEndpoint({
    method: 'PUT',
    path: '/api/v2/admin/jobs/:id',
    summary: "Save a job's fields (an open job changes for members at once)",
    tags: adminTags,
    access: { allow: [], permission: 'jobs', object: 'job' },
    params: idParamsSchema,
    body: jobInputSchema,
    response: adminJobSchema,
  }),
  adminPublish: defineEndpoint({
    method: 'POST',
    path: '/api/v2/admin/jobs/:id/publish',
    summary: 'Open a draft or closed job to members (409 when it is open already)',
    tags: adminTags,
    access: { allow: [], permission: 'jobs', object: 'job' },
    params: idParamsSchema,
    response: adminJobSchema,
  }),
  adminClose: defineEndpoint({
    method: 'POST',
    path: '/api/v2/admin/jobs/:id/close',
    summary: 'Close an open job (409 when it is not open)',
    tags: adminTags,
    access: { allow: [], permission: 'jobs', object: 'job' },
    params: idParamsSchema,
    response: adminJobSchema,
  }),
  adminDelete: defineEndpoint({
    method: 'DELETE',
    path: '/api/v2/admin/jobs/:id',
    summary: 'Delete a job and its image',
    tags: adminTags,
    access: { allow: [], permission: 'jobs', object: 'job' },
    params: idParamsSchema,
    response: z.object({ success: z.literal(true) }),
  }),
  adminUploadImage: defineEndpoint({
    method: 'POST',
    path: '/api/v2/admin/jobs/:id/image',
    summary: "Set the job's image (multipart, one image; checked by content, stored as a square)",
    tags: adminTags,
    access: { allow: [], permission: 'jobs', object: 'job' },
    params: idParamsSchema,
    response: adminJobSchema,
  }),
  adminRemoveImage: defineEndpoint({
    method: 'DELETE',
    path: '/api/v2/admin/jobs/:id/image',
    summary: "Remove the job's image",
    tags: adminTags,
    access: { allow: [], permission: 'jobs', object: 'job' },
    params: idParamsSchema,
    response: adminJobSchema,
  }),
};
