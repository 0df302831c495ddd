import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';

const serverRoot = path.resolve(import.meta.dirname, '..');

export interface BuiltServer {
  /** The compiled `main.js`. */
  main: string;
  /** Removes the build (a build the test made; one given by `PLAZA_SERVER_MAIN` stays). */
  remove(): void;
}

/**
 * The compiled server, as operators run it: `PLAZA_SERVER_MAIN` when given, else a build of this checkout
 * of its own (`build.mjs` into `dist-test-<random>` beside `dist/`, where its external packages resolve).
 */
export function builtServer(): BuiltServer {
  const given = process.env.PLAZA_SERVER_MAIN;
  if (given) return { main: path.resolve(serverRoot, '../..', given), remove: () => undefined };
  const outdir = `dist-test-${randomBytes(4).toString('hex')}`;
  const build = spawnSync(process.execPath, ['build.mjs'], {
    cwd: serverRoot,
    env: { ...process.env, SERVER_OUTDIR: outdir },
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`the server did not build:\n${build.stderr}`);
  return {
    main: path.join(serverRoot, outdir, 'main.js'),
    remove: () => rmSync(path.join(serverRoot, outdir), { recursive: true, force: true }),
  };
}

export interface ServerProcess {
  child: ChildProcess;
  /** What it wrote (while the test reads its output). */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts the compiled server with `env` added, its output on pipes the test reads. */
export function startServer(main: string, env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, [main], {
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => output, exited };
}

/** Waits until `check` holds, polling; fails naming `what` after `timeoutMs`. */
export async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
