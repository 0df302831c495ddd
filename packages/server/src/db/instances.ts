import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { executeRows } from './execute-rows';

/**
 * A server process's name on its PostgreSQL connections (`application_name`), one per process: with it
 * an instance sees the other servers on its database in `pg_stat_activity`. The CLI's are not named so.
 */
export function serverApplicationName(): string {
  return `${serverPrefix}${randomBytes(6).toString('hex')}`;
}
const serverPrefix = 'plaza-server ';

/** How often a starting instance looks again whether another one is still there. */
const RECHECK_MS = 1_000;

/**
 * How long a starting instance waits for another to end before it refuses: longer than a shutdown takes
 * (`SHUTDOWN_TIMEOUT_MS`, 25 s by default), so a restart that starts the new process first still works.
 */
export const SOLE_SERVER_WAIT_MS = 30_000;

/** Another Plaza server uses the same database and there is no Redis to share state with it. */
export class SharedWithoutRedisError extends Error {
  constructor(others: number) {
    super(
      `${others} other Plaza server(s) use this database, and REDIS_URL is not set. Several instances on one ` +
        'database need Redis: without it each keeps its own sessions cache, rate limits, caches and real-time ' +
        'messages, so a signed-out session stays valid on the others and chat does not cross. Set REDIS_URL ' +
        'on every instance, or stop the other one (a restart waits for the old process to end).',
    );
    this.name = 'SharedWithoutRedisError';
  }
}

/** How many other server processes (by their `application_name`) are connected to the database now. */
async function otherServers(db: Db, own: string): Promise<number> {
  const [row] = await executeRows<{ n: number }>(
    db,
    sql`select count(distinct application_name)::int as n from pg_stat_activity
      where datname = current_database() and starts_with(application_name, ${serverPrefix})
        and application_name <> ${own}`,
  );
  return row?.n ?? 0;
}

/**
 * Resolves once no other Plaza server is connected to the database, waiting up to `waitMs` for one
 * that is ending (a restart starts the new process while the old one drains); otherwise fails with
 * `SharedWithoutRedisError`. For a server on PostgreSQL without Redis (PGlite's folder is locked to one
 * process already). Two instances starting together cannot both miss the other: each has connected
 * before it looks, so the later look sees the earlier one.
 */
export async function requireSoleServer(db: Db, own: string, waitMs: number): Promise<void> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const others = await otherServers(db, own);
    if (others === 0) return;
    if (Date.now() >= deadline) throw new SharedWithoutRedisError(others);
    await new Promise((resolve) => setTimeout(resolve, RECHECK_MS));
  }
}
