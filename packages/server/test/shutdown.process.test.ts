import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltServer, builtServer, type ServerProcess, startServer, waitFor } from './built-server';

/** Every process a test started: one a failed assertion left running is stopped after the tests. */
const started: ServerProcess[] = [];
/** The deadline the servers get; the test waits a little longer before calling the exit missed. */
const shutdownTimeoutMs = 5000;

/**
 * Requests that each log two lines (about 500 bytes): 4,000 of them write some 2 MB, far beyond what the
 * pipe (a socket pair, a few hundred KB) holds once its reader stops. Every request must still be answered.
 */
async function logALot(port: number): Promise<void> {
  for (let round = 0; round < 200; round += 1) {
    const batch = await Promise.all(
      Array.from({ length: 20 }, () => fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.status)),
    );
    expect(batch.every((status) => status === 200)).toBe(true);
  }
}

/** A server whose log lines have nowhere to go still answers and, on SIGTERM, exits within its deadline. */
describe('shutdown with a standard output nobody reads', () => {
  let build: BuiltServer;
  const dataDirs: string[] = [];
  beforeAll(() => {
    build = builtServer();
  });
  afterAll(() => {
    for (const server of started)
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    build.remove();
  });

  async function runningServer(): Promise<{ server: ServerProcess; port: number }> {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'plaza-shutdown-'));
    dataDirs.push(dataDir);
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const server = startServer(build.main, {
      DATA_DIR: dataDir,
      PORT: String(port),
      DATABASE_URL: '',
      PLAZA_DEMO: '0',
      SHUTDOWN_TIMEOUT_MS: String(shutdownTimeoutMs),
    });
    started.push(server);
    await waitFor(() => server.output().includes('Plaza is running'), 'the start');
    return { server, port };
  }

  /** Resolves with how the process ended, or with 'still running' once the deadline is well past. */
  function endOf(server: ServerProcess) {
    return Promise.race([
      server.exited,
      new Promise<'still running'>((resolve) =>
        setTimeout(() => resolve('still running'), shutdownTimeoutMs + 15_000),
      ),
    ]);
  }

  it('answers while its output pipe is full, and exits on SIGTERM', async () => {
    const { server, port } = await runningServer();
    // The test stops reading: the pipe fills up and the server's writes would block (EAGAIN).
    server.child.stdout!.pause();
    await logALot(port);
    server.child.kill('SIGTERM');
    expect(await endOf(server)).toEqual({ code: 0, signal: null });
  }, 180_000);

  it('exits on SIGTERM after the reader of its output went away (EPIPE)', async () => {
    const { server, port } = await runningServer();
    server.child.stdout!.destroy();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.status)),
    );
    expect(answers.every((status) => status === 200)).toBe(true);
    server.child.kill('SIGTERM');
    expect(await endOf(server)).toEqual({ code: 0, signal: null });
  }, 180_000);
});
