import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { abandonQueryScope, newQueryScope, runInQueryScope } from '../db/query-scope';

/**
 * Reads whose statements are cancelled when their client goes away. Writes run to their end: stopping
 * one between its statements could leave half of it done, and writes are short (the statement timeout
 * bounds them like every statement). WebSocket upgrades live on after their request: never cancelled.
 */
const cancellableMethods = new Set(['GET', 'HEAD']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's statements may run long: they never share a pipelined connection with cheap ones
     * (`db/pool.ts`). Exports, searches and the administration's lists are taken as slow without it.
     */
    slowQueries?: boolean;
  }
}

/**
 * Routes known to be slow by their pattern: exports and their downloads, searches, and the
 * administration's lists (reads under /api/v2/admin, which walk whole tables with filters and counts).
 */
export function slowRoute(method: string, url: string): boolean {
  return (
    url.includes('export') ||
    /\/search(\/|$)|_search(\/|$)/.test(url) ||
    (method === 'GET' && url.startsWith('/api/v2/admin/'))
  );
}

/**
 * Gives every request a query scope (`db/query-scope.ts`) before any other hook runs (the session
 * lookup is the first query), so the pool queues per route, sheds load per request and knows what each
 * request holds.
 * A read whose client goes away before the answer (the response closes unfinished) is abandoned: its
 * running statements are cancelled and its further queries refused, so a burst of given-up requests
 * does not keep the database busy for nobody.
 */
async function queryScopesPlugin(app: FastifyInstance): Promise<void> {
  app.decorateRequest('queryScope', null);
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.routeOptions.url ?? '(no route)';
    const slow = request.routeOptions.config?.slowQueries === true || slowRoute(request.method, url);
    const scope = newQueryScope(`${request.method} ${url}`, request.id, slow);
    request.queryScope = scope;
    if (cancellableMethods.has(request.method) && !request.headers.upgrade) {
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) abandonQueryScope(scope);
      });
    }
    // The rest of the request (hooks, handler) continues inside the scope.
    runInQueryScope(scope, done);
  });
}

export const queryScopes = fp(queryScopesPlugin, { name: 'plaza-query-scopes' });
