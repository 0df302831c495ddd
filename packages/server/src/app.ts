import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppDeps } from './deps';
import { registerHousekeeping } from './housekeeping';
import { modules } from './modules';
import { registerCompression } from './platform/compression';
import { csrf } from './platform/csrf';
import { registerErrorHandling } from './platform/errors';
import { frameworkErrors } from './platform/framework-errors';
import { metricsPlugin } from './platform/metrics';
import { configurePush } from './platform/push';
import { queryScopes } from './platform/query-scopes';
import { parseQueryString } from './platform/query-string';
import { rateLimits } from './platform/rate-limit';
import { realtimePlugin } from './platform/realtime';
import { markRequestLoggers, requestIdMixin, requestIds } from './platform/request-id';
import { contractCheck, responseSerializerCompiler } from './platform/response-serializer';
import { registerSecurityHeaders, securityHeaders } from './platform/security-headers';
import { session } from './platform/session';
import { lifecyclePlugin } from './platform/shutdown';
import { registerWebApp } from './platform/web-app';

/** Builds the Fastify app: platform plugins first, then the feature modules. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const headers = securityHeaders({ secureCookies: config.secureCookies });
  const app = Fastify({
    logger: {
      level: config.logLevel,
      mixin: requestIdMixin,
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    trustProxy: config.trustProxy,
    // The id comes from `genReqId`, which takes a proxy's only from a trusted one.
    requestIdHeader: false,
    genReqId: requestIds(config.trustProxy),
    bodyLimit: 1024 * 1024,
    routerOptions: { querystringParser: parseQueryString },
    // While it closes, a request on an open connection is still answered (with `Connection: close`):
    // the rolling restart's drain (main.ts) leaves none for a 503 to turn away.
    return503OnClosing: false,
    frameworkErrors: frameworkErrors(headers),
  });
  if (config.tracingEndpoint) {
    // Loaded only when on: without tracing the server never reads the OpenTelemetry packages.
    const { registerTracing } = await import('./platform/tracing');
    await registerTracing(app, config.tracingEndpoint);
  }
  // First: every later hook (the session lookup's query among them) runs inside the request's query scope.
  await app.register(queryScopes);
  markRequestLoggers(app);
  await app.register(lifecyclePlugin);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(
    responseSerializerCompiler({
      verify: deps.verifyResponses ?? false,
      check: contractCheck(app, config.responseCheckSample),
    }),
  );
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerSecurityHeaders(app, headers);
  await registerCompression(app);
  await app.register(cookie);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Plaza API', version: '2.0.0', description: 'The API of the Plaza community app.' },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'plaza_session' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  registerErrorHandling(app);
  // After the error handler (its refusals have the error shape), before all that reports to it.
  await app.register(metricsPlugin, deps);
  await app.register(session, deps);
  await app.register(csrf, deps);
  await app.register(rateLimits, deps);
  configurePush(config, app.log);
  await app.register(realtimePlugin, deps);

  for (const register of modules) await register(app, deps);
  await registerWebApp(app, config.webDist, {
    maxLoad: config.firstScreenMaxLoad,
    databaseBusy: () => deps.database.waiting() > 0,
  });
  registerHousekeeping(app, {
    db: deps.database.db,
    storage: deps.storage,
    auditRetentionDays: config.auditRetentionDays,
    tickMs: config.housekeepingTickMs,
    clock: deps.clock,
  });
  return app;
}
