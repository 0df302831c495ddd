/**
 * Refuses a key that is empty, absolute, holds NUL, a backslash or a `.`/`..` segment: a stored path
 * stays inside the uploads folder (or the bucket's layout) whatever a row says.
 */
export function checkKey(key: string): string {
  const segments = key.split('/');
  if (
    key.length === 0 ||
    key.length > 1024 ||
    key.includes('\0') ||
    key.includes('\\') ||
    segments.some((segment) => segment === '' || segment === '.' || segment === '..')
  ) {
    throw new Error(`Stored path outside the uploads folder: ${JSON.stringify(key)}`);
  }
  return key;
}

/** A prefix for `list`: empty (everything) or key-like, ending where a segment may go on. */
export function checkPrefix(prefix: string): string {
  if (prefix !== '') checkKey(prefix.endsWith('/') ? `${prefix}x` : prefix);
  return prefix;
}
