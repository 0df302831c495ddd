import pg from 'pg';
import { PoolRefusedError, QueryAbandonedError } from './busy';
import { backendPid, cancelStatement } from './cancel';
import { endsConnection, Pipelines } from './pipelines';
import { prepareStatements } from './prepared-statements';
import { currentQueryScope, type QueryScope } from './query-scope';

type Release = (release?: boolean | Error) => void;
type ConnectCallback = (error: Error | undefined, client: pg.PoolClient | undefined, done: Release) => void;

const noop = () => {};
/** How long an abandoned request's running statement may go on before it is cancelled, by default. */
const defaultCancelGraceMs = 100;
/** The lane of work outside a request (jobs, real-time messages): each of its connects counts alone. */
const backgroundRoute = '';
/**
 * A route whose statements took this long on average lately (`observeStatement`) counts as slow: its
 * statements stay off the shared pipelined connections, like those of routes known to be slow.
 */
export const SLOW_STATEMENT_MS = 100;
/** The weight of the newest statement in a route's average time. */
const STATEMENT_TIME_WEIGHT = 0.2;

export interface PoolGuard {
  /** How many requests may wait for a connection before new ones are refused. Unset: no bound. */
  queueMax?: number | undefined;
  /** How long a request may wait for a connection before it is refused. */
  waitTimeoutMs: number;
  /** Told of a cancel request that could not be sent (best effort: the statement time-out still holds). */
  cancelFailed(error: unknown, pid: number | null): void;
  /**
   * How long a pipelined connection with statements in flight may read nothing before it is closed and
   * its statements fail as unavailable (`db/pipelines.ts`); unset or 0: no limit.
   */
  readTimeoutMs?: number | undefined;
  /** How long an abandoned request's running statement may go on before it is cancelled. */
  cancelGraceMs?: number | undefined;
  /**
   * Pipelined connections (`db/pipelines.ts`) for the single statements outside transactions
   * (`pool.query`) that find every connection of the pool busy; unset or 0: they wait for one.
   */
  pipelines?: number | undefined;
  /** Statements each connection keeps prepared (`db/prepared-statements.ts`); unset: the default. */
  preparedStatements?: number | undefined;
}

/** What the pool holds now and did since it opened, for the metrics (`platform/metrics`). */
export interface PoolStats {
  /**
   * Connections of the pool handed out now, and how many there are (`DB_POOL_MAX`); the statements on
   * the pipelined connections (at most as many again) are in `pipelines`.
   */
  inUse: number;
  max: number;
  /** Requests waiting for a slot now. */
  waiting: number;
  /** Calls that waited for a slot, and their waits summed up (seconds). */
  waits: number;
  waitSeconds: number;
  /** Calls refused a slot (load shedding, or no slot within the wait time-out). */
  refused: number;
  /** Statements of abandoned requests cancelled. */
  cancelled: number;
  /** pg-pool's open connections, and the idle ones among them. */
  connections: number;
  idleConnections: number;
  /** The pipelined connections open, and the statements in flight on them; null without pipelines. */
  pipelines: { open: number; inFlight: number } | null;
}

/** Where a slot is: a connection of the pool, or a place on a pipelined connection. */
type Place = 'pool' | 'pipe';

/**
 * What a caller does with its slot once it has one (and where it is), or with the error that refused it
 * (no slot then).
 */
type Start = (error: Error | undefined, place?: Place) => void;

/**
 * What a caller needs: a connection of its own (a transaction), or a single statement, which may also
 * go on a pipelined connection unless it is slow.
 */
type Need = 'connection' | 'statement';

interface Waiter {
  route: string;
  scope: QueryScope | undefined;
  need: Need;
  start: Start;
  timer: NodeJS.Timeout;
  /** When it began to wait (`performance.now()`). */
  since: number;
}

/** The waiters of one route: requests already under way first, then new ones. */
interface Lane {
  ongoing: Waiter[];
  fresh: Waiter[];
}

/**
 * node-postgres's pool with its wait queue in Plaza's hands. Every query asks for its slot here (drizzle
 * calls `pool.query` for a statement, `connect` for a transaction), so no module does anything. The
 * request behind each call comes from its query scope (`query-scope.ts`).
 *
 * - Pipelining only when the connections are busy: a slot is a connection of the pool (`max` of them),
 *   which a single statement outside a transaction takes while one is free; once every connection is
 *   handed out, a single statement (with `pipelines` set) takes a place on one of the pipelined
 *   connections instead (`max` places), where it is written while the backend still runs others. A
 *   larger database server is used through a larger pool (each connection is a backend working in
 *   parallel); a busy one gets the overflow pipelined, which costs it less than as many more backends.
 * - Slow statements never share a pipe: those of a route known to be slow (`QueryScope.slow`) or whose
 *   statements took `SLOW_STATEMENT_MS` on average lately wait for a connection of the pool, so a cheap
 *   statement pipelined behind them cannot wait for them.
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
  /** Places on the pipelined connections handed out, in all and by route. */
  private pipeInUse = 0;
  private readonly pipeInUseBy = new Map<string, number>();
  /** Each route's average statement time lately (ms), for `slowRoute`. */
  private readonly statementMs = new Map<string, number>();
  /** The routes with waiters, in turn order. */
  private readonly lanes = new Map<string, Lane>();
  /** Requests waiting for a connection (a request with parallel queries counts once). */
  private waitingRequests = 0;
  private readonly pipelines: Pipelines | undefined;
  /** The counts of `stats()`. */
  private readonly counts = { waits: 0, waitMs: 0, refused: 0, cancelled: 0 };

  /** How many requests wait for a connection now. */
  get waiting(): number {
    return this.waitingRequests;
  }

  constructor(
    config: pg.PoolConfig,
    private readonly guard: PoolGuard,
  ) {
    super(config);
    this.on('connect', (client) => prepareStatements(client, guard.preparedStatements));
    if (guard.pipelines) {
      const pipelines = new Pipelines(
        config,
        guard.pipelines,
        (client) => this.emit('connect', client as pg.PoolClient),
        guard.readTimeoutMs,
      );
      this.pipelines = pipelines;
      // Assigned rather than overridden: pg.Pool's `query` has a dozen overloads to restate otherwise.
      this.query = ((...args: unknown[]) => this.statement(pipelines, args)) as pg.Pool['query'];
    }
  }

  stats(): PoolStats {
    const { waits, waitMs, refused, cancelled } = this.counts;
    return {
      inUse: this.inUse,
      max: this.max,
      waiting: this.waitingRequests,
      waits,
      waitSeconds: waitMs / 1000,
      refused,
      cancelled,
      connections: this.totalCount,
      idleConnections: this.idleCount,
      pipelines: this.pipelines?.stats() ?? null,
    };
  }

  /**
   * Cancels what the connection's backend runs (a statement of an abandoned request), counted, with the
   * protocol's cancel request and the connection's secret key (`db/cancel.ts`).
   */
  private cancel(client: pg.Client): void {
    this.counts.cancelled += 1;
    cancelStatement(this.options, client).catch((error: unknown) => {
      this.guard.cancelFailed(error, backendPid(client));
    });
  }

  override async end(): Promise<void> {
    await this.pipelines?.close();
    await super.end();
  }

  /**
   * `pool.query` in a slot: a text or query config with its values, answered by a promise, on a free
   * connection of the pool, or on a pipelined one when all are busy. Other forms (a callback, a cursor)
   * take a connection of the pool as before.
   */
  private statement(pipelines: Pipelines, args: unknown[]) {
    const [config, values] = args;
    const plain =
      (typeof config === 'string' ||
        (config !== null && typeof config === 'object' && !('submit' in config))) &&
      (values === undefined || Array.isArray(values)) &&
      args.length <= 2;
    if (!plain) return (super.query as (...all: unknown[]) => unknown)(...args);
    return new Promise<pg.QueryResult>((resolve, reject) => {
      const scope = currentQueryScope();
      const route = scope?.route ?? backgroundRoute;
      const need: Need = scope?.slow || this.slowRoute(route) ? 'connection' : 'statement';
      this.requestSlot(scope, need, (error, place) => {
        if (error) return reject(error);
        const started = performance.now();
        const run =
          place === 'pipe'
            ? this.runStatement(
                pipelines,
                scope,
                config as string | pg.QueryConfig,
                values as unknown[] | undefined,
              )
            : this.runOnConnection(scope, config as string | pg.QueryConfig, values as unknown[] | undefined);
        // A failed statement says nothing of the route's usual time (a cancel, a lost connection).
        run.then((result) => {
          this.observeStatement(route, performance.now() - started);
          resolve(result);
        }, reject);
      });
    });
  }

  /** Whether the route's statements took `SLOW_STATEMENT_MS` or more on average lately. */
  private slowRoute(route: string): boolean {
    return (this.statementMs.get(route) ?? 0) >= SLOW_STATEMENT_MS;
  }

  /** Counts a statement's time into its route's average (its wait for a slot not included). */
  private observeStatement(route: string, ms: number): void {
    const before = this.statementMs.get(route);
    this.statementMs.set(route, before === undefined ? ms : before + (ms - before) * STATEMENT_TIME_WEIGHT);
  }

  /**
   * Runs a single statement on a connection of the pool (its slot is held), as pg-pool's own `query`
   * would, except that an error of the statement alone (a constraint, a time-out) keeps the connection
   * and its prepared statements; one that ends the connection closes it.
   */
  private runOnConnection(
    scope: QueryScope | undefined,
    config: string | pg.QueryConfig,
    values: unknown[] | undefined,
  ): Promise<pg.QueryResult> {
    return new Promise((resolve, reject) => {
      this.openConnection(scope, (error, client, release) => {
        if (error || !client) return reject(error);
        client.query(config as pg.QueryConfig, values).then(
          (result) => {
            release();
            resolve(result);
          },
          (failure: unknown) => {
            release(endsConnection(failure));
            reject(failure);
          },
        );
      });
    });
  }

  /**
   * Runs a statement in a slot the caller holds, and frees the slot when it is answered. An abandoned
   * request's statement still running after the grace takes its connection out of use, and is cancelled
   * when it is the only one that connection runs (a cancel reaches whatever the backend runs then).
   */
  private async runStatement(
    pipelines: Pipelines,
    scope: QueryScope | undefined,
    config: string | pg.QueryConfig,
    values: unknown[] | undefined,
  ): Promise<pg.QueryResult> {
    const route = scope?.route ?? backgroundRoute;
    const statement = pipelines.start(config, values);
    let grace: NodeJS.Timeout | undefined;
    scope?.onAbandon.set(statement, () => {
      grace = setTimeout(() => {
        const client = statement.retire();
        if (client !== null) this.cancel(client);
      }, this.guard.cancelGraceMs ?? defaultCancelGraceMs).unref();
    });
    try {
      return await statement.result;
    } finally {
      clearTimeout(grace);
      scope?.onAbandon.delete(statement);
      this.freeSlot(route, 'pipe');
    }
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

  /** Places on the pipelined connections: as many as connections of the pool, none without pipelines. */
  private get pipeMax(): number {
    return this.pipelines ? this.max : 0;
  }

  /** Where a call of `route` may have a slot now: a free connection first, else a place on a pipe. */
  private placeFor(route: string, need: Need): Place | undefined {
    if (this.inUse < this.max && (this.inUseBy.get(route) ?? 0) < this.routeMax) return 'pool';
    if (
      need === 'statement' &&
      this.pipeInUse < this.pipeMax &&
      // A fifth of the places stays for the other routes, as of the connections.
      (this.pipeInUseBy.get(route) ?? 0) < Math.max(1, this.pipeMax - Math.ceil(this.pipeMax / 5))
    ) {
      return 'pipe';
    }
    return undefined;
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
    this.requestSlot(scope, 'connection', (error) => {
      if (error) callback(error, undefined, noop);
      else this.openConnection(scope, callback);
    });
  }

  /** Gives `start` a slot now, or once one is free, or refuses it. */
  private requestSlot(scope: QueryScope | undefined, need: Need, start: Start): void {
    const route = scope?.route ?? backgroundRoute;
    const place = this.lanes.has(route) ? undefined : this.placeFor(route, need);
    if (scope?.abandoned) start(new QueryAbandonedError());
    else if (place) this.handOut(route, scope, place, start);
    else this.enqueue(route, scope, need, start);
  }

  private enqueue(route: string, scope: QueryScope | undefined, need: Need, start: Start): void {
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
      this.counts.refused += 1;
      start(new PoolRefusedError(`${this.waitingRequests} requests wait for a connection.`));
      return;
    }
    const waiter: Waiter = {
      route,
      scope,
      need,
      start,
      timer: setTimeout(() => {
        this.drop(
          waiter,
          new PoolRefusedError(`No connection became free within ${this.guard.waitTimeoutMs} ms.`),
        );
      }, this.guard.waitTimeoutMs).unref(),
      since: performance.now(),
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
    if (error instanceof PoolRefusedError) this.counts.refused += 1;
    waiter.start(error);
  }

  private stopWaiting(waiter: Waiter): void {
    clearTimeout(waiter.timer);
    this.counts.waits += 1;
    this.counts.waitMs += performance.now() - waiter.since;
    const { scope } = waiter;
    if (!scope) {
      this.waitingRequests -= 1;
      return;
    }
    scope.onAbandon.delete(waiter);
    scope.waiting -= 1;
    if (scope.waiting === 0) this.waitingRequests -= 1;
  }

  /**
   * Hands free slots to waiters, the routes taking turns (a route at its share waits, and so does one
   * whose next call needs a connection while only places on pipes are free).
   */
  private dispatch(): void {
    while (this.inUse < this.max || this.pipeInUse < this.pipeMax) {
      let next: { route: string; lane: Lane; place: Place } | undefined;
      for (const [route, lane] of this.lanes) {
        const head = (lane.ongoing[0] ?? lane.fresh[0])!;
        const place = this.placeFor(route, head.need);
        if (place) {
          next = { route, lane, place };
          break;
        }
      }
      if (!next) return;
      const { route, lane, place } = next;
      const waiter = (lane.ongoing.shift() ?? lane.fresh.shift())!;
      // The lane goes to the end of the turn order (or away when empty).
      this.lanes.delete(route);
      if (lane.ongoing.length + lane.fresh.length > 0) this.lanes.set(route, lane);
      this.stopWaiting(waiter);
      this.handOut(route, waiter.scope, place, waiter.start);
    }
  }

  /**
   * Takes a slot for `route` and starts the caller in it. An abandoned request never gets here: it is
   * refused before it waits, and abandoning it drops what it waits for.
   */
  private handOut(route: string, scope: QueryScope | undefined, place: Place, start: Start): void {
    if (place === 'pool') {
      this.inUse += 1;
      this.inUseBy.set(route, (this.inUseBy.get(route) ?? 0) + 1);
    } else {
      this.pipeInUse += 1;
      this.pipeInUseBy.set(route, (this.pipeInUseBy.get(route) ?? 0) + 1);
    }
    if (scope) scope.admitted = true;
    start(undefined, place);
  }

  /** Opens (takes from pg-pool) the connection of a slot the caller holds. */
  private openConnection(scope: QueryScope | undefined, callback: ConnectCallback): void {
    const route = scope?.route ?? backgroundRoute;
    super.connect((error, client) => {
      if (error || !client) {
        this.freeSlot(route, 'pool');
        return callback(error, undefined, noop);
      }
      const release = this.tracked(route, scope, client);
      if (scope?.abandoned) {
        release();
        return callback(new QueryAbandonedError(), undefined, noop);
      }
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
    let cancelled = false;
    let released = false;
    let grace: NodeJS.Timeout | undefined;
    scope?.onAbandon.set(client, () => {
      grace = setTimeout(() => {
        cancelled = true;
        this.cancel(client);
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
      this.freeSlot(route, 'pool');
    };
    return client.release;
  }

  private freeSlot(route: string, place: Place): void {
    const byRoute = place === 'pool' ? this.inUseBy : this.pipeInUseBy;
    if (place === 'pool') this.inUse -= 1;
    else this.pipeInUse -= 1;
    const left = (byRoute.get(route) ?? 1) - 1;
    if (left > 0) byRoute.set(route, left);
    else byRoute.delete(route);
    this.dispatch();
  }
}
