import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * `column in ('a', 'b', ...)` for a CHECK constraint, built from the contract's value list so the
 * database refuses what the contract does not name (a null passes; `not null` is the column's own rule).
 * The values are code constants, never input, so they are written into the SQL as literals.
 */
export function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  for (const value of values) {
    if (!/^[A-Za-z0-9_]+$/.test(value)) throw new Error(`not a plain enum value: ${value}`);
  }
  return sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`;
}

/** `column <@ array['a', 'b', ...]`: every element of a text-array column is one of the contract's values. */
export function allOf(column: AnyPgColumn, values: readonly string[]): SQL {
  for (const value of values) {
    if (!/^[A-Za-z0-9_]+$/.test(value)) throw new Error(`not a plain enum value: ${value}`);
  }
  return sql`${column} <@ array[${sql.raw(values.map((value) => `'${value}'`).join(', '))}]::text[]`;
}
