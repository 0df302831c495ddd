import pg from 'pg';
import { PoolRefusedError, QueryAbandonedError } from './busy';
import { backendPid, cancelStatement } from './cancel';
import { Pipelines } from './pipelines';
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
   * Pipelined connections (`db/pipelines.ts`) that run the single statements outside transactions
   * (`pool.query`); unset or 0: they take a connection of the pool as transactions do.
   */
  pipelines?: number | undefined;
  /** Statements each connection keeps prepared (`db/prepared-statements.ts`); unset: the default. */
  preparedStatements?: number | undefined;
}

/** What the pool holds now and did since it opened, for the metrics (`platform/metrics`). */
export interface PoolStats {
  /** Slots handed out now (connections of the pool or places on the pipelined ones), and how many there are. */
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

/**
 * What a caller does with its slot once it has one, or with the error that refused it (no slot then).
 */
type Start = (error: Error | undefined) => void;

interface Waiter {
  route: string;
  scope: QueryScope | undefined;
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
 * calls `pool.query` for a statement, `connect` for a transaction), so no module does anything. A slot is
 * a connection of the pool, or for a single statement, when `pipelines` is set, a place on a pipelined
 * connection; `max` slots are handed out at a time either way. The request behind each call comes from
 * its query scope (`query-scope.ts`).
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
   * `pool.query` on the pipelined connections, in a slot of the pool: a text or query config with its
   * values, answered by a promise. Other forms (a callback, a cursor) take a connection of the pool.
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
      this.requestSlot(scope, (error) => {
        if (error) return reject(error);
        this.runStatement(
          pipelines,
          scope,
          config as string | pg.QueryConfig,
          values as unknown[] | undefined,
        ).then(resolve, reject);
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
      this.freeSlot(route);
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
    this.requestSlot(scope, (error) => {
      if (error) callback(error, undefined, noop);
      else this.openConnection(scope, callback);
    });
  }

  /** Gives `start` a slot now, or once one is free, or refuses it. */
  private requestSlot(scope: QueryScope | undefined, start: Start): void {
    const route = scope?.route ?? backgroundRoute;
    if (scope?.abandoned) start(new QueryAbandonedError());
    else if (!this.lanes.has(route) && this.mayHandOut(route)) this.handOut(route, scope, start);
    else this.enqueue(route, scope, start);
  }

  private enqueue(route: string, scope: QueryScope | undefined, start: Start): void {
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
      this.handOut(route, waiter.scope, waiter.start);
    }
  }

  /**
   * Takes a slot for `route` and starts the caller in it. An abandoned request never gets here: it is
   * refused before it waits, and abandoning it drops what it waits for.
   */
  private handOut(route: string, scope: QueryScope | undefined, start: Start): void {
    this.inUse += 1;
    this.inUseBy.set(route, (this.inUseBy.get(route) ?? 0) + 1);
    if (scope) scope.admitted = true;
    start(undefined);
  }

  /** Opens (takes from pg-pool) the connection of a slot the caller holds. */
  private openConnection(scope: QueryScope | undefined, callback: ConnectCallback): void {
    const route = scope?.route ?? backgroundRoute;
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
