import pg from 'pg';
import { PoolRefusedError, QueryAbandonedError } from './busy';
import { prepareStatements } from './prepared-statements';
import { currentQueryScope, type QueryScope } from './query-scope';

type Release = (release?: boolean | Error) => void;
type ConnectCallback = (error: Error | undefined, client: pg.PoolClient | undefined, done: Release) => void;

const noop = () => {};
/** How long an abandoned request's running statement may go on before it is cancelled, by default. */
const defaultCancelGraceMs = 100;
/** The lane of work outside a request (jobs, real-time messages): each of its connects counts alone. */
const backgroundRoute = '';

export interface PoolGuard {
  /** How many requests may wait for a connection before new ones are refused. Unset: no bound. */
  queueMax?: number | undefined;
  /** How long a request may wait for a connection before it is refused. */
  waitTimeoutMs: number;
  /** Cancels the statement that the backend with this process id runs (best effort, never throws). */
  cancelBackend(pid: number): void;
  /** How long an abandoned request's running statement may go on before it is cancelled. */
  cancelGraceMs?: number | undefined;
}

interface Waiter {
  route: string;
  scope: QueryScope | undefined;
  callback: ConnectCallback;
  timer: NodeJS.Timeout;
}

/** The waiters of one route: requests already under way first, then new ones. */
interface Lane {
  ongoing: Waiter[];
  fresh: Waiter[];
}

/**
 * node-postgres's pool with its wait queue in Plaza's hands. Every query asks for its connection here
 * (drizzle calls `pool.query`, which calls `connect`, or `connect` for a transaction), so no module does
 * anything. The request behind each call comes from its query scope (`query-scope.ts`).
 *
 * - Fair between routes: each route waits in a lane of its own and the lanes take turns, and no route
 *   holds more than four fifths of the connections, so a burst on one slow endpoint does not make a
 *   cheap one wait behind it. In a lane, requests already under way go first: finishing them frees the
 *   pool sooner than starting new ones.
 * - Load shedding: when `queueMax` requests wait, a new request is refused at once with
 *   `PoolRefusedError`, or, when another route waits with more new requests than its own, that route's
 *   newest waiting request is refused in its place. A request that already had a connection is never
 *   refused: cutting it off halfway would waste what it did. Nobody waits longer than `waitTimeoutMs`.
 * - Abandoned requests: `abandonQueryScope` drops the request's waiting calls and cancels the
 *   statements still running on the connections it holds after a short grace.
 *
 * pg-pool's own queue stays empty: at most `max` connections are handed out at a time.
 */
export class GuardedPool extends pg.Pool {
  /** Connections handed out or being handed out, in all and by route. */
  private inUse = 0;
  private readonly inUseBy = new Map<string, number>();
  /** The routes with waiters, in turn order. */
  private readonly lanes = new Map<string, Lane>();
  /** Requests waiting for a connection (a request with parallel queries counts once). */
  private waitingRequests = 0;

  /** How many requests wait for a connection now. */
  get waiting(): number {
    return this.waitingRequests;
  }

  constructor(
    config: pg.PoolConfig,
    private readonly guard: PoolGuard,
  ) {
    super(config);
    this.on('connect', prepareStatements);
  }

  private get max(): number {
    return this.options.max ?? 10;
  }

  /**
   * The most connections one route may hold: a fifth of the pool stays for the other routes, so a
   * cheap call finds a connection at once even while a slow endpoint's statements hold the rest.
   */
  private get routeMax(): number {
    return Math.max(1, this.max - Math.ceil(this.max / 5));
  }

  private mayHandOut(route: string): boolean {
    return this.inUse < this.max && (this.inUseBy.get(route) ?? 0) < this.routeMax;
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
    const route = scope?.route ?? backgroundRoute;
    if (scope?.abandoned) callback(new QueryAbandonedError(), undefined, noop);
    else if (!this.lanes.has(route) && this.mayHandOut(route)) this.handOut(route, scope, callback);
    else this.enqueue(route, scope, callback);
  }

  private enqueue(route: string, scope: QueryScope | undefined, callback: ConnectCallback): void {
    // A request already counted as waiting (a parallel query of it) is no new request.
    const fresh = !scope?.admitted;
    const newRequest = fresh && !scope?.waiting;
    const { queueMax } = this.guard;
    if (
      newRequest &&
      queueMax !== undefined &&
      this.waitingRequests >= queueMax &&
      !this.makeRoomFor(route)
    ) {
      callback(
        new PoolRefusedError(`${this.waitingRequests} requests wait for a connection.`),
        undefined,
        noop,
      );
      return;
    }
    const waiter: Waiter = {
      route,
      scope,
      callback,
      timer: setTimeout(() => {
        this.drop(
          waiter,
          new PoolRefusedError(`No connection became free within ${this.guard.waitTimeoutMs} ms.`),
        );
      }, this.guard.waitTimeoutMs).unref(),
    };
    const lane = this.lanes.get(route) ?? { ongoing: [], fresh: [] };
    this.lanes.set(route, lane);
    (fresh ? lane.fresh : lane.ongoing).push(waiter);
    if (!scope) this.waitingRequests += 1;
    else {
      if (scope.waiting === 0) this.waitingRequests += 1;
      scope.waiting += 1;
      scope.onAbandon.set(waiter, () => this.drop(waiter, new QueryAbandonedError()));
    }
  }

  /**
   * Refuses the newest new request of the route with the most of them waiting, when that is not
   * `route` itself (nor only one more than it has): the route bursting pays for its burst.
   */
  private makeRoomFor(route: string): boolean {
    const own = this.lanes.get(route)?.fresh.length ?? 0;
    let longest: Lane | undefined;
    for (const lane of this.lanes.values()) {
      if (!longest || lane.fresh.length > longest.fresh.length) longest = lane;
    }
    const victim = longest && longest.fresh.length > own + 1 ? longest.fresh.at(-1) : undefined;
    if (!victim) return false;
    this.drop(victim, new PoolRefusedError('Refused for a request of a route with fewer waiting.'));
    return true;
  }

  /** Takes a waiter out of the queue without a connection and fails it with `error`. */
  private drop(waiter: Waiter, error: Error): void {
    const lane = this.lanes.get(waiter.route);
    if (!lane) return;
    const before = lane.ongoing.length + lane.fresh.length;
    lane.ongoing = lane.ongoing.filter((other) => other !== waiter);
    lane.fresh = lane.fresh.filter((other) => other !== waiter);
    if (lane.ongoing.length + lane.fresh.length === before) return;
    if (lane.ongoing.length + lane.fresh.length === 0) this.lanes.delete(waiter.route);
    this.stopWaiting(waiter);
    waiter.callback(error, undefined, noop);
  }

  private stopWaiting(waiter: Waiter): void {
    clearTimeout(waiter.timer);
    const { scope } = waiter;
    if (!scope) {
      this.waitingRequests -= 1;
      return;
    }
    scope.onAbandon.delete(waiter);
    scope.waiting -= 1;
    if (scope.waiting === 0) this.waitingRequests -= 1;
  }

  /** Hands free connections to waiters, the routes taking turns (a route at its share waits). */
  private dispatch(): void {
    while (this.inUse < this.max) {
      let next: [string, Lane] | undefined;
      for (const entry of this.lanes) {
        if (this.mayHandOut(entry[0])) {
          next = entry;
          break;
        }
      }
      if (!next) return;
      const [route, lane] = next;
      const waiter = (lane.ongoing.shift() ?? lane.fresh.shift())!;
      // The lane goes to the end of the turn order (or away when empty).
      this.lanes.delete(route);
      if (lane.ongoing.length + lane.fresh.length > 0) this.lanes.set(route, lane);
      this.stopWaiting(waiter);
      this.handOut(route, waiter.scope, waiter.callback);
    }
  }

  private handOut(route: string, scope: QueryScope | undefined, callback: ConnectCallback): void {
    this.inUse += 1;
    this.inUseBy.set(route, (this.inUseBy.get(route) ?? 0) + 1);
    super.connect((error, client) => {
      if (error || !client) {
        this.freeSlot(route);
        return callback(error, undefined, noop);
      }
      const release = this.tracked(route, scope, client);
      if (scope?.abandoned) {
        release();
        return callback(new QueryAbandonedError(), undefined, noop);
      }
      if (scope) scope.admitted = true;
      callback(undefined, client, release);
    });
  }

  /**
   * Wraps the connection's release: it frees the slot, and it is cancellable while the scope holds it.
   * An abandoned request's statement is cancelled only when it still runs after the grace: a
   * short statement finishes sooner than a cancel would reach it, and the connection then goes back to
   * the pool as it is. A cancelled one is closed, and its successor opens, prepares and plans every
   * statement again; when a load's clients went away at once, cancelling their millisecond statements
   * left the pool empty and the next seconds of traffic paid for all of that.
   */
  private tracked(route: string, scope: QueryScope | undefined, client: pg.PoolClient): Release {
    const release: Release = client.release.bind(client);
    // pg's Client has the backend's process id (from BackendKeyData), but its types do not declare it.
    const pid = (client as unknown as { processID: number | null }).processID;
    let cancelled = false;
    let released = false;
    let grace: NodeJS.Timeout | undefined;
    scope?.onAbandon.set(client, () => {
      grace = setTimeout(() => {
        cancelled = true;
        if (pid !== null) this.guard.cancelBackend(pid);
      }, this.guard.cancelGraceMs ?? defaultCancelGraceMs).unref();
    });
    client.release = (destroy?: boolean | Error) => {
      // A second release reaches pg-pool, which reports it.
      if (released) return release(destroy);
      released = true;
      clearTimeout(grace);
      scope?.onAbandon.delete(client);
      // A cancel may reach the backend late, when it already runs the next statement; a cancelled
      // connection is closed instead of handed to another request, so the cancel can only hit its own.
      release(destroy || cancelled);
      this.freeSlot(route);
    };
    return client.release;
  }

  private freeSlot(route: string): void {
    this.inUse -= 1;
    const left = (this.inUseBy.get(route) ?? 1) - 1;
    if (left > 0) this.inUseBy.set(route, left);
    else this.inUseBy.delete(route);
    this.dispatch();
  }
}
