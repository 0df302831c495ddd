/** One step of a shutdown (stop the app, close the bus, the database, ...), named for the log. */
export interface ShutdownStep {
  name: string;
  run: () => Promise<unknown>;
}

/** The part of a pino logger the shutdown writes to. */
export interface ShutdownLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface ShutdownOptions {
  steps: readonly ShutdownStep[];
  /** The whole shutdown's deadline (`SHUTDOWN_TIMEOUT_MS`): the process exits then, whatever still runs. */
  timeoutMs: number;
  log: ShutdownLog;
  exitCode: number;
  /** `process.exit` in main.ts. */
  exit: (code: number) => void;
}

/**
 * Runs the steps one after another and then exits; never rejects. Each step is bounded: it gets the time
 * left until the deadline less a reserve for each step after it, so one that hangs (a request that never
 * ends, a bus that does not answer) is logged and left behind while the later ones still run. A final
 * timer exits at the deadline even if something outside the steps holds the process.
 */
export async function runShutdown({ steps, timeoutMs, log, exitCode, exit }: ShutdownOptions): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const final = setTimeout(() => {
    log.error({ timeoutMs }, 'shutdown deadline passed; exiting');
    exit(exitCode);
  }, timeoutMs);
  final.unref();
  // A tenth of the deadline is kept for the steps after the one running (at most a second each).
  const reserveMs = Math.min(1000, Math.floor(timeoutMs / 10 / Math.max(1, steps.length)));
  for (const [index, step] of steps.entries()) {
    const boundMs = Math.max(0, deadline - Date.now() - reserveMs * (steps.length - index - 1));
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timed out'>((resolve) => {
      timer = setTimeout(() => resolve('timed out'), boundMs);
      timer.unref();
    });
    try {
      const outcome = await Promise.race([step.run().then(() => 'done' as const), timedOut]);
      if (outcome === 'timed out')
        log.warn({ step: step.name, boundMs }, 'shutdown step did not finish in time; going on');
    } catch (error) {
      log.error({ err: error, step: step.name }, 'shutdown step failed');
    } finally {
      clearTimeout(timer);
    }
  }
  clearTimeout(final);
  exit(exitCode);
}
