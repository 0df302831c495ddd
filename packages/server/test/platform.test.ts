import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app';
import { TestClient } from './client';

describe('platform', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers liveness and readiness', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(live.statusCode).toBe(200);
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready' });
  });

  it('answers unknown API paths with a JSON 404 in the error format', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v2/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ errors: [{ code: 'not_found', message: expect.any(String) }] });
  });

  it('sends a request id of its own (a client’s counts only through a trusted proxy) and strict security headers', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(response.headers['x-request-id']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the same security headers on every answer, a refusal and an unknown path included', async () => {
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/healthz' }),
      t.app.inject({ method: 'GET', url: '/api/v2/nothing-here' }),
      t.app.inject({ method: 'GET', url: '/api/v2/activities' }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 404, 401]);
    for (const answer of answers) {
      expect(answer.headers).toMatchObject({
        'content-security-policy': expect.stringContaining("object-src 'none'"),
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'referrer-policy': 'no-referrer',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'x-dns-prefetch-control': 'off',
      });
      // Strict-Transport-Security only behind HTTPS (secure cookies); the tests run on plain HTTP.
      expect(answer.headers['strict-transport-security']).toBeUndefined();
      expect(answer.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    }
  });

  it('publishes the OpenAPI document generated from the contract', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v2/auth/login', '/api/v2/settings', '/api/v2/activities']),
    );
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
  });

  it('refuses a malformed JSON body with a 400 bad_request that says the JSON is invalid, not a 500', async () => {
    // A browser-like client: it keeps the cookies the server set and repeats the CSRF cookie in the
    // CSRF header, so the request passes the CSRF check and reaches the JSON parser.
    const client = new TestClient(t.app);
    const response = await client.post('/api/v2/auth/login', '{"username":', {
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: [{ code: 'bad_request', message: expect.stringMatching(/not valid JSON/) }],
    });
  });

  it('refuses the same request without the CSRF header with a 403 csrf_invalid, before reading the body', async () => {
    const client = new TestClient(t.app);
    await client.get('/api/v2/auth/is_authenticated');
    const response = await client.post('/api/v2/auth/login', '{"username":', {
      headers: { 'content-type': 'application/json' },
      withoutCsrf: true,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ errors: [{ code: 'csrf_invalid', message: expect.any(String) }] });
  });
});
