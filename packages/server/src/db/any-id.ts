import { type Column, type SQL, sql } from 'drizzle-orm';

/**
 * `column = any($1::int[])`: one statement text whatever the number of ids, so its prepared statement
 * is parsed and planned once per connection (`inArray` writes a parameter per id: a new statement for
 * every count of ids, each parsed and planned again).
 */
export function anyId(column: Column, ids: readonly number[]): SQL {
  return sql`${column} = any(${sql.param([...ids])}::int[])`;
}
