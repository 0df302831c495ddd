/**
 * Whether an error means "the database is overloaded" rather than "unreachable" (`unavailable.ts`) or
 * "this query is wrong". Such calls are answered with 503 `database_busy` and `Retry-After`: the server
 * protects itself, and the same call works again once the load is gone.
 */

/** The pool refused a request a connection (load shedding): too many wait already, or it waited too long. */
export class PoolRefusedError extends Error {
  constructor(why: string) {
    super(`The database pool refused the request: ${why}`);
    this.name = 'PoolRefusedError';
  }
}

/** A request's client went away: its further queries are refused instead of run for nobody. */
export class QueryAbandonedError extends Error {
  constructor() {
    super('The request was abandoned by its client; its query was not run.');
    this.name = 'QueryAbandonedError';
  }
}

/**
 * SQLSTATE 57014 (query_canceled): the statement ran past `statement_timeout`, or someone cancelled it
 * (Plaza cancels only the statements of abandoned requests; an operator may cancel one by hand).
 */
const QUERY_CANCELED = '57014';

export type DatabaseBusyReason = 'statement_timeout' | 'shed' | 'abandoned';

/**
 * Why the database refused the call, or undefined when the error is not about load. Looks through the
 * `cause` chain, as drizzle wraps driver errors in `DrizzleQueryError`. A cancelled statement of an
 * abandoned request is `abandoned` (its answer goes nowhere); any other cancelled statement is taken for
 * the statement timeout.
 */
export function databaseBusyReason(
  error: unknown,
  requestAbandoned: boolean,
): DatabaseBusyReason | undefined {
  const seen = new Set<unknown>();
  for (let current = error; current instanceof Error && !seen.has(current); current = current.cause) {
    seen.add(current);
    if (current instanceof PoolRefusedError) return 'shed';
    if (current instanceof QueryAbandonedError) return 'abandoned';
    if ((current as Error & { code?: unknown }).code === QUERY_CANCELED) {
      return requestAbandoned ? 'abandoned' : 'statement_timeout';
    }
  }
  return undefined;
}
