import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Registry } from 'prom-client';
import type { AppDeps } from '../../deps';
import { AppError, forbidden, notFound } from '../errors';
import { responseContractMismatches } from '../response-serializer';
import { createMetrics } from './instruments';
import { noMetrics } from './report';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether `given` is the token, in a time that does not tell how much of it was right. */
function isToken(given: string, token: Buffer): boolean {
  return timingSafeEqual(digest(given), token);
}

/**
 * Prometheus metrics, one registry per app. `/metrics` answers 404 unless `METRICS_TOKEN` is set, then
 * only to `Authorization: Bearer <token>` (401 without it, 403 with another). It is always a route of
 * its own (so the web app's page never stands in for it) and needs no session: a scraper has none.
 * Without the token nothing is counted and no hook runs.
 */
async function metricsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { metricsToken } = deps.config;
  const registry = metricsToken ? new Registry() : null;
  const metrics = registry ? createMetrics(registry, deps, () => responseContractMismatches(app)) : noMetrics;
  app.decorate('metrics', metrics);
  if (registry) {
    app.addHook('onResponse', (request, reply, done) => {
      metrics.requestDone(
        request.method,
        request.routeOptions.url ?? '(no route)',
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
      done();
    });
  }
  const token = metricsToken ? digest(metricsToken) : null;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!registry || !token) throw notFound('The metrics endpoint');
    const [scheme, given] = (request.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !given) {
      throw new AppError(
        401,
        'unauthenticated',
        'The metrics need the bearer token (METRICS_TOKEN).',
        undefined,
        {
          'www-authenticate': 'Bearer realm="metrics"',
        },
      );
    }
    if (!isToken(given, token)) throw forbidden('This is not the metrics token.');
    const text = await registry.metrics();
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(text);
  });
}

/** Registers the metrics (before the plugins and modules that report to `app.metrics`). */
export const metricsPlugin = fp(metricsRoutes, { name: 'plaza-metrics' });
