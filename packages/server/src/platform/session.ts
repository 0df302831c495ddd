import { createHash, randomBytes } from 'node:crypto';
// The cookie plugin's types (reply.setCookie, request.cookies) hold wherever this file is compiled.
import type {} from '@fastify/cookie';
import {
  cookies,
  defaultLocale,
  isLocale,
  type Locale,
  localeHeader,
  sessionTtlSeconds,
} from '@plaza/contract';
import { and, eq, getTableColumns, gt, lte, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { preparedQuery } from '../db/prepared-query';
import { runDetached } from '../db/query-scope';
import { sessions, users } from '../db/schema';
import type { AppDeps } from '../deps';
import {
  type CachedSession,
  cachedSession,
  cacheGeneration,
  forgetSession,
  forgetSessions,
  keepSession,
  shareSessionChanges,
  touchCachedSession,
} from './session-cache';

const TOUCH_AFTER_MS = 60_000;

/** The id of a session row: SHA-256 of the cookie's token, so a leaked table holds no usable tokens. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The locale of a call: `locale` query, `x-locale` header, the member's choice, else de_DE. */
export function resolveLocale(request: FastifyRequest): Locale {
  const query = (request.query as Record<string, unknown> | undefined)?.locale;
  if (isLocale(query)) return query;
  const header = request.headers[localeHeader];
  if (isLocale(header)) return header;
  if (request.user && isLocale(request.user.selected_language)) return request.user.selected_language;
  return defaultLocale;
}

/** Options of the session cookie. */
function cookieOptions(secure: boolean) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure, maxAge: sessionTtlSeconds };
}

/** Starts a session with a new random id (ending the caller's previous one) and sets its cookie. */
export async function startSession(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  secure: boolean,
) {
  if (request.sessionId) {
    await db.delete(sessions).where(eq(sessions.id, request.sessionId));
    forgetSessions(db, { sessionId: request.sessionId });
  }
  const token = randomBytes(32).toString('base64url');
  const id = hashToken(token);
  await db.insert(sessions).values({
    id,
    user_id: userId,
    expires_at: new Date(Date.now() + sessionTtlSeconds * 1000),
    ip: request.ip,
    user_agent: request.headers['user-agent']?.slice(0, 500) ?? null,
  });
  reply.setCookie(cookies.session, token, cookieOptions(secure));
  request.sessionId = id;
  return id;
}

/**
 * Ends the caller's session and clears its cookie. The session's end runs outside the request's query
 * scope: a client that goes away after asking to sign out (a sign-out link followed while the tab
 * closes) abandons its request, whose queries are then refused or cancelled (`db/pool.ts`), and the
 * session would stay valid.
 */
export async function endSession(db: Db, request: FastifyRequest, reply: FastifyReply, secure: boolean) {
  const sessionId = request.sessionId;
  if (sessionId) {
    // Run (not only built) outside the scope: drizzle's query starts when awaited.
    await runDetached(async () => {
      await db.delete(sessions).where(eq(sessions.id, sessionId));
    });
    forgetSessions(db, { sessionId });
  }
  reply.clearCookie(cookies.session, cookieOptions(secure));
  request.sessionId = null;
  request.user = null;
}

/** Ends every session of a member (optionally keeping one); returns the ended ids. */
export async function endAllSessions(db: Db, userId: number, keep?: string): Promise<string[]> {
  const rows = await db
    .delete(sessions)
    .where(keep ? and(eq(sessions.user_id, userId), ne(sessions.id, keep)) : eq(sessions.user_id, userId))
    .returning({ id: sessions.id });
  for (const row of rows) forgetSessions(db, { sessionId: row.id });
  return rows.map((row) => row.id);
}

/** Removes sessions that expired by `now` (housekeeping); returns how many. */
export async function removeExpiredSessions(db: Db, now: Date): Promise<number> {
  const rows = await db.delete(sessions).where(lte(sessions.expires_at, now)).returning({ id: sessions.id });
  return rows.length;
}

/** The columns of `SessionUser`: the member without the password hash and the search document. */
const { password_hash: _hash, search_vector: _document, ...sessionUserColumns } = getTableColumns(users);

/**
 * Loads the member of the session cookie into `request.user`, and the call's locale into `request.locale`.
 * A session read in the last seconds comes from memory (`session-cache.ts`); its last-seen time is
 * still written once a minute.
 */
async function sessionPlugin(app: FastifyInstance, { database, bus }: AppDeps) {
  const { db } = database;
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('locale', defaultLocale);
  const unsubscribe = await shareSessionChanges(db, bus, app.log);
  app.addHook('onClose', unsubscribe);
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[cookies.session];
    if (token) {
      const id = hashToken(token);
      const now = Date.now();
      const session = cachedSession(db, id, now) ?? (await readSession(db, id, now));
      if (session) {
        request.user = session.user;
        request.sessionId = id;
        if (now - session.lastSeenAt > TOUCH_AFTER_MS) {
          touchCachedSession(db, id, now);
          await db
            .update(sessions)
            .set({ last_seen_at: new Date(now) })
            .where(eq(sessions.id, id));
          await db
            .update(users)
            .set({ last_seen_at: new Date(now) })
            .where(eq(users.id, session.user.id));
        }
      }
    }
    request.locale = resolveLocale(request);
  });
}

/** The unexpired session `id` with its member from the database, kept in the cache. */
async function readSession(db: Db, id: string, now: number): Promise<CachedSession | undefined> {
  const generation = cacheGeneration(db);
  const query = preparedQuery(db, 'session_member', (name) =>
    db
      .select({
        session: { last_seen_at: sessions.last_seen_at, expires_at: sessions.expires_at },
        user: sessionUserColumns,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.user_id))
      .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expires_at, sql.placeholder('now'))))
      .prepare(name),
  );
  const [row] = await query.execute({ id, now: new Date(now) });
  if (!row) {
    forgetSession(db, id);
    return undefined;
  }
  const session = {
    user: row.user,
    expiresAt: row.session.expires_at.getTime(),
    lastSeenAt: row.session.last_seen_at.getTime(),
  };
  keepSession(db, id, session, now, generation);
  return session;
}

export const session = fp(sessionPlugin, { name: 'plaza-session', dependencies: ['@fastify/cookie'] });
