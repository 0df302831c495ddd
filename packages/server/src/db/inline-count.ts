import { sql } from 'drizzle-orm';

/**
 * A row count for `LIMIT` or `OFFSET`, written into the statement's text instead of sent as a parameter.
 * PostgreSQL costs a parameter `LIMIT` as a tenth of all rows, so the generic plan of a prepared statement
 * with one always looks worse than a custom plan and the statement is planned again on every call (for a
 * stream, planning took three times as long as running). With the number in the text PostgreSQL keeps one
 * plan per connection; page sizes and depths are bounded by the contract, so the statements stay few.
 *
 * Drizzle writes an SQL chunk given to `.limit(inlineCount())`/`.offset(inlineCount())` or to a `sql` template as it is; the return
 * type is the `number` those accept.
 */
export function inlineCount(count: number): number {
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`Not a row count: ${count}`);
  return sql.raw(String(count)) as unknown as number;
}
