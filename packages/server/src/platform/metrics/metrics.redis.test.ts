import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createRedisBus } from '../redis-bus';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const token = 'metrics-token-for-the-tests-0123';

/** The bus lag: each scrape sends a probe through Redis to the instance itself and times it. */
describe('bus lag in /metrics', () => {
  let t: TestApp;

  beforeAll(async () => {
    const bus = await createRedisBus(redisUrl, `plaza-test-${randomBytes(4).toString('hex')}:`);
    t = await createTestApp({ bus, env: { METRICS_TOKEN: token } });
  });
  afterAll(() => t?.close());

  const lag = async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${token}` },
    });
    const line = response.body.split('\n').find((entry) => entry.startsWith('plaza_bus_lag_seconds '));
    return line === undefined ? undefined : Number(line.split(' ')[1]);
  };

  it('shows the seconds a probe took through Redis, below the time-out that marks a lost one', async () => {
    for (let scrape = 0; scrape < 2; scrape += 1) {
      const seconds = await lag();
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThan(2);
    }
  });

  it('reports the time-out when the probe cannot come back', async () => {
    await t.bus.close();
    expect(await lag()).toBe(2);
  });
});

describe('bus lag with the in-process bus', () => {
  it('is not shown: there is no bus between instances to measure', async () => {
    const t = await createTestApp({ env: { METRICS_TOKEN: token } });
    try {
      const response = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('plaza_bus_lag_seconds');
    } finally {
      await t.close();
    }
  });
});
