/** Reads a value of a nested object by its dotted path (`theme.primary_color`). */
export function getPath(value: unknown, path: string): unknown {
  let at = value;
  for (const part of path.split('.')) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

/** A copy of `value` with the dotted path set (the objects on the way copied, the rest shared). */
export function setPath<T>(value: T, path: string, next: unknown): T {
  const [head, ...rest] = path.split('.') as [string, ...string[]];
  const object = (value ?? {}) as Record<string, unknown>;
  return {
    ...object,
    [head]: rest.length === 0 ? next : setPath(object[head], rest.join('.'), next),
  } as T;
}

/** Moves the entry at `index` by `by` places (a copy; out of range leaves the order). */
export function moveItem<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (target < 0 || target >= items.length) return [...items];
  const next = [...items];
  [next[index], next[target]] = [next[target] as T, next[index] as T];
  return next;
}
