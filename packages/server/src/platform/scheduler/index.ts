import { databaseBusyReason } from '../../db/busy';
import type { Db } from '../../db/client';
import { isDatabaseUnavailable } from '../../db/unavailable';
import { type Clock, systemClock } from '../clock';
import { schedulerRepo } from './repo';

/** What a job is given: the database (inside the job's transaction) and the time of this run. */
export interface JobContext {
  db: Db;
  now: Date;
}

/** What a job did: rows removed, and work to do once its transaction has committed (deleting files). */
export interface JobOutcome {
  removed: number;
  afterCommit?: () => Promise<void>;
}

export interface Job {
  name: string;
  /** A run is due when the last run, on any instance, is at least this old. */
  everySeconds: number;
  run(context: JobContext): Promise<JobOutcome>;
}

/** The part of a pino logger the scheduler writes to. */
export interface JobLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface SchedulerOptions {
  db: Db;
  jobs: readonly Job[];
  log: JobLog;
  clock?: Clock | undefined;
  /** How often the timer looks for due jobs. */
  tickMs: number;
  /** Told of every run: done, skipped (not due, or another instance on it) or failed, and how long it took. */
  observe?: ((job: string, outcome: JobRunOutcome, seconds: number) => void) | undefined;
}

export type JobRunOutcome = 'done' | 'skipped' | 'failed';

/**
 * Runs jobs on an interval, on one instance at a time: each run is one transaction that takes the job's
 * advisory lock (`pg_try_advisory_xact_lock`; a busy lock means another instance is on it) and claims
 * the run in `housekeeping_runs` only when it is due, then does the job's work. A failing job is rolled
 * back, logged (a warning when the database cannot be reached) and tried again at a later tick; it
 * never rejects into the process. The timer is
 * unref'd (it keeps no process alive) and `stop()` waits for a run in progress.
 */
/**
 * The first look for due jobs comes this long after the start (or after one tick, when that is sooner):
 * past the start's busy moment, yet not a whole tick later (ten minutes by default, in which an instance
 * restarted every few minutes would never look).
 */
export const firstLookMs = 30_000;

export function createScheduler({ db, jobs, log, clock = systemClock, tickMs, observe }: SchedulerOptions) {
  let timer: NodeJS.Timeout | undefined;
  let firstLook: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  async function runJob(job: Job, now: Date): Promise<void> {
    const started = performance.now();
    const outcome = await runJobOnce(job, now);
    observe?.(job.name, outcome, (performance.now() - started) / 1000);
  }

  async function runJobOnce(job: Job, now: Date): Promise<JobRunOutcome> {
    try {
      const outcome = await db.transaction(async (tx) => {
        if (!(await schedulerRepo.tryLock(tx, job.name))) return null;
        if (!(await schedulerRepo.claim(tx, job.name, now, job.everySeconds))) return null;
        return job.run({ db: tx, now });
      });
      if (!outcome) return 'skipped';
      await outcome.afterCommit?.();
      if (outcome.removed > 0) log.info({ job: job.name, removed: outcome.removed }, 'housekeeping job done');
      return 'done';
    } catch (error) {
      // A database that cannot be reached or is overloaded is its state, not a bug in the job: a warning.
      if (isDatabaseUnavailable(error))
        log.warn({ err: error, job: job.name }, 'housekeeping job failed: database unavailable');
      else if (databaseBusyReason(error, false))
        log.warn({ err: error, job: job.name }, 'housekeeping job failed: database busy');
      else log.error({ err: error, job: job.name }, 'housekeeping job failed');
      return 'failed';
    }
  }

  const scheduler = {
    /** Runs each due job once, one after another (after any run in progress); never rejects. */
    runDue(): Promise<void> {
      running = running.then(async () => {
        const now = clock();
        for (const job of jobs) await runJob(job, now);
      });
      return running;
    },
    start(): void {
      if (timer) return;
      firstLook = setTimeout(() => void scheduler.runDue(), Math.min(firstLookMs, tickMs));
      firstLook.unref();
      timer = setInterval(() => void scheduler.runDue(), tickMs);
      timer.unref();
    },
    /** Stops the timers and waits for a run in progress. */
    async stop(): Promise<void> {
      clearTimeout(firstLook);
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
  return scheduler;
}

export type Scheduler = ReturnType<typeof createScheduler>;
