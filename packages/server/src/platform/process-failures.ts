import type { FailureLog } from './failure-log';

/** How many failures reached the process level since the start (each log line carries the totals). */
export interface ProcessFailureCounts {
  unhandledRejections: number;
  uncaughtExceptions: number;
}

export interface ProcessFailureHandlers {
  readonly counts: Readonly<ProcessFailureCounts>;
  onUnhandledRejection(reason: unknown): void;
  onUncaughtException(error: unknown, origin?: string): void;
}

/** How long a graceful shutdown after an uncaught exception may take before the process exits anyway. */
export const SHUTDOWN_AFTER_CRASH_MS = 10_000;

/**
 * The last line of defence. A promise rejected with nobody listening is a bug somewhere, but one
 * request or message must not end the server for everyone: it is logged with its reason and counted,
 * and the process goes on (Node's default would exit). An uncaught exception leaves the process in an
 * unknown state, so, as Node advises, it is logged and the server shuts down: `shutdown(1)` closes
 * the app (finishing requests in flight), and the orchestrator starts a fresh process.
 */
export function processFailureHandlers(
  log: FailureLog,
  shutdown: (exitCode: number) => void,
): ProcessFailureHandlers {
  const counts: ProcessFailureCounts = { unhandledRejections: 0, uncaughtExceptions: 0 };
  return {
    counts,
    onUnhandledRejection(reason) {
      counts.unhandledRejections += 1;
      log.error(
        { err: reason, ...counts },
        'unhandled promise rejection (a bug: some promise has no catch); the server keeps running',
      );
    },
    onUncaughtException(error, origin) {
      counts.uncaughtExceptions += 1;
      log.error({ err: error, origin, ...counts }, 'uncaught exception; shutting down');
      shutdown(1);
    },
  };
}

/**
 * Installs the handlers on the process (main.ts). Returns a function that removes them again.
 * While they are installed, an unhandled rejection no longer ends the process.
 */
export function installProcessFailureHandlers(
  handlers: ProcessFailureHandlers,
  target: NodeJS.Process = process,
): () => void {
  const onRejection = (reason: unknown) => handlers.onUnhandledRejection(reason);
  const onException = (error: Error, origin: string) => handlers.onUncaughtException(error, origin);
  target.on('unhandledRejection', onRejection);
  target.on('uncaughtException', onException);
  return () => {
    target.off('unhandledRejection', onRejection);
    target.off('uncaughtException', onException);
  };
}
