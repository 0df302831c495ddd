import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { abandonQueryScope, newQueryScope, runInQueryScope } from '../src/db/query-scope';
import { sessions } from '../src/db/schema';
import { endSession } from '../src/platform/session';
import { createTestDatabase } from './database';
import { buildUser } from './factories';
import { requirePostgres } from './overload';

requirePostgres('sign-out-abandoned.postgres.test.ts');

/**
 * A sign-out whose client went away (the tab closed after following a sign-out link): the request is
 * abandoned, and the pool refuses its queries (`db/pool.ts`, PostgreSQL only). The session must end anyway.
 */
describe('sign-out of an abandoned request', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('ends the session although the request was abandoned before its query ran', async () => {
    const user = await buildUser(database.db);
    const id = `abandoned-${user.id}`;
    await database.db
      .insert(sessions)
      .values({ id, user_id: user.id, expires_at: new Date(Date.now() + 3_600_000) });
    // What endSession reads of the request and does to the answer: the session and the cookie.
    const request = { sessionId: id, user: { id: user.id } } as unknown as FastifyRequest;
    const cleared: string[] = [];
    const reply = { clearCookie: (name: string) => cleared.push(name) } as unknown as FastifyReply;
    const scope = newQueryScope('GET /api/v2/logout');
    abandonQueryScope(scope);

    await runInQueryScope(scope, () => endSession(database.db, request, reply, false));

    expect(await database.db.select().from(sessions).where(eq(sessions.id, id))).toEqual([]);
    expect(cleared).toHaveLength(1);
    expect(request.sessionId).toBeNull();
  });
});
