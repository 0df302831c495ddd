/**
 * Whether an error means "the database cannot be reached right now" rather than "this query is wrong".
 * Such errors are answered with 503 and `Retry-After` instead of 500: the same call works again once
 * the database is back (restart, failover, network cut), without restarting Plaza.
 */

/** Network errors of the socket to PostgreSQL (node:net). */
const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs of a server that is going away or not accepting work: class 08 (connection
 * exception) is matched by prefix; 57P01-57P03 shutdown and "cannot connect now" (starting up,
 * recovery); 53300 too many connections; 3D000 the database itself is gone.
 */
const unavailableSqlStates = new Set(['57P01', '57P02', '57P03', '53300', '3D000']);

/** Messages of node-postgres (pg, pg-pool) and PGlite that carry no code. */
const unavailableMessages = [
  /^Connection terminated/, // pg: "Connection terminated unexpectedly", "... due to connection timeout"
  /^timeout exceeded when trying to connect$/, // pg-pool: no connection within connectionTimeoutMillis
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/, // during shutdown
  /^PGlite is closed$/,
];

function isUnavailableCause(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as Error & { code?: unknown }).code;
  if (typeof code === 'string') {
    if (networkCodes.has(code) || unavailableSqlStates.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  return unavailableMessages.some((pattern) => pattern.test(error.message));
}

/**
 * True when the error, or anything in its `cause` chain (drizzle wraps driver errors in
 * `DrizzleQueryError`) or an `AggregateError`'s errors (a refused dual-stack connect), says the
 * database is unreachable.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0) {
    const current = queue.shift();
    if (current === undefined || current === null || seen.has(current)) continue;
    seen.add(current);
    if (isUnavailableCause(current)) return true;
    if (current instanceof AggregateError) queue.push(...current.errors);
    if (current instanceof Error) queue.push(current.cause);
  }
  return false;
}
