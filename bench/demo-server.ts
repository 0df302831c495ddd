import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cookies, csrfHeader } from '@plaza/contract/constants';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The compiled server; `PLAZA_SERVER_MAIN` names another build of it (one of several in the same checkout). */
const mainFile = process.env.PLAZA_SERVER_MAIN
  ? path.resolve(process.env.PLAZA_SERVER_MAIN)
  : path.join(root, 'packages/server/dist/main.js');
/** A member of the demo content (packages/server/src/seed/people.ts), signed in for the pages that need one. */
const demoMember = 'anna.schneider';
/** A superadmin the bench creates. */
const benchAdmin = 'bench.admin';

export interface DemoServer {
  url: string;
  /** The session and CSRF cookies of the signed-in demo member. */
  memberCookies: Record<string, string>;
  /** The same of a superadmin created for the bench, for the administration pages. */
  adminCookies: Record<string, string>;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function setCookies(response: Response): Record<string, string> {
  return Object.fromEntries(
    response.headers.getSetCookie().map((line) => {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
  );
}

async function signIn(url: string, username: string, password: string): Promise<Record<string, string>> {
  const first = await fetch(`${url}/api/v2/auth/is_authenticated`);
  const jar = setCookies(first);
  const csrf = jar[cookies.csrf];
  if (!csrf) throw new Error('the server set no CSRF cookie');
  const login = await fetch(`${url}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `${cookies.csrf}=${csrf}`, [csrfHeader]: csrf },
    body: JSON.stringify({ username, password }),
  });
  if (!login.ok) throw new Error(`sign-in of ${username} failed: ${login.status} ${await login.text()}`);
  return { ...jar, ...setCookies(login) };
}

/**
 * The compiled server (`npm run build`) on a fresh PGlite folder with the demo content, a demo member's
 * password set through the operator CLI and that member signed in. `webDist` serves another web build.
 */
export async function startDemoServer(options: { webDist?: string } = {}): Promise<DemoServer> {
  if (!existsSync(mainFile)) throw new Error('The server is not built: run `npm run build` first.');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'plaza-bench-'));
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    SMTP_URL: '',
    ...(options.webDist ? { WEB_DIST: options.webDist } : {}),
  };
  const cli = (...args: string[]) => {
    const result = spawnSync(process.execPath, ['packages/server/bin/plaza.mjs', ...args], {
      cwd: root,
      env,
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`plaza ${args[0]} failed: ${result.stderr || result.stdout}`);
  };
  // A letter first: the CLI would read a leading '-' as an option.
  const password = `bench-${randomBytes(12).toString('base64url')}`;
  cli('seed');
  cli('user:set-password', '--username', demoMember, '--password', password);
  const admin = ['--username', benchAdmin, '--email', `${benchAdmin}@example.com`, '--password', password];
  cli('user:create', ...admin, '--firstname', 'Bench', '--lastname', 'Admin', '--superadmin');

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, [mainFile], {
    cwd: root,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const stop = async () => {
    server.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
      const ready = await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) break;
      if (Date.now() > deadline) throw new Error('the server was not ready within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return {
      url,
      memberCookies: await signIn(url, demoMember, password),
      adminCookies: await signIn(url, benchAdmin, password),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
