import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectDatabaseBusy, type LimitedApp, requirePostgres, sleepPath, startLimitedApp } from './overload';

requirePostgres('metrics.postgres.test.ts');

const token = 'metrics-token-for-the-tests-0123';

/** The value of an unlabelled sample, or of the one with `label`, from Prometheus's text format. */
function sample(text: string, name: string, label = ''): number | undefined {
  const line = text.split('\n').find((entry) => entry.startsWith(`${name}${label ? `{${label}}` : ''} `));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
}

async function scrape(s: LimitedApp): Promise<string> {
  const response = await s.t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode).toBe(200);
  return response.body;
}

/** The pool's counts in /metrics: waits, refusals, cancelled statements and statement time-outs. */
describe('database metrics', () => {
  describe('with one connection and room for one waiting request', () => {
    let s: LimitedApp;
    let base: string;

    beforeAll(async () => {
      s = await startLimitedApp({ statementTimeoutMs: 0, poolMax: 1, poolQueueMax: 1 }, 'warn', {
        METRICS_TOKEN: token,
      });
      await s.t.app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(s.t.app.server.address() as AddressInfo).port}`;
    });
    afterAll(() => s?.close());

    it('shows the slots, a wait, a refusal (shed) and its 503', async () => {
      const before = await scrape(s);
      expect(sample(before, 'plaza_db_slots')).toBe(1);
      const waits = sample(before, 'plaza_db_slot_waits_total') ?? 0;
      const running = s.t.app.inject({ method: 'GET', url: `${sleepPath}?seconds=1` });
      await expect.poll(() => s.sleeping(), { timeout: 10_000 }).toBe(1);
      expect(sample(await scrape(s), 'plaza_db_slots_in_use')).toBe(1);
      const waiting = s.t.app.inject({ method: 'GET', url: `${sleepPath}?seconds=0` });
      await expect.poll(async () => sample(await scrape(s), 'plaza_db_requests_waiting')).toBe(1);
      expectDatabaseBusy(await s.t.app.inject({ method: 'GET', url: `${sleepPath}?seconds=0` }));
      expect((await running).statusCode).toBe(200);
      expect((await waiting).statusCode).toBe(200);

      const after = await scrape(s);
      expect(sample(after, 'plaza_db_slot_waits_total')).toBeGreaterThan(waits);
      expect(sample(after, 'plaza_db_slot_wait_seconds_total')).toBeGreaterThan(0);
      expect(sample(after, 'plaza_db_slot_refused_total')).toBe(1);
      expect(sample(after, 'plaza_http_database_busy_total', 'reason="shed"')).toBe(1);
      expect(sample(after, 'plaza_db_requests_waiting')).toBe(0);
    });

    it('counts the cancelled statement of an abandoned request', async () => {
      const request = http.get(`${base}${sleepPath}?seconds=60`);
      request.on('error', () => {});
      await expect.poll(() => s.sleeping(), { timeout: 10_000 }).toBe(1);
      request.destroy();
      await expect.poll(() => s.sleeping(), { timeout: 10_000 }).toBe(0);
      expect(sample(await scrape(s), 'plaza_db_statements_cancelled_total')).toBe(1);
    });
  });

  describe('with a statement time-out', () => {
    let s: LimitedApp;
    beforeAll(async () => {
      s = await startLimitedApp({ statementTimeoutMs: 300, poolMax: 2, poolQueueMax: 10 }, 'error', {
        METRICS_TOKEN: token,
      });
    });
    afterAll(() => s?.close());

    it('counts the statement that ran past it', async () => {
      expect(sample(await scrape(s), 'plaza_http_database_busy_total', 'reason="statement_timeout"')).toBe(
        undefined,
      );
      expectDatabaseBusy(await s.t.app.inject({ method: 'GET', url: `${sleepPath}?seconds=5` }));
      expect(sample(await scrape(s), 'plaza_http_database_busy_total', 'reason="statement_timeout"')).toBe(1);
    });
  });
});
