import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

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
    return row;
  },
  async count(db: Db): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
    return row?.n ?? 0;
  },
};
