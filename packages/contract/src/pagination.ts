import { z } from 'zod';
import { limits } from './constants';

/** Page links of a list answer: page numbers, null where there is none. */
export const paginationSchema = z.object({
  self: z.number().int().min(1),
  first: z.number().int().min(1),
  last: z.number().int().min(1),
  prev: z.number().int().min(1).nullable(),
  next: z.number().int().min(1).nullable(),
  total: z.number().int().min(0),
  per_page: z.number().int().min(1),
});
export type Pagination = z.infer<typeof paginationSchema>;

/**
 * Page links of a stream (news, group and topic streams): there is a next page or not, and no total.
 * Counting every readable post of a large community on each call would cost more than the page itself,
 * so `last` and `total` are null: the client shows "more" while `next` is set.
 */
export const streamPaginationSchema = paginationSchema.extend({
  last: z.null(),
  total: z.null(),
});
export type StreamPagination = z.infer<typeof streamPaginationSchema>;

/** A stream answer: `{ results, pagination }` with stream page links. */
export function streamPage<T extends z.ZodType>(item: T) {
  return z.object({ results: z.array(item), pagination: streamPaginationSchema });
}

/** `page` and `per_page` of a stream: pages up to `limits.maxStreamPage`. */
export const streamPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(limits.maxStreamPage).default(1),
  per_page: z.coerce.number().int().min(1).max(limits.maxPageSize).default(limits.defaultPageSize),
});

/** Page links of a stream page, from whether more items follow it. */
export function buildStreamPagination(page: number, perPage: number, hasMore: boolean): StreamPagination {
  return {
    self: page,
    first: 1,
    last: null,
    prev: page > 1 ? page - 1 : null,
    next: hasMore && page < limits.maxStreamPage ? page + 1 : null,
    total: null,
    per_page: perPage,
  };
}

/** `page` and `per_page` query parameters, coerced from strings. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(limits.maxPageSize).default(limits.defaultPageSize),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** A list answer: `{ results, pagination }`. */
export function paginated<T extends z.ZodType>(item: T) {
  return z.object({ results: z.array(item), pagination: paginationSchema });
}

/** Computes the page links for a total count. */
export function buildPagination(page: number, perPage: number, total: number): Pagination {
  const last = Math.max(1, Math.ceil(total / perPage));
  return {
    self: page,
    first: 1,
    last,
    prev: page > 1 ? Math.min(page - 1, last) : null,
    next: page < last ? page + 1 : null,
    total,
    per_page: perPage,
  };
}
