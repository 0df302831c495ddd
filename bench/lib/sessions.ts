import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cookies, csrfHeader, endpoints } from '@plaza/contract';
import { benchPassword } from '../data/accounts';

/** A signed-in member as a client holds it: the cookies to send and the CSRF token to repeat. */
export interface MemberSession {
  username: string;
  /** `plaza_session=...; plaza_csrf=...` */
  cookie: string;
  csrf: string;
}

/** Sign-ins running at once: each costs the server a scrypt hash. */
const parallelSignIns = 4;

/** Signed-in sessions of a bench database, kept between runs: sessions are rows that last two weeks. */
function cacheFile(databaseUrl: string): string {
  const key = createHash('sha256').update(databaseUrl).digest('hex').slice(0, 16);
  return path.join(os.tmpdir(), `plaza-bench-sessions-${key}.json`);
}

function cookieValue(response: Response, name: string): string | undefined {
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(';');
    const [key, value] = pair!.split('=');
    if (key === name && value) return value;
  }
  return undefined;
}

async function isSignedIn(url: string, session: MemberSession): Promise<boolean> {
  const response = await fetch(`${url}${endpoints.auth.isAuthenticated.path}`, {
    headers: { cookie: session.cookie },
  });
  const body = (await response.json()) as { isAuthenticated?: boolean };
  return response.ok && body.isAuthenticated === true;
}

/**
 * Signs members in through Plaza's own sign-in call (as e2e/fixtures do: the CSRF cookie from a first
 * call, repeated in the header), reusing sessions of an earlier run on the same database while they
 * still work. `url` is any Plaza instance of that database.
 */
export async function signIn(
  url: string,
  databaseUrl: string,
  usernames: string[],
): Promise<MemberSession[]> {
  const file = cacheFile(databaseUrl);
  let cached: Record<string, MemberSession> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const sample = usernames.map((name) => cached[name]).find(Boolean);
  if (sample && !(await isSignedIn(url, sample))) cached = {};

  const missing = usernames.filter((name) => !cached[name]);
  if (missing.length > 0) {
    const first = await fetch(`${url}${endpoints.auth.isAuthenticated.path}`);
    await first.arrayBuffer();
    const csrf = cookieValue(first, cookies.csrf);
    if (!csrf) throw new Error('the server set no CSRF cookie');
    const started = performance.now();
    let next = 0;
    const worker = async () => {
      while (next < missing.length) {
        const username = missing[next++]!;
        const response = await fetch(`${url}${endpoints.auth.login.path}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            cookie: `${cookies.csrf}=${csrf}`,
            [csrfHeader]: csrf,
          },
          body: JSON.stringify({ username, password: benchPassword }),
        });
        const token = cookieValue(response, cookies.session);
        if (!response.ok || !token) {
          throw new Error(`sign-in of ${username} failed: ${response.status} ${await response.text()}`);
        }
        await response.arrayBuffer();
        cached[username] = { username, cookie: `${cookies.session}=${token}; ${cookies.csrf}=${csrf}`, csrf };
      }
    };
    await Promise.all(Array.from({ length: parallelSignIns }, worker));
    writeFileSync(file, JSON.stringify(cached));
    const seconds = (performance.now() - started) / 1000;
    console.log(`signed in ${missing.length} members in ${seconds.toFixed(1)} s`);
  }
  return usernames.map((name) => cached[name]!);
}
