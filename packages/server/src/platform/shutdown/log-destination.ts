/** The part of `process.stdout` the log writes to. */
export interface LogStream {
  write(chunk: string): boolean;
  readonly writableLength: number;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'drain', listener: () => void): unknown;
  once(event: 'drain', listener: () => void): unknown;
}

export interface LogDestination {
  write(line: string): void;
  /** Waits until the lines written have gone out, at most `timeoutMs` (before the process exits). */
  flush(timeoutMs: number): Promise<void>;
  /** Lines dropped because nobody read them (a full pipe) or nobody could (a closed one). */
  readonly dropped: number;
}

/** How many bytes of log lines wait for a slow reader before further lines are dropped. */
export const maxBufferedLogBytes = 8 * 1024 * 1024;

/**
 * The app's log destination (pino's stream): lines go to `stream` (standard output) asynchronously, and
 * a line that cannot be written never holds up a request or a shutdown. pino's own destination retries
 * a full pipe (EAGAIN) forever and, at exit, flushes synchronously in a loop: a server whose output had
 * lost its reader closed its port on SIGTERM and then never exited. Here a full pipe keeps at most
 * `maxBufferedBytes` waiting and drops (and counts) the rest, reported once the reader is back; a closed
 * one (EPIPE) drops everything after; the process exits with whatever is still waiting.
 */
export function logDestination(stream: LogStream, maxBufferedBytes = maxBufferedLogBytes): LogDestination {
  let broken = false;
  let dropped = 0;
  let droppedUnreported = 0;
  stream.on('error', () => {
    broken = true;
  });
  stream.on('drain', () => {
    if (droppedUnreported === 0 || broken) return;
    const line = {
      level: 40,
      time: Date.now(),
      pid: process.pid,
      dropped: droppedUnreported,
      msg: 'log lines were dropped: standard output was not read',
    };
    droppedUnreported = 0;
    stream.write(`${JSON.stringify(line)}\n`);
  });
  return {
    write(line) {
      if (broken || stream.writableLength > maxBufferedBytes) {
        dropped += 1;
        droppedUnreported += 1;
        return;
      }
      stream.write(line);
    },
    flush(timeoutMs) {
      if (broken || stream.writableLength === 0) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        timer.unref();
        stream.once('drain', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
    get dropped() {
      return dropped;
    },
  };
}
