import type { FastifyRequest } from 'fastify';
import type { DatabaseBusyReason } from '../db/busy';

/**
 * Load shedding refuses hundreds of requests a second during a burst; a warning each would flood the
 * log. The first refusal is logged, then at most one line per interval, counting those in between.
 */
const SHEDDING_LOG_INTERVAL_MS = 10_000;

/** Logs a call answered with 503 `database_busy`: once per call, or summarised while shedding load. */
export function busyLog(): (request: FastifyRequest, error: unknown, reason: DatabaseBusyReason) => void {
  let lastSheddingLine = Number.NEGATIVE_INFINITY;
  let refusedSince = 0;
  return (request, error, reason) => {
    const context = { method: request.method, url: request.url, reason };
    if (reason === 'statement_timeout') {
      request.log.warn({ err: error, ...context }, 'request failed: database busy (statement timeout)');
    } else if (reason === 'abandoned') {
      // The client went away; nobody reads this answer and nothing is wrong with the server.
      request.log.info(context, 'request abandoned by its client: its queries were cancelled');
    } else {
      const now = Date.now();
      if (now - lastSheddingLine < SHEDDING_LOG_INTERVAL_MS) {
        refusedSince += 1;
        return;
      }
      request.log.warn(
        { ...context, refusedWithoutLine: refusedSince },
        'request refused: too many requests wait for the database (load shedding)',
      );
      lastSheddingLine = now;
      refusedSince = 0;
    }
  };
}
