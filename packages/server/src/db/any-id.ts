import { type Column, type Placeholder, type SQL, sql } from 'drizzle-orm';

/**
 * `column = any($1::int[])`: one statement text whatever the number of ids, so its prepared statement
 * is parsed and planned once per connection (`inArray` writes a parameter per id: a new statement for
 * every count of ids, each parsed and planned again). The ids may be a prepared query's placeholder.
 */
export function anyId(column: Column, ids: readonly number[] | Placeholder): SQL {
  return sql`${column} = any(${Array.isArray(ids) ? sql.param([...ids]) : ids}::int[])`;
}
