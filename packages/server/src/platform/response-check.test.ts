import { defineEndpoint } from '@plaza/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/app';
import { type LogLine, logCollector } from '../../test/outage';
import { responseContractMismatches } from './response-serializer';
import { route } from './route';

/** A test-only endpoint whose handler answers `count: null` where the contract says a number. */
const broken = defineEndpoint({
  method: 'GET',
  path: '/test/contract-check',
  summary: 'An answer breaking its contract (test only)',
  tags: ['test'],
  access: 'public',
  response: z.object({ name: z.string(), items: z.array(z.object({ count: z.number() })) }),
});

/** The same shape answered as the contract says. */
const sound = defineEndpoint({ ...broken, path: '/test/contract-kept' });

/** Answers until the sampled checks (run after each answer is written) have had their turn. */
const afterChecks = () => new Promise((resolve) => setImmediate(resolve));

const metricsToken = 'response-check-metrics-token';

/** The mismatch counter as `/metrics` shows it. */
async function scrapedMismatches(t: TestApp): Promise<number> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${metricsToken}` },
  });
  const line = /^plaza_response_contract_mismatches_total (\d+)$/m.exec(response.body);
  return Number(line?.[1] ?? Number.NaN);
}

describe('the sampled check of answers against the contract (RESPONSE_CHECK_SAMPLE)', () => {
  const logs = logCollector();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { RESPONSE_CHECK_SAMPLE: '1', LOG_LEVEL: 'warn', METRICS_TOKEN: metricsToken },
      logStream: logs.stream,
      verifyResponses: false,
      routes(app) {
        route(app, broken, () => ({
          name: 'x',
          items: [{ count: 1 }, { count: null as unknown as number }],
        }));
        route(app, sound, () => ({ name: 'x', items: [{ count: 1 }] }));
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const mismatchLines = () =>
    logs.lines.filter((line: LogLine) => line.msg === 'an answer does not match its contract');

  it('answers as before, then logs the mismatch with its route and path and counts it', async () => {
    const before = responseContractMismatches(t.app);
    const response = await t.app.inject({ method: 'GET', url: broken.path });
    await afterChecks();

    // The answer itself is what the fast serializer writes (the check never delays nor changes it).
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ name: 'x', items: [{ count: 1 }, { count: 0 }] });
    expect(responseContractMismatches(t.app)).toBe(before + 1);
    expect(await scrapedMismatches(t)).toBe(before + 1);
    expect(mismatchLines().at(-1)).toMatchObject({
      route: `GET ${broken.path}`,
      issues: [{ path: 'items.1.count', message: expect.stringMatching(/number/) }],
    });
  });

  it('neither logs nor counts an answer that keeps its contract', async () => {
    const before = responseContractMismatches(t.app);
    const logged = mismatchLines().length;
    const response = await t.app.inject({ method: 'GET', url: sound.path });
    await afterChecks();

    expect(response.json()).toEqual({ name: 'x', items: [{ count: 1 }] });
    expect(responseContractMismatches(t.app)).toBe(before);
    expect(mismatchLines()).toHaveLength(logged);
  });

  it('checks nothing with a sample of 0', async () => {
    const off = await createTestApp({
      env: { RESPONSE_CHECK_SAMPLE: '0' },
      verifyResponses: false,
      routes(app) {
        route(app, broken, () => ({ name: 'x', items: [{ count: null as unknown as number }] }));
      },
    });
    try {
      for (let i = 0; i < 5; i += 1) await off.app.inject({ method: 'GET', url: broken.path });
      await afterChecks();
      expect(responseContractMismatches(off.app)).toBe(0);
    } finally {
      await off.close();
    }
  });
});
