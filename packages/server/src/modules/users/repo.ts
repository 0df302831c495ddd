import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { executeRows } from '../../db/execute-rows';
import { inlineCount } from '../../db/inline-count';
import { users } from '../../db/schema';
import { forgetSessions } from '../../platform/session-cache';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/** Members whose search documents one statement rebuilds when all are rebuilt. */
const SEARCH_VECTOR_BATCH = 1_000;

/** Queries on the users table. */
export const usersRepo = {
  async byId(db: Db, id: number): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    return row;
  },
  /** Case-insensitive lookup by username or email. */
  async byLogin(db: Db, field: 'username' | 'email', value: string): Promise<UserRow | undefined> {
    const column = field === 'username' ? users.username : users.email;
    const [row] = await db.select().from(users).where(sql`lower(${column}) = lower(${value})`);
    return row;
  },
  async insert(db: Db, values: NewUserRow): Promise<UserRow> {
    const [row] = await db.insert(users).values(values).returning();
    return row!;
  },
  async update(db: Db, id: number, values: Partial<NewUserRow>): Promise<UserRow | undefined> {
    const [row] = await db
      .update(users)
      .set({ ...values, updated_at: new Date() })
      .where(eq(users.id, id))
      .returning();
    forgetSessions(db, { userId: id });
    return row;
  },
  async count(db: Db): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
    return row?.n ?? 0;
  },
  async superadminCount(db: Db): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`'superadmin' = any(${users.permissions})`);
    return row?.n ?? 0;
  },
  /**
   * Deletes a member in one transaction, first handing the admin role of every group they alone
   * administered to its longest-standing member (addresses, children, custom field values, follows,
   * memberships and their activities go with the row by foreign key).
   */
  async deleteHandingOverGroups(db: Db, userId: number): Promise<void> {
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        update group_memberships set role = 'admin', updated_at = now()
        where id in (
          select distinct on (m.group_id) m.id from group_memberships m
          where m.status = 'accepted' and m.user_id <> ${userId}
            and m.group_id in (
              select a.group_id from group_memberships a
              where a.user_id = ${userId} and a.role = 'admin' and a.status = 'accepted')
            and not exists (
              select 1 from group_memberships o
              where o.group_id = m.group_id and o.role = 'admin' and o.status = 'accepted'
                and o.user_id <> ${userId})
          order by m.group_id, m.created_at, m.id)`);
      await tx.delete(users).where(eq(users.id, userId));
    });
    forgetSessions(db, { userId });
  },
  /** The distinct non-blank values of a text-array column of users, sorted, at most `limit`. */
  async valuesInUse(db: Db, column: string, limit: number): Promise<string[]> {
    const rows = await executeRows<{ value: string }>(
      db,
      sql`select distinct v.value from users u cross join lateral unnest(u.${sql.raw(column)}) as v(value)
          where btrim(v.value) <> '' order by v.value limit ${inlineCount(limit)}`,
    );
    return rows.map((row) => row.value);
  },
  /**
   * Sets `search_vector` of the given members (or of all) to `document`, an expression over `users u`.
   * All members go in slices of `SEARCH_VECTOR_BATCH` ids, one statement each, so that rebuilding a large
   * community's documents never runs into the statement timeout.
   */
  /** Members whose search document is missing or older than the rules that build it now. */
  async outdatedSearchVectors(db: Db, versionLexeme: string): Promise<number[]> {
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(
        sql`${users.search_vector} is null or not (${users.search_vector} @@ ${`'${versionLexeme}'`}::tsquery)`,
      );
    return rows.map((row) => row.id);
  },
  async setSearchVectors(db: Db, document: SQL, userIds: readonly number[] | 'all'): Promise<void> {
    const update = (where: SQL) =>
      db.execute(sql`update users u set search_vector = ${document} where ${where}`);
    if (userIds !== 'all') {
      await update(sql`u.id = any(${sql.param([...userIds])}::int[])`);
      return;
    }
    const [range] = await db
      .select({ low: sql<number | null>`min(${users.id})`, high: sql<number | null>`max(${users.id})` })
      .from(users);
    if (range?.low == null || range.high == null) return;
    for (let from = Number(range.low); from <= Number(range.high); from += SEARCH_VECTOR_BATCH) {
      await update(sql`u.id >= ${from} and u.id < ${from + SEARCH_VECTOR_BATCH}`);
    }
  },
};
