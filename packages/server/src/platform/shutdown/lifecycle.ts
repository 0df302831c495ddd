import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Where the instance is in its life: `draining` from the shutdown signal until it exits. */
export interface Lifecycle {
  draining: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

/**
 * The instance's life for the parts that answer differently while it shuts down: from `draining`,
 * `/readyz` answers 503 (a proxy that checks it sends no more requests here) and every answer closes
 * its connection (keep-alive clients open their next one, through the proxy, elsewhere).
 */
async function lifecycle(app: FastifyInstance): Promise<void> {
  const state: Lifecycle = { draining: false };
  app.decorate('lifecycle', state);
  app.addHook('onSend', async (_request, reply) => {
    if (state.draining) reply.header('connection', 'close');
  });
}

export const lifecyclePlugin = fp(lifecycle, { name: 'plaza-lifecycle' });
