import type { EventEmitter } from 'node:events';
import pg from 'pg';

/** One pipelined connection: statements are written as they come, several in flight at once. */
interface Pipe {
  client: pg.Client;
  /** The connection, once open (a statement given before waits for it). */
  ready: Promise<pg.Client>;
  /** Statements given to it and not yet answered. */
  pending: number;
  /** False once retired (lost, or a statement of it to be cancelled): it takes nothing new. */
  open: boolean;
  /** Messages read from the backend so far, and as many as the watch saw last (`readTimeoutMs`). */
  reads: number;
  seen: number;
  /** Since when it has statements in flight and read nothing (`Date.now()`). */
  quietSince: number;
}

/**
 * Whether a statement's error means its connection is gone: a socket error (no SQLSTATE), or the
 * backend's end (class 57P: shut down by an administrator or a crash; class 08: connection exceptions).
 */
export function endsConnection(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    typeof code !== 'string' || code.startsWith('57P') || code.startsWith('08') || !/^[0-9A-Z]{5}$/.test(code)
  );
}

/** A statement under way on a pipelined connection. */
export interface PipelinedStatement<R extends pg.QueryResultRow = pg.QueryResultRow> {
  result: Promise<pg.QueryResult<R>>;
  /**
   * Takes the statement's connection out of use (it closes once its statements are answered), and
   * answers the connection when this statement is the only one it runs, so that a cancel can only
   * reach this statement; otherwise null.
   */
  retire(): pg.Client | null;
}

/**
 * A few connections in node-postgres's pipeline mode, for single statements outside transactions that
 * find every connection of the pool busy (`db/pool.ts`; statements of slow routes never come here): a
 * statement goes to the open connection with the fewest in flight and is written at once, even while
 * that connection's backend still runs others. A backend with statements queued reads the next one
 * without going to sleep, and the server no longer waits for each answer before it writes the next
 * statement: on this two-core machine each woken backend and each round trip cost more CPU than the
 * statement (the bench's baseline served a group stream at 1,600-2,000 req/s pipelined on three
 * connections against 1,140-1,270 on a pool of ten, with 35-40 % less CPU per request on both sides).
 * A lost connection is replaced by the next statement's pick.
 *
 * A connection that goes silent (a cut network, a backend host gone without a reset: TCP keeps such a
 * socket open for many minutes) would hold every statement given to it. With `readTimeoutMs`, one with
 * statements in flight that reads nothing for that long is closed: its statements fail as the database
 * being unavailable (`ETIMEDOUT`, answered 503), and the next pick opens another. It must exceed the
 * statement time-out, within which PostgreSQL answers the statement at the head of the line.
 */
export class Pipelines {
  private readonly pipes: (Pipe | undefined)[];
  private readonly watch: NodeJS.Timeout | undefined;

  constructor(
    private readonly config: pg.ClientConfig,
    count: number,
    /** Called with each connection as it opens, before it runs anything (prepared statements, listeners). */
    private readonly opened: (client: pg.Client) => void,
    /** How long a connection with statements in flight may read nothing before it is closed; 0: no limit. */
    private readonly readTimeoutMs = 0,
  ) {
    this.pipes = Array.from({ length: count }, () => undefined);
    if (readTimeoutMs > 0) {
      this.watch = setInterval(() => this.closeSilent(), Math.min(1_000, readTimeoutMs / 4)).unref();
    }
  }

  /** Starts `config` (node-postgres's query config, or a text with `values`) on the least busy connection. */
  start<R extends pg.QueryResultRow>(
    config: string | pg.QueryConfig,
    values?: unknown[],
  ): PipelinedStatement<R> {
    const pipe = this.pick();
    if (pipe.pending === 0) pipe.quietSince = Date.now();
    pipe.pending += 1;
    let settled = false;
    const result = pipe.ready
      .then((client) => client.query<R>(config as pg.QueryConfig, values))
      .catch((error: unknown) => {
        // PostgreSQL ending the backend answers the statement before the socket closes: nothing more
        // may be written to that connection.
        if (endsConnection(error)) this.retire(pipe);
        throw error;
      })
      .finally(() => {
        settled = true;
        pipe.pending -= 1;
        if (!pipe.open && pipe.pending === 0) this.end(pipe);
      });
    return {
      result,
      retire: () => {
        if (settled) return null;
        this.retire(pipe);
        return pipe.pending === 1 ? pipe.client : null;
      },
    };
  }

  /** The connections open (or opening) and the statements in flight on them. */
  stats(): { open: number; inFlight: number } {
    let open = 0;
    let inFlight = 0;
    for (const pipe of this.pipes) {
      if (!pipe) continue;
      open += 1;
      inFlight += pipe.pending;
    }
    return { open, inFlight };
  }

  /** Closes every connection; statements under way are answered first. */
  async close(): Promise<void> {
    clearInterval(this.watch);
    const open = this.pipes.filter((pipe): pipe is Pipe => pipe !== undefined);
    this.pipes.fill(undefined);
    await Promise.all(open.map((pipe) => pipe.client.end().catch(() => {})));
  }

  /** The open connection with the fewest statements in flight; an empty place opens one (it has none). */
  private pick(): Pipe {
    let best: Pipe | undefined;
    for (let index = 0; index < this.pipes.length; index += 1) {
      const pipe = this.pipes[index];
      if (!pipe) return this.open(index);
      if (!best || pipe.pending < best.pending) best = pipe;
    }
    return best as Pipe;
  }

  private open(index: number): Pipe {
    const client = new pg.Client({ ...this.config, pipeline: true });
    const pipe: Pipe = {
      client,
      ready: Promise.resolve(client),
      pending: 0,
      open: true,
      reads: 0,
      seen: 0,
      quietSince: Date.now(),
    };
    if (this.readTimeoutMs > 0) {
      (client as unknown as { connection: EventEmitter }).connection.on('message', () => {
        pipe.reads += 1;
      });
    }
    // Losing the connection fails its statements (node-postgres answers them with the error); the next
    // pick opens another in its place.
    client.on('error', () => this.retire(pipe));
    client.on('end', () => this.retire(pipe));
    this.opened(client);
    pipe.ready = client.connect().then(
      () => client,
      (error: unknown) => {
        this.retire(pipe);
        throw error;
      },
    );
    // The statements given to it get the failure to connect; the connection's own promise is handled.
    pipe.ready.catch(() => {});
    this.pipes[index] = pipe;
    return pipe;
  }

  private retire(pipe: Pipe): void {
    if (!pipe.open) return;
    pipe.open = false;
    const index = this.pipes.indexOf(pipe);
    if (index >= 0) this.pipes[index] = undefined;
    if (pipe.pending === 0) this.end(pipe);
  }

  /** Closes the connections that have statements in flight and read nothing for `readTimeoutMs`. */
  private closeSilent(): void {
    const now = Date.now();
    for (const pipe of this.pipes) {
      if (!pipe) continue;
      if (pipe.pending === 0 || pipe.reads !== pipe.seen) {
        pipe.seen = pipe.reads;
        pipe.quietSince = now;
      } else if (now - pipe.quietSince >= this.readTimeoutMs) {
        this.retire(pipe);
        const silent = new Error(
          `The database connection read nothing for ${this.readTimeoutMs} ms with statements in flight; closed.`,
        );
        // Destroying the socket fails every statement in flight on it with this error (503).
        const { stream } = (
          pipe.client as unknown as { connection: { stream: { destroy(error: Error): void } } }
        ).connection;
        stream.destroy(Object.assign(silent, { code: 'ETIMEDOUT' }));
      }
    }
  }

  private end(pipe: Pipe): void {
    pipe.client.end().catch(() => {});
  }
}
