import { type SQL, sql } from 'drizzle-orm';

/**
 * `json_build_object('key', value, …)` of a select's fields (columns or SQL), for rows carried inside
 * another statement's result as JSON, keyed as the select would key them. A key is written into the
 * text, so it must be a plain name.
 */
export function jsonObject(fields: Record<string, unknown>): SQL {
  const pairs = Object.entries(fields).flatMap(([key, value]) => {
    if (!/^[a-z_]+$/.test(key)) throw new RangeError(`Not a plain field name: ${key}`);
    return [sql.raw(`'${key}'`), sql`${value}`];
  });
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}
