import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchProcessFailures } from './outage';
import { type LimitedApp, requirePostgres, sleepPath, startLimitedApp } from './overload';

requirePostgres('abandoned-request.postgres.test.ts');

/** A read whose client goes away: its running statement is cancelled, its further queries not run. */
describe('abandoned requests', () => {
  const processFailures = watchProcessFailures();
  let s: LimitedApp;
  let base: string;

  /** Starts a GET over real HTTP (inject has no connection to drop); returns how to go away. */
  function startGet(path: string): { abandon(): void } {
    const request = http.get(`${base}${path}`);
    request.on('error', () => {});
    return { abandon: () => request.destroy() };
  }

  const abandonedLines = (url: string) =>
    s.logs.lines.filter(
      (line) =>
        line.msg === 'request abandoned by its client: its queries were cancelled' && line.url === url,
    );

  beforeAll(async () => {
    // One connection, so that a second request waits in the queue.
    s = await startLimitedApp({ statementTimeoutMs: 0, poolMax: 1, poolQueueMax: 10 }, 'info');
    await s.t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(s.t.app.server.address() as AddressInfo).port}`;
    processFailures.start();
  });

  afterAll(async () => {
    processFailures.stop();
    await s?.close();
  });

  it('cancels the running statement of a request whose client went away; the server serves on', async () => {
    const url = `${sleepPath}?seconds=60`;
    const call = startGet(url);
    await expect.poll(() => s.sleeping(), { timeout: 10_000 }).toBe(1);
    call.abandon();
    await expect.poll(() => s.sleeping(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => abandonedLines(url).length).toBe(1);

    expect((await s.t.app.inject({ method: 'GET', url: `${sleepPath}?seconds=0` })).statusCode).toBe(200);
    expect(s.logs.lines.filter((line) => line.level >= 40)).toEqual([]);
    expect(processFailures.failures).toEqual([]);
  });

  it('does not run the query of a request abandoned while it waited for a connection', async () => {
    const holder = s.t.app.inject({ method: 'GET', url: `${sleepPath}?seconds=1` });
    await expect.poll(() => s.sleeping(), { timeout: 10_000 }).toBe(1);
    const url = `${sleepPath}?seconds=61`;
    const waiting = startGet(url);
    // The waiting request's answer cannot be observed from here; its log line says when it is queued.
    await expect
      .poll(() =>
        s.logs.lines.some(
          (line) =>
            line.msg === 'incoming request' && (line.req as { url?: string } | undefined)?.url === url,
        ),
      )
      .toBe(true);
    waiting.abandon();
    expect((await holder).statusCode).toBe(200);
    await expect.poll(() => abandonedLines(url).length).toBe(1);
    expect(await s.sleeping()).toBe(0);
    expect(s.logs.lines.filter((line) => line.level >= 40)).toEqual([]);
    expect(processFailures.failures).toEqual([]);
  });
});
