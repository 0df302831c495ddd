import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The database work of one request, followed through AsyncLocalStorage so that no module has to pass
 * anything along: the pool (`db/pool.ts`) reads the current scope when a query asks for a connection.
 * With it the pool queues per route and sheds load per request, and it knows which connections a
 * request holds or waits for, so that an abandoned request's statements can be cancelled.
 */
export interface QueryScope {
  /** The route (method and pattern): the pool's queue is fair between routes. */
  readonly route: string;
  /** The request's id (`platform/request-id.ts`): log lines written during it carry it. */
  readonly requestId: string | undefined;
  /** Set once the request had a connection: from then on it goes first and is never refused. */
  admitted: boolean;
  /** How many of its connection requests wait in the pool's queue right now. */
  waiting: number;
  /** For each connection it holds or waits for: what to do when the request is abandoned. */
  readonly onAbandon: Map<object, () => void>;
  /** Set when the client went away: running statements are cancelled and new ones refused. */
  abandoned: boolean;
  /**
   * The route is known to be slow (an export, a search, an administration list, or declared so): its
   * statements never go on a shared pipelined connection, where a cheap statement would wait behind them.
   */
  readonly slow: boolean;
}

const storage = new AsyncLocalStorage<QueryScope>();

export function newQueryScope(route: string, requestId?: string, slow = false): QueryScope {
  return { route, requestId, admitted: false, waiting: 0, onAbandon: new Map(), abandoned: false, slow };
}

/** Runs `work` (and everything it starts) inside `scope`. */
export function runInQueryScope<T>(scope: QueryScope, work: () => T): T {
  return storage.run(scope, work);
}

/** The scope of the running request; undefined outside one (jobs, real-time messages, the CLI). */
export function currentQueryScope(): QueryScope | undefined {
  return storage.getStore();
}

/** Marks the scope abandoned: its running statements are cancelled, its waiting ones dropped. */
export function abandonQueryScope(scope: QueryScope): void {
  if (scope.abandoned) return;
  scope.abandoned = true;
  for (const abandon of [...scope.onAbandon.values()]) abandon();
}

/**
 * Runs `work` outside the running request's scope: work a request starts but does not wait for (it
 * goes on after the answer, so the request's end must not cancel it).
 */
export function runDetached<T>(work: () => T): T {
  return storage.exit(work);
}
