import { asc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inlineCount } from '../../db/inline-count';
import { users } from '../../db/schema';
import { forgetSessions } from '../../platform/session-cache';
import type { UserRow } from './repo';

/** `%text%` for ILIKE with the LIKE wildcards of the text escaped. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function matching(query: string | undefined): SQL | undefined {
  if (!query) return undefined;
  const pattern = contains(query);
  return or(
    ilike(users.firstname, pattern),
    ilike(users.lastname, pattern),
    ilike(users.username, pattern),
    ilike(users.email, pattern),
  );
}

/** Queries of the member administration on accounts (members/). */
export const accountsRepo = {
  /** A page of accounts by last and first name, optionally those matching a text. */
  page(db: Db, query: string | undefined, limit: number, offset: number): Promise<UserRow[]> {
    return db
      .select()
      .from(users)
      .where(matching(query))
      .orderBy(asc(sql`lower(${users.lastname})`), asc(sql`lower(${users.firstname})`), asc(users.id))
      .limit(inlineCount(limit))
      .offset(offset);
  },
  async count(db: Db, query: string | undefined): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(matching(query));
    return row?.n ?? 0;
  },
  /** Sets or clears an account's deactivation; returns the row. */
  async setDeactivated(db: Db, id: number, at: Date | null): Promise<UserRow | undefined> {
    const [row] = await db
      .update(users)
      .set({ deactivated_at: at, updated_at: new Date() })
      .where(eq(users.id, id))
      .returning();
    forgetSessions(db, { userId: id });
    return row;
  },
};
