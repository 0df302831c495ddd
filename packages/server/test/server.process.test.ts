import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const serverEntry = path.resolve(import.meta.dirname, '../src/main.ts');

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Every process a test started: one a failed assertion left running is stopped after the tests. */
const started: ChildProcess[] = [];

function start(dataDir: string, port: number): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitFor(check: () => boolean, what: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The server as an operator runs it: PGlite in DATA_DIR, the admin line once, one process per folder, clean SIGTERM. */
describe('server process on PGlite', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'plaza-main-'));
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  afterAll(() => {
    for (const child of started)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts, prints the admin login once, refuses a second process, stops cleanly and restarts', async () => {
    const first = start(dataDir, port);
    await waitFor(() => first.output().includes('Plaza is running'), 'the first start');
    const adminLines = first.output().match(/^Admin login: (\S+) \/ (\S+)$/gm) ?? [];
    expect(adminLines).toHaveLength(1);

    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);

    const second = start(dataDir, port + 1);
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toMatch(/in use by another Plaza process/);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toMatch(/stopped/);
    expect(existsSync(path.join(dataDir, 'plaza.lock'))).toBe(false);

    const again = start(dataDir, port);
    await waitFor(() => again.output().includes('Plaza is running'), 'the restart');
    expect(again.output()).not.toMatch(/Admin login:/);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 180_000);
});
