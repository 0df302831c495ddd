/**
 * Where failures outside a request are reported: the database pool, the bus, process-level events.
 * The signature is pino's (`log.error({ err, ...context }, message)`), so the app's logger fits.
 */
export interface FailureLog {
  error(context: Record<string, unknown>, message: string): void;
  warn(context: Record<string, unknown>, message: string): void;
}

function serialise(value: unknown): unknown {
  if (!(value instanceof Error)) return value;
  const code = (value as Error & { code?: unknown }).code;
  return {
    type: value.name,
    message: value.message,
    ...(code === undefined ? {} : { code }),
    stack: value.stack,
    ...(value.cause === undefined ? {} : { cause: serialise(value.cause) }),
  };
}

function line(level: number, context: Record<string, unknown>, message: string): string {
  const fields = Object.fromEntries(Object.entries(context).map(([key, value]) => [key, serialise(value)]));
  return JSON.stringify({ level, time: Date.now(), pid: process.pid, ...fields, msg: message });
}

/** Before the app's logger exists: one JSON line per failure on stderr, shaped like pino's. */
export const consoleFailureLog: FailureLog = {
  error: (context, message) => console.error(line(50, context, message)),
  warn: (context, message) => console.error(line(40, context, message)),
};

/** A log that writes to stderr until `use(logger)` hands it the app's logger (main.ts, once built). */
export function deferredFailureLog(): FailureLog & { use(log: FailureLog): void } {
  let target: FailureLog = consoleFailureLog;
  return {
    error: (context, message) => target.error(context, message),
    warn: (context, message) => target.warn(context, message),
    use(log) {
      target = log;
    },
  };
}
