import { Column, type DriverValueDecoder, fillPlaceholders, is, SQL } from 'drizzle-orm';
import { NodePgPreparedQuery } from 'drizzle-orm/node-postgres';

/** Shapes kept per database handle; past it the least recently built one is dropped (built again on use). */
const maxShapes = 1_000;
const byHandle = new WeakMap<object, Map<string, unknown>>();

/**
 * A query built once per shape, then only run: `build` returns drizzle's `.prepare(name)` of a query whose
 * values are `sql.placeholder`s, and the caller runs it with `.execute({...values})`. Building a query
 * walks its whole SQL tree (drizzle's `is` checks on every chunk), which was a sixth of a stream request's
 * CPU. `shape` must name everything that changes the query's text (the reader's kind, a page's size).
 * Kept per database handle, so a query built inside a transaction runs inside it. On node-postgres its
 * rows are mapped directly (`withDirectRows`).
 */
export function preparedQuery<Q>(db: object, shape: string, build: (name: string) => Q): Q {
  let shapes = byHandle.get(db);
  if (!shapes) {
    shapes = new Map();
    byHandle.set(db, shapes);
  }
  let query = shapes.get(shape) as Q | undefined;
  if (query === undefined) {
    if (shapes.size >= maxShapes) shapes.delete(shapes.keys().next().value as string);
    query = withDirectRows(build(`plaza_${shape}`));
    shapes.set(shape, query);
  }
  return query;
}

/** What drizzle's node-postgres prepared query holds (its fields are private in the types). */
interface NodePgPrepared {
  client: { query(config: object, params: unknown[]): Promise<{ rows: unknown[][] }> };
  queryConfig: object;
  params: unknown[];
  fields?: { path: string[]; field: unknown }[];
  customResultMapper?: unknown;
  execute(values?: Record<string, unknown>): Promise<unknown>;
}

type Decoder = DriverValueDecoder<unknown, unknown>;
/** An SQL field as drizzle holds it: its decoder (`mapWith`'s, or one that keeps the value) is internal. */
type DecodedSql = { decoder: Decoder };

/** The decoder drizzle's `mapResultRow` takes for a selected field, or null for one it nests (a subquery). */
function decoderOf(field: unknown): Decoder | null {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return (field as unknown as DecodedSql).decoder;
  if (is(field, SQL.Aliased)) return (field.sql as unknown as DecodedSql).decoder;
  return null;
}

/**
 * A node-postgres prepared query of a flat selection (every field a key of the row, none nested by
 * table) runs with its rows mapped by a loop over decoders looked up once, instead of drizzle's
 * `mapResultRow`, which finds each cell's decoder again with `is` checks on every row: 5 % of a group
 * stream request's CPU. The statement, its values and its decoders are drizzle's own, so the rows are
 * the same. Other queries (PGlite's, nested selections) run as drizzle runs them.
 */
function withDirectRows<Q>(query: Q): Q {
  if (!(query instanceof NodePgPreparedQuery)) return query;
  const prepared = query as unknown as NodePgPrepared;
  const fields = prepared.fields;
  if (!fields || prepared.customResultMapper || fields.some((field) => field.path.length !== 1)) return query;
  const keys = fields.map((field) => field.path[0] as string);
  const decoders = fields.map((field) => decoderOf(field.field));
  if (decoders.some((decoder) => decoder === null)) return query;
  const known = decoders as Decoder[];
  prepared.execute = async (values = {}) => {
    const { rows } = await prepared.client.query(
      prepared.queryConfig,
      fillPlaceholders(prepared.params, values),
    );
    return rows.map((row) => {
      const mapped: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i += 1) {
        const value = row[i];
        mapped[keys[i] as string] = value === null ? null : (known[i] as Decoder).mapFromDriverValue(value);
      }
      return mapped;
    });
  };
  return query;
}
