import type { DatabaseBusyReason } from '../../db/busy';
import type { JobRunOutcome } from '../scheduler';

/** What the app reports as it goes; the rest (pool, caches, bus) is read when Prometheus asks. */
export interface Metrics {
  /** An answered request: its route's pattern (never the address), method, status and seconds taken. */
  requestDone(method: string, route: string, status: number, seconds: number): void;
  /** A call answered with 503 `database_busy` (statement time-out, load shedding, abandoned). */
  databaseBusy(reason: DatabaseBusyReason): void;
  socketOpened(): void;
  socketClosed(): void;
  jobRun(job: string, outcome: JobRunOutcome, seconds: number): void;
}

/** Metrics switched off (no `METRICS_TOKEN`): nothing is counted. */
export const noMetrics: Metrics = {
  requestDone() {},
  databaseBusy() {},
  socketOpened() {},
  socketClosed() {},
  jobRun() {},
};
