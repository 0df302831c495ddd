import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The database work of one request, followed through AsyncLocalStorage so that no module has to pass
 * anything along: the pool (`db/pool.ts`) reads the current scope when a query asks for a connection.
 * It decides load shedding per request (only a request's first wait may be refused, so no request is cut
 * off halfway through its queries), and it knows which connections a request holds, so that an abandoned
 * request's running statements can be cancelled.
 */
export interface QueryScope {
  /** Set once the pool took a connection request of this scope: later ones are never refused. */
  admitted: boolean;
  /** How many of this scope's connection requests wait in the pool's queue right now. */
  waiting: number;
  /** The connections this scope holds right now, each with how to cancel its running statement. */
  readonly held: Map<object, () => void>;
  /** Set when the client went away: running statements are cancelled and new ones refused. */
  abandoned: boolean;
}

const storage = new AsyncLocalStorage<QueryScope>();

export function newQueryScope(): QueryScope {
  return { admitted: false, waiting: 0, held: new Map(), abandoned: false };
}

/** Runs `work` (and everything it starts) inside `scope`. */
export function runInQueryScope<T>(scope: QueryScope, work: () => T): T {
  return storage.run(scope, work);
}

/** The scope of the running request; undefined outside one (jobs, real-time messages, the CLI). */
export function currentQueryScope(): QueryScope | undefined {
  return storage.getStore();
}

/** Marks the scope abandoned and cancels the statements running on the connections it holds. */
export function abandonQueryScope(scope: QueryScope): void {
  if (scope.abandoned) return;
  scope.abandoned = true;
  for (const cancel of scope.held.values()) cancel();
}
