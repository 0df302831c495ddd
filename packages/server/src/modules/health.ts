import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { databaseRetryAfterSeconds } from '../platform/errors';

/**
 * Liveness and readiness probes for load balancers and orchestrators. `/healthz` never touches the
 * database (a lost database must not get the process restarted: it recovers by itself); `/readyz`
 * answers 503 while the database cannot be reached, so traffic goes elsewhere until it is back. It asks
 * outside the pool (`Database.ping`): a pool busy with a burst is not a database that cannot be reached.
 */
export async function healthModule(app: FastifyInstance, { database }: AppDeps): Promise<void> {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    try {
      await database.ping();
      return { status: 'ready', database: database.driver };
    } catch (error) {
      request.log.warn({ err: error, database: database.driver }, 'readiness check failed');
      return reply
        .status(503)
        .header('retry-after', String(databaseRetryAfterSeconds))
        .send({ status: 'unavailable', database: database.driver });
    }
  });
}
