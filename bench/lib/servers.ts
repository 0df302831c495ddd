import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/**
 * The compiled server: `packages/server/dist` (which `npm run bench` builds), or the build that
 * `PLAZA_SERVER_MAIN` names (one of several in the same checkout; `npm run bench` then builds none).
 */
const plazaMain = process.env.PLAZA_SERVER_MAIN
  ? path.resolve(process.env.PLAZA_SERVER_MAIN)
  : path.join(root, 'packages/server/dist/main.js');
const baselineSource = path.join(root, 'bench/baseline/server.ts');
const baselineBundle = path.join(root, 'bench/baseline/dist/server.mjs');

/**
 * Node's flags of `npm run serve` (package.json), given to both servers: the bench measures Plaza as it
 * is started, and the baseline on the same runtime.
 */
const serveFlags: string[] = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'))
  .scripts.serve.split(' ')
  .filter((word: string) => word.startsWith('--'));

/** Lines of a server's output shown before the rest is only counted (a flood would hide the figures). */
const shownLines = 40;

export interface RunningServer {
  name: string;
  url: string;
  pid: number;
  /** Milliseconds from spawning the process to its first 200 from `/readyz`. */
  startupMs: number;
  /** Resident memory of the process now (Linux). */
  rssBytes(): number;
  stop(): Promise<void>;
}

export interface ServerOptions {
  databaseUrl: string;
  /** Set for several instances that share events through Redis. */
  redisUrl?: string | undefined;
  /** Further environment (e.g. `METRICS_TOKEN`, `REDIS_PREFIX`), over the bench's own. */
  env?: Record<string, string> | undefined;
  /** Plaza's data folder (uploads), e.g. one shared by two instances; kept at stop. Unset: a temporary one. */
  dataDir?: string | undefined;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Plaza's compiled server (`npm run build` first), on the bench database, without demo content. */
export async function startPlaza(options: ServerOptions, name = 'plaza'): Promise<RunningServer> {
  if (!existsSync(plazaMain)) throw new Error(`${plazaMain} is missing: run \`npm run build\` first`);
  const ownDataDir = options.dataDir ? null : mkdtempSync(path.join(os.tmpdir(), 'plaza-bench-data-'));
  const server = await startProcess(name, [...serveFlags, plazaMain], options, {
    DATA_DIR: options.dataDir ?? ownDataDir!,
    PLAZA_DEMO: '0',
  });
  return {
    ...server,
    async stop() {
      await server.stop();
      if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
    },
  };
}

let baselineBuilt: Promise<unknown> | undefined;

/**
 * The bare Fastify + node-postgres server (bench/baseline), compiled by esbuild as the server is, so
 * both start as plain `node` processes.
 */
export async function startBaseline(options: ServerOptions, name = 'baseline'): Promise<RunningServer> {
  baselineBuilt ??= build({
    entryPoints: [baselineSource],
    outfile: baselineBundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  await baselineBuilt;
  // It reads the web build and the texts from the repository, as Plaza does.
  return startProcess(name, [...serveFlags, baselineBundle], options, { PLAZA_ROOT: root });
}

async function startProcess(
  name: string,
  args: string[],
  options: ServerOptions,
  extraEnv: Record<string, string>,
): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      REDIS_URL: options.redisUrl ?? '',
      SMTP_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      ...extraEnv,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  forwardOutput(name, child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await Promise.race([
    waitReady(url),
    exited.then((code) => {
      throw new Error(`${name} exited with ${code} before it was ready`);
    }),
  ]);
  const startupMs = performance.now() - started;
  return {
    name,
    url,
    pid: child.pid!,
    startupMs,
    rssBytes: () => rssOf(child.pid!),
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** A log line as one short line: a JSON log entry's level, message, request and error message. */
function shortLine(line: string): string {
  try {
    const entry = JSON.parse(line) as {
      level?: number;
      msg?: string;
      url?: string;
      req?: { url?: string };
      err?: { message?: string };
    };
    const url = entry.url ?? entry.req?.url;
    return [`level ${entry.level}`, entry.msg, url, entry.err?.message?.split('\n')[0]]
      .filter(Boolean)
      .join(': ');
  } catch {
    return line.slice(0, 300);
  }
}

function forwardOutput(name: string, child: ChildProcess) {
  let lines = 0;
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      lines += 1;
      if (lines <= shownLines) console.error(`[${name}] ${shortLine(line)}`);
      else if (lines === shownLines + 1) console.error(`[${name}] (further output not shown)`);
    }
  };
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);
}

/** Polls `/readyz` every few milliseconds until it answers 200 (the database is reachable). */
async function waitReady(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/readyz`);
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`${url} was not ready within ${timeoutMs / 1000} s`);
}

/** The resident set size of a process, from /proc (Linux). */
function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) * 1024;
}
