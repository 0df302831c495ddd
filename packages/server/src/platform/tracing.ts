import type { FastifyInstance } from 'fastify';

/** Spans of routes that would only fill the traces: the probes and the scrape. */
const untracedPaths = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * OpenTelemetry tracing, on when `OTEL_EXPORTER_OTLP_ENDPOINT` is set (`config.tracingEndpoint`): a span
 * per request named by its route, with spans of its hooks and handler (`@fastify/otel`), exported in
 * batches over OTLP/HTTP to `<endpoint>/v1/traces`. A `traceparent` header continues the caller's trace;
 * each span carries the request id. `service.name` is `plaza` unless `OTEL_SERVICE_NAME` or
 * `OTEL_RESOURCE_ATTRIBUTES` say otherwise.
 *
 * The packages are loaded here, when tracing is on, and stay outside the server's bundle (build.mjs):
 * without the variable the server neither loads nor carries them. Call it before anything else is
 * registered on the app: routes registered earlier get no spans. Spans still in the batch are sent
 * when the app closes.
 */
export async function registerTracing(app: FastifyInstance, endpoint: string): Promise<void> {
  const [{ FastifyOtelInstrumentation }, { OTLPTraceExporter }, resources, sdk] = await Promise.all([
    import('@fastify/otel'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/sdk-trace-node'),
  ]);
  const resource = resources
    .resourceFromAttributes({ 'service.name': 'plaza' })
    .merge(resources.detectResources({ detectors: [resources.envDetector] }));
  const exporter = new OTLPTraceExporter({
    url: new URL('v1/traces', `${endpoint.replace(/\/$/, '')}/`).href,
  });
  const provider = new sdk.NodeTracerProvider({
    resource,
    spanProcessors: [new sdk.BatchSpanProcessor(exporter)],
  });
  // The context manager (spans of hooks nest in their request's) and the W3C trace-context propagator.
  provider.register();
  const instrumentation = new FastifyOtelInstrumentation({
    ignorePaths: ({ url }) => untracedPaths.has(url),
    requestHook: (span, request) => span.setAttribute('http.request.id', request.id),
  });
  instrumentation.setTracerProvider(provider);
  await app.register(instrumentation.plugin());
  app.addHook('onClose', async () => {
    await provider.shutdown();
  });
}
