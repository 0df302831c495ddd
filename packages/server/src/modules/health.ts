import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { databaseRetryAfterSeconds } from '../platform/errors';

/**
 * Liveness and readiness probes for load balancers and orchestrators. `/healthz` never touches the
 * database (a lost database must not get the process restarted: it recovers by itself); `/readyz`
 * answers 503 while the database cannot be reached, so traffic goes elsewhere until it is back. It asks
 * outside the pool (`Database.ping`): a pool busy with a burst is not a database that cannot be reached.
 * From the shutdown signal on (`app.lifecycle.draining`, main.ts) `/readyz` answers 503 at once, so a
 * proxy that checks it drains the instance before it stops listening.
 */
export async function healthModule(app: FastifyInstance, { database }: AppDeps): Promise<void> {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    if (app.lifecycle.draining)
      return reply.status(503).send({ status: 'draining', database: database.driver });
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
