import { type Placeholder, type SQL, sql } from 'drizzle-orm';

/**
 * A row count for `LIMIT`, written into the statement's text instead of sent as a parameter.
 * PostgreSQL costs a parameter `LIMIT` (or `OFFSET`) as a tenth of all rows, so the generic plan of a
 * prepared statement with one always looks worse than a custom plan and the statement is planned again
 * on every call (for a stream, planning took three times as long as running). With the number in the
 * text PostgreSQL keeps one plan per connection; page sizes are bounded by the contract, and each
 * connection keeps only its most recently used statements (`db/prepared-statements.ts`).
 *
 * Drizzle writes an SQL chunk given to `.limit(inlineCount())` or to a `sql` template as it is; the return
 * type is the `number` those accept. Offsets are no counts for it: see `offsetClause`.
 */
export function inlineCount(count: number): number {
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`Not a row count: ${count}`);
  return sql.raw(String(count)) as unknown as number;
}

/**
 * Offsets are never written into a statement's text, or each page deeper would be a statement of its
 * own: the first page has no `OFFSET` (and keeps its cached plan), every deeper page shares one statement
 * with the offset as a parameter (planned for its value on each call, as deep pages are rare). Drizzle's
 * `.offset(n)` of a plain number does this already; these are for the other two ways of writing one.
 */

/** The `OFFSET` of a `sql` template: nothing on the first page, ` offset $n` deeper. */
export function offsetClause(offset: number): SQL {
  if (!Number.isSafeInteger(offset) || offset < 0) throw new RangeError(`Not a row offset: ${offset}`);
  return offset === 0 ? sql.empty() : sql` offset ${offset}`;
}

/**
 * The `OFFSET` of a prepared query (`db/prepared-query.ts`): its shape names which of the two statements
 * it is, its `.offset(value)` takes `value`, and its `.execute` gets `{ offset }` with the others.
 */
export function preparedOffset(offset: number): { shape: 'first' | 'deep'; value: number | Placeholder } {
  if (!Number.isSafeInteger(offset) || offset < 0) throw new RangeError(`Not a row offset: ${offset}`);
  return offset === 0 ? { shape: 'first', value: 0 } : { shape: 'deep', value: sql.placeholder('offset') };
}
