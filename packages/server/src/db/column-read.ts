import type { Placeholder, SQL } from 'drizzle-orm';

/**
 * What one module reads inside a statement that another module runs: a column's SQL, its values and
 * how to turn the column's value into the module's result. A page that needs reads of several modules
 * runs them as the columns of one statement (a CMS page's modules): one round trip and one database
 * backend per request, however many modules the page has. The statement is prepared once per shape
 * (`db/prepared-query.ts`), so a read's SQL holds its values as placeholders, named by the statement.
 */
export interface ColumnRead<T> {
  /** Everything that changes the SQL's text (not its values). */
  shape: string;
  /** The column's SQL; `value(key)` is the placeholder of its value `key`. */
  sql: (value: (key: string) => Placeholder) => SQL;
  /** The values of its placeholders, by key. */
  values: Record<string, unknown>;
  read: (value: unknown) => T;
}
