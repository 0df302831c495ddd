import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';

interface ExportedSpan {
  name: string;
  traceId: string;
  attributes: Array<{ key: string; value: { stringValue?: string; intValue?: number | string } }>;
}

/** A local OTLP/HTTP receiver: keeps the spans of every JSON export request it is sent. */
function otlpReceiver() {
  const spans: ExportedSpan[] = [];
  const paths: string[] = [];
  const server: Server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      paths.push(`${request.method} ${request.url} ${request.headers['content-type']}`);
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        resourceSpans: Array<{ scopeSpans: Array<{ spans: ExportedSpan[] }> }>;
      };
      for (const resource of body.resourceSpans)
        for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return { server, spans, paths };
}

const attribute = (span: ExportedSpan, key: string) => {
  const value = span.attributes.find((entry) => entry.key === key)?.value;
  const plain = value?.stringValue ?? value?.intValue;
  return plain === undefined ? undefined : String(plain);
};

describe('tracing with OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  const receiver = otlpReceiver();
  let endpoint: string;

  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => receiver.server.close(() => resolve())));

  it('exports a span per request with its route, status and request id, continuing the caller’s trace; none for /healthz', async () => {
    const t = await createTestApp({ env: { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint } });
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    let requestId: string;
    try {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/v2/users/42',
        headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
      });
      expect(response.statusCode).toBe(401);
      requestId = String(response.headers['x-request-id']);
      await t.app.inject({ method: 'GET', url: '/healthz' });
    } finally {
      // Closing the app sends the spans still in the batch.
      await t.close();
    }
    expect(receiver.paths[0]).toMatch(/^POST \/v1\/traces application\/json/);
    const spans = receiver.spans.filter((span) => attribute(span, 'http.request.id') === requestId);
    expect(spans.length).toBeGreaterThan(0);
    expect(spans.every((span) => span.traceId === traceId)).toBe(true);
    const request = spans.find((span) => span.name === 'request');
    expect(request && attribute(request, 'http.route')).toBe('/api/v2/users/:id');
    expect(request && attribute(request, 'http.response.status_code')).toBe('401');
    expect(receiver.spans.some((span) => JSON.stringify(span).includes('/healthz'))).toBe(false);
  });
});
