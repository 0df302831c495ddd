import pg from 'pg';
import { PoolQueueFullError, QueryAbandonedError } from './busy';
import { currentQueryScope, type QueryScope } from './query-scope';

type Release = (release?: boolean | Error) => void;
type ConnectCallback = (error: Error | undefined, client: pg.PoolClient | undefined, done: Release) => void;

const noop = () => {};

export interface PoolGuard {
  /** How many requests may wait for a connection; a further request is refused at once. Unset: no bound. */
  queueMax?: number | undefined;
  /** Cancels the statement that the backend with this process id runs (best effort, never throws). */
  cancelBackend(pid: number): void;
}

/**
 * node-postgres's pool with two guards, applied where every query asks for its connection (drizzle calls
 * `pool.query`, which calls `connect`, and `connect` for transactions), so no module has to do anything:
 *
 * - Load shedding: while every connection is busy and `queueMax` requests already wait, a request that
 *   has not yet had a connection is refused at once (`PoolQueueFullError`) instead of queueing for
 *   seconds. A request that already had one is never refused: cutting it off halfway would waste what it
 *   did. Requests are told apart by their query scope (`query-scope.ts`); work outside a request (jobs,
 *   real-time messages) counts as one request per connection.
 * - Abandoned requests: the scope knows which connections its request holds, so `abandonQueryScope`
 *   can cancel their running statements; further queries of the request are refused.
 */
export class GuardedPool extends pg.Pool {
  /** Requests waiting for a connection right now (a request with parallel queries counts once). */
  private waitingRequests = 0;

  constructor(
    config: pg.PoolConfig,
    private readonly guard: PoolGuard,
  ) {
    super(config);
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    if (!callback) {
      return new Promise((resolve, reject) => {
        this.connect((error, client) => (error || !client ? reject(error) : resolve(client)));
      });
    }
    const scope = currentQueryScope();
    if (scope?.abandoned) {
      callback(new QueryAbandonedError(), undefined, noop);
      return;
    }
    const { queueMax } = this.guard;
    if (queueMax !== undefined && !scope?.admitted && this.waitingRequests >= queueMax && this.allBusy()) {
      callback(new PoolQueueFullError(this.waitingRequests), undefined, noop);
      return;
    }
    if (scope) scope.admitted = true;
    // Until its callback, even a connect that finds an idle connection waits (pg-pool hands it over on
    // the next tick, possibly to an earlier caller).
    const stopWaiting = this.startWaiting(scope);
    super.connect((error, client, done) => {
      stopWaiting();
      if (error || !client || !scope) return callback(error, client, done);
      if (scope.abandoned) {
        client.release();
        return callback(new QueryAbandonedError(), undefined, noop);
      }
      callback(undefined, client, this.hold(scope, client));
    });
  }

  /** No idle connection and no room for a new one: a caller would have to wait. */
  private allBusy(): boolean {
    return this.idleCount === 0 && this.totalCount >= (this.options.max ?? 10);
  }

  /** Counts the scope (once, however many of its queries wait) as waiting; returns how to stop. */
  private startWaiting(scope: QueryScope | undefined): () => void {
    if (!scope) {
      this.waitingRequests += 1;
      return () => {
        this.waitingRequests -= 1;
      };
    }
    scope.waiting += 1;
    if (scope.waiting === 1) this.waitingRequests += 1;
    return () => {
      scope.waiting -= 1;
      if (scope.waiting === 0) this.waitingRequests -= 1;
    };
  }

  /** Records the connection as held by the scope until it is released; returns the release. */
  private hold(scope: QueryScope, client: pg.PoolClient): Release {
    // pg's Client has the backend's process id (from BackendKeyData), but its types do not declare it.
    const pid = (client as unknown as { processID: number | null }).processID;
    let cancelled = false;
    scope.held.set(client, () => {
      cancelled = true;
      if (pid !== null) this.guard.cancelBackend(pid);
    });
    const release: Release = client.release.bind(client);
    client.release = (destroy?: boolean | Error) => {
      scope.held.delete(client);
      // A cancel may reach the backend late, when it already runs the next statement; a cancelled
      // connection is closed instead of handed to another request, so the cancel can only hit its own.
      release(destroy || cancelled);
    };
    return client.release;
  }
}
