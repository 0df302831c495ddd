/** Shapes kept per database handle; past it the least recently built one is dropped (built again on use). */
const maxShapes = 1_000;
const byHandle = new WeakMap<object, Map<string, unknown>>();

/**
 * A query built once per shape, then only run: `build` returns drizzle's `.prepare(name)` of a query whose
 * values are `sql.placeholder`s, and the caller runs it with `.execute({...values})`. Building a query
 * walks its whole SQL tree (drizzle's `is` checks on every chunk), which was a sixth of a stream request's
 * CPU. `shape` must name everything that changes the query's text (the reader's kind, a page's size).
 * Kept per database handle, so a query built inside a transaction runs inside it.
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
    query = build(`plaza_${shape}`);
    shapes.set(shape, query);
  }
  return query;
}
