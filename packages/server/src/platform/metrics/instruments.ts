import { Counter, collectDefaultMetrics, Gauge, Histogram, type Registry } from 'prom-client';
import type { AppDeps } from '../../deps';
import { sessionCacheStats } from '../session-cache';
import { sharedMemoStats } from '../shared-memo';
import type { Metrics } from './report';

/** How long a probe message may take through the bus before the lag counts as this long. */
export const BUS_PROBE_TIMEOUT_MS = 2_000;

/** Seconds: from a cache hit's millisecond to a slow export's ten seconds. */
const durationBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type Labels = Record<string, string>;

/**
 * A counter that follows a count kept elsewhere (the pool's, the caches'): each scrape adds what the
 * count grew by since the last one.
 */
function followedCounter(
  registry: Registry,
  name: string,
  help: string,
  labelNames: string[],
  read: () => Array<[Labels, number]>,
): void {
  const last = new Map<string, number>();
  new Counter({
    name,
    help,
    labelNames,
    registers: [registry],
    collect() {
      for (const [labels, value] of read()) {
        const key = JSON.stringify(labels);
        const grown = value - (last.get(key) ?? 0);
        if (grown > 0) this.inc(labels, grown);
        last.set(key, value);
      }
    },
  });
}

/** A gauge read at each scrape. */
function readGauge(registry: Registry, name: string, help: string, read: () => number): void {
  new Gauge({
    name,
    help,
    registers: [registry],
    collect() {
      this.set(read());
    },
  });
}

/**
 * The app's instruments in `registry` (one per app: tests build several in one process), with Node's
 * default metrics (event-loop delay from `monitorEventLoopDelay`, heap, garbage collection, handles).
 */
export function createMetrics(
  registry: Registry,
  { database, bus }: AppDeps,
  contractMismatches: () => number,
): Metrics {
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: 'plaza_http_request_duration_seconds',
    help: 'Requests answered, by route pattern, method and status class, and the seconds each took (its _count is the request count).',
    labelNames: ['route', 'method', 'status_class'],
    buckets: durationBuckets,
    registers: [registry],
  });
  const busy = new Counter({
    name: 'plaza_http_database_busy_total',
    help: 'Calls answered 503 database_busy: statement_timeout, shed (the pool refused them) or abandoned (cancelled, the client went away).',
    labelNames: ['reason'],
    registers: [registry],
  });
  const sockets = new Gauge({
    name: 'plaza_realtime_sockets',
    help: 'Real-time WebSocket connections open on this instance.',
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: 'plaza_job_runs_total',
    help: 'Housekeeping job runs by job and outcome: done, skipped (not due, or run by another instance) or failed.',
    labelNames: ['job', 'outcome'],
    registers: [registry],
  });
  const jobSeconds = new Counter({
    name: 'plaza_job_run_seconds_total',
    help: 'Seconds spent in housekeeping job runs, by job.',
    labelNames: ['job'],
    registers: [registry],
  });
  followedCounter(
    registry,
    'plaza_cache_lookups_total',
    'Lookups in the instance caches (sessions, members values, shared memos), by cache and result (hit or miss).',
    ['cache', 'result'],
    () =>
      [...sessionCacheStats(database.db), ...sharedMemoStats(database.db)].flatMap(
        ({ cache, hits, misses }) => [
          [{ cache, result: 'hit' }, hits] as [Labels, number],
          [{ cache, result: 'miss' }, misses] as [Labels, number],
        ],
      ),
  );
  followedCounter(
    registry,
    'plaza_response_contract_mismatches_total',
    'Sampled answers (RESPONSE_CHECK_SAMPLE) that did not match their contract schema; each is logged as a warning.',
    [],
    () => [[{}, contractMismatches()]],
  );
  registerPoolMetrics(registry, database);
  const { probe } = bus;
  if (probe) {
    new Gauge({
      name: 'plaza_bus_lag_seconds',
      help: `Seconds a probe message took through the Redis bus (publish to receive), measured at each scrape; ${BUS_PROBE_TIMEOUT_MS / 1000} when none arrived.`,
      registers: [registry],
      async collect() {
        const seconds = await probe.call(bus, BUS_PROBE_TIMEOUT_MS).catch(() => null);
        this.set(seconds ?? BUS_PROBE_TIMEOUT_MS / 1000);
      },
    });
  }
  return {
    requestDone(method, route, status, seconds) {
      requests.observe({ route, method, status_class: `${Math.floor(status / 100)}xx` }, seconds);
    },
    databaseBusy: (reason) => busy.inc({ reason }),
    socketOpened: () => sockets.inc(),
    socketClosed: () => sockets.dec(),
    jobRun(job, outcome, seconds) {
      jobRuns.inc({ job, outcome });
      jobSeconds.inc({ job }, seconds);
    },
  };
}

/** The pool's and pipelines' state (PostgreSQL; PGlite has no pool). */
function registerPoolMetrics(registry: Registry, database: AppDeps['database']): void {
  if (!database.stats()) return;
  const stats = () => database.stats()!;
  readGauge(
    registry,
    'plaza_db_slots_in_use',
    'Database slots in use (pool connections and places on the pipelined ones).',
    () => stats().inUse,
  );
  readGauge(registry, 'plaza_db_slots', 'Database slots in all (DB_POOL_MAX).', () => stats().max);
  readGauge(
    registry,
    'plaza_db_requests_waiting',
    'Requests waiting for a database slot now.',
    () => stats().waiting,
  );
  followedCounter(registry, 'plaza_db_slot_waits_total', 'Calls that waited for a database slot.', [], () => [
    [{}, stats().waits],
  ]);
  followedCounter(
    registry,
    'plaza_db_slot_wait_seconds_total',
    'Seconds calls waited for a database slot, summed.',
    [],
    () => [[{}, stats().waitSeconds]],
  );
  followedCounter(
    registry,
    'plaza_db_slot_refused_total',
    'Calls refused a database slot (load shedding, wait time-out).',
    [],
    () => [[{}, stats().refused]],
  );
  followedCounter(
    registry,
    'plaza_db_statements_cancelled_total',
    'Statements of abandoned requests cancelled.',
    [],
    () => [[{}, stats().cancelled]],
  );
  new Gauge({
    name: 'plaza_db_connections',
    help: 'Connections of the pool by state (open, idle), and the pipelined ones (pipelined).',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const now = stats();
      this.set({ state: 'open' }, now.connections);
      this.set({ state: 'idle' }, now.idleConnections);
      this.set({ state: 'pipelined' }, now.pipelines?.open ?? 0);
    },
  });
  readGauge(
    registry,
    'plaza_db_pipeline_statements_in_flight',
    'Statements in flight on the pipelined connections.',
    () => stats().pipelines?.inFlight ?? 0,
  );
}
