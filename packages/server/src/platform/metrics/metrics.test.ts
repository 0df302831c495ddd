import type { AddressInfo } from 'node:net';
import { realtimePath } from '@plaza/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildUser, testPassword } from '../../../test/factories';
import { logCollector } from '../../../test/outage';
import { sample } from '../../../test/prometheus';
import { cookieHeader, openSocket } from '../../../test/socket';
import { createScheduler } from '../scheduler';

const token = 'metrics-token-for-the-tests-0123';
const bearer = { authorization: `Bearer ${token}` };
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function scrape(t: TestApp): Promise<string> {
  const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
}

describe('/metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 404 with the error shape, with a token or without', async () => {
    for (const headers of [{}, bearer]) {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ errors: [{ code: 'not_found', message: expect.any(String) }] });
    }
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: token } });
  });
  afterAll(() => t.close());

  it('refuses a scrape without the token (401, Bearer challenge) and with another (403)', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(missing.json().errors[0].code).toBe('unauthenticated');

    const basic = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Basic ${Buffer.from(`x:${token}`).toString('base64')}` },
    });
    expect(basic.statusCode).toBe(401);

    for (const wrong of [`${token}x`, token.slice(0, -1), 'short']) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${wrong}` },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().errors[0].code).toBe('forbidden');
      expect(response.body).not.toContain('plaza_');
    }
  });

  it('a signed-in member gets no metrics either: the session is no key to them', async () => {
    const member = await buildUser(t.db);
    const client = new TestClient(t.app);
    await client.login(member.username, testPassword);
    expect((await client.get('/metrics')).statusCode).toBe(401);
  });

  it('counts requests per route pattern, method and status class, never by address', async () => {
    const before = await scrape(t);
    const labels = { route: '/api/v2/users/:id', method: 'GET', status_class: '4xx' };
    const counted = sample(before, 'plaza_http_request_duration_seconds_count', labels) ?? 0;
    for (const id of [7001, 7002, 7003]) {
      expect((await t.app.inject({ method: 'GET', url: `/api/v2/users/${id}` })).statusCode).toBe(401);
    }
    const after = await scrape(t);
    expect(sample(after, 'plaza_http_request_duration_seconds_count', labels)).toBe(counted + 3);
    expect(sample(after, 'plaza_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(
      counted + 3,
    );
    expect(after).not.toMatch(/route="[^"]*7001/);
    const unrouted = await t.app.inject({ method: 'GET', url: '/no/such/address/7004' });
    expect(unrouted.statusCode).toBe(404);
    const third = await scrape(t);
    expect(
      sample(third, 'plaza_http_request_duration_seconds_count', { route: '(no route)' }),
    ).toBeGreaterThan(0);
    expect(third).not.toMatch(/route="[^"]*7004/);
  });

  it('answers in Prometheus text format with the default Node metrics, event-loop delay among them', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer });
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(sample(response.body, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(response.body, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('counts session cache hits and misses', async () => {
    const member = await buildUser(t.db);
    const client = new TestClient(t.app);
    await client.login(member.username, testPassword);
    const before = await scrape(t);
    const hits = sample(before, 'plaza_cache_lookups_total', { cache: 'sessions', result: 'hit' }) ?? 0;
    await client.get('/api/v2/auth/is_authenticated');
    await client.get('/api/v2/auth/is_authenticated');
    const after = await scrape(t);
    expect(
      sample(after, 'plaza_cache_lookups_total', { cache: 'sessions', result: 'hit' }),
    ).toBeGreaterThanOrEqual(hits + 1);
    expect(sample(after, 'plaza_cache_lookups_total', { cache: 'sessions', result: 'miss' })).toBeGreaterThan(
      0,
    );
    expect(sample(after, 'plaza_cache_lookups_total', { cache: 'settings', result: 'hit' })).toBeDefined();
  });

  it('has the pool gauges on PostgreSQL and none on PGlite, which has no pool', async () => {
    const text = await scrape(t);
    if (t.database.driver === 'postgres') {
      expect(sample(text, 'plaza_db_slots')).toBe(10);
      expect(sample(text, 'plaza_db_connections', { state: 'open' })).toBeGreaterThan(0);
      expect(sample(text, 'plaza_db_slot_waits_total')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'plaza_db_statements_cancelled_total')).toBe(0);
    } else {
      expect(sample(text, 'plaza_db_slots')).toBeUndefined();
    }
  });

  it('follows the open WebSockets as they connect and close', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${realtimePath}`;
    const member = await buildUser(t.db);
    const client = new TestClient(t.app);
    await client.login(member.username, testPassword);
    expect(sample(await scrape(t), 'plaza_realtime_sockets')).toBe(0);

    const headers = { cookie: cookieHeader(client.jar), origin: 'http://plaza.test' };
    const first = await openSocket(url, headers);
    const second = await openSocket(url, headers);
    await Promise.all([first, second].map((socket) => socket.next((m) => m.type === 'welcome')));
    expect(sample(await scrape(t), 'plaza_realtime_sockets')).toBe(2);

    await first.close();
    await expect.poll(async () => sample(await scrape(t), 'plaza_realtime_sockets')).toBe(1);
    await second.close();
    await expect.poll(async () => sample(await scrape(t), 'plaza_realtime_sockets')).toBe(0);
  });

  it('counts housekeeping runs by outcome', async () => {
    let fail = false;
    const scheduler = createScheduler({
      db: t.db,
      jobs: [
        {
          name: 'metrics-test-job',
          everySeconds: 0,
          async run() {
            if (fail) throw new Error('the job failed on purpose');
            return { removed: 0 };
          },
        },
      ],
      log: { info() {}, warn() {}, error() {} },
      tickMs: 60_000,
      observe: t.app.metrics.jobRun,
    });
    await scheduler.runDue();
    fail = true;
    await scheduler.runDue();
    const text = await scrape(t);
    expect(sample(text, 'plaza_job_runs_total', { job: 'metrics-test-job', outcome: 'done' })).toBe(1);
    expect(sample(text, 'plaza_job_runs_total', { job: 'metrics-test-job', outcome: 'failed' })).toBe(1);
    expect(sample(text, 'plaza_job_run_seconds_total', { job: 'metrics-test-job' })).toBeGreaterThan(0);
  });

  it('each app has a registry of its own: a second app in the process starts from zero', async () => {
    const other = await createTestApp({ env: { METRICS_TOKEN: token } });
    try {
      await other.app.inject({ method: 'GET', url: '/api/v2/users/1' });
      const text = await scrape(other);
      expect(
        sample(text, 'plaza_http_request_duration_seconds_count', {
          route: '/api/v2/users/:id',
          method: 'GET',
          status_class: '4xx',
        }),
      ).toBe(1);
    } finally {
      await other.close();
    }
  });
});

describe('request ids', () => {
  let t: TestApp;
  const logs = logCollector();

  beforeAll(async () => {
    t = await createTestApp({
      // The one proxy in front is trusted (TRUST_PROXY=true): its X-Request-Id counts.
      env: { LOG_LEVEL: 'info', TRUST_PROXY: 'true', TRUSTED_PROXIES: '10.0.0.2' },
      logStream: logs.stream,
      routes(app) {
        // Logs through the app's logger, as services given `app.log` do during a request.
        app.get('/test/app-log', async () => {
          app.log.info('written through the app logger');
          return { ok: true };
        });
      },
    });
  });
  afterAll(() => t.close());

  const linesOf = (id: string) => logs.lines.filter((line) => (line as { reqId?: string }).reqId === id);

  it('gives every answer a new id, which every log line of the request carries', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v2/users/5' });
    const id = String(response.headers['x-request-id']);
    expect(id).toMatch(uuid);
    const lines = linesOf(id);
    expect(lines.map((line) => line.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'request completed']),
    );
    const another = await t.app.inject({ method: 'GET', url: '/api/v2/users/5' });
    expect(another.headers['x-request-id']).not.toBe(id);
  });

  it('puts the id on lines written through the app logger during the request, once', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/test/app-log' });
    const id = String(response.headers['x-request-id']);
    const written = logs.lines.find((line) => line.msg === 'written through the app logger');
    expect(written).toMatchObject({ reqId: id });
  });

  it('takes a well-formed id from a trusted proxy', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v2/users/5',
      headers: { 'x-request-id': 'edge-4f2a9c.17' },
      remoteAddress: '10.0.0.2',
    });
    expect(response.headers['x-request-id']).toBe('edge-4f2a9c.17');
    expect(linesOf('edge-4f2a9c.17').length).toBeGreaterThanOrEqual(2);
  });

  it('replaces a malformed or overlong id, and any id from a peer that is no trusted proxy', async () => {
    const cases = [
      { id: 'has spaces and "quotes"', from: '10.0.0.2' },
      { id: 'a'.repeat(65), from: '10.0.0.2' },
      { id: 'line\\nbreak{}', from: '10.0.0.2' },
      { id: 'edge-4f2a9c.18', from: '10.0.0.3' },
    ];
    for (const { id, from } of cases) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/v2/users/5',
        headers: { 'x-request-id': id },
        remoteAddress: from,
      });
      expect(response.headers['x-request-id']).toMatch(uuid);
      expect(linesOf(id)).toEqual([]);
    }
  });

  it('answers refusals with the id too', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v2/auth/login', payload: {} });
    expect(response.statusCode).toBe(403);
    expect(response.headers['x-request-id']).toMatch(uuid);
  });
});
