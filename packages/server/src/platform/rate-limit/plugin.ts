import type { FastifyInstance, preValidationAsyncHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDeps } from '../../deps';
import { callerOf, rateLimiter } from './limiter';
import { type RateLimitClass, type RouteRef, rateLimitTable } from './limits';

const routeKey = (method: string, path: string) => `${method === 'HEAD' ? 'GET' : method} ${path}`;

/** Which class each limited route counts in, from `rateLimitTable`. */
function routeClasses(): Map<string, RateLimitClass> {
  const classes = new Map<string, RateLimitClass>();
  for (const [name, limit] of Object.entries(rateLimitTable)) {
    const routes: readonly RouteRef[] = 'routes' in limit ? limit.routes : [];
    for (const route of routes) classes.set(routeKey(route.method, route.path), name as RateLimitClass);
  }
  return classes;
}

/**
 * Applies `rateLimitTable` to its routes: every call of a listed route counts for its caller before its
 * input is validated (so malformed calls count too; WebSocket connections before the upgrade). Register
 * it before the routes. A listed route that never appears stops the start, so the table cannot name a
 * route that does not exist.
 */
async function rateLimitPlugin(app: FastifyInstance, deps: AppDeps) {
  const limiter = rateLimiter({ db: deps.database.db, clock: deps.clock });
  const classes = routeClasses();
  const applied = new Set<string>();
  const hooks = new WeakSet<object>();

  app.addHook('onRoute', (options: RouteOptions) => {
    for (const method of [options.method].flat()) {
      const key = routeKey(method, options.url);
      const limit = classes.get(key);
      if (!limit) continue;
      applied.add(key);
      const own = options.preValidation ? [options.preValidation].flat() : [];
      if (own.some((hook) => hooks.has(hook))) return;
      const hook: preValidationAsyncHookHandler = async (request) =>
        limiter.consume(limit, callerOf(request));
      hooks.add(hook);
      options.preValidation = [hook, ...own];
      return;
    }
  });

  app.addHook('onReady', async () => {
    const missing = [...classes.keys()].filter((key) => !applied.has(key));
    if (missing.length) throw new Error(`Rate limits name routes that do not exist: ${missing.join(', ')}`);
  });
}

export const rateLimits = fp(rateLimitPlugin, { name: 'plaza-rate-limit' });
