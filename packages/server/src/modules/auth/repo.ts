import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordResets, users } from '../../db/schema';

/** Queries of sign-in: failure counters and reset links. */
export const authRepo = {
  /** Counts a failed sign-in; locks the account once `lockAfter` failures are reached. Returns the lock end, if any. */
  async recordFailure(db: Db, userId: number, lockAfter: number, lockSeconds: number): Promise<Date | null> {
    const [row] = await db
      .update(users)
      .set({
        failed_logins: sql`case when ${users.failed_logins} + 1 >= ${lockAfter} then 0 else ${users.failed_logins} + 1 end`,
        locked_until: sql`case when ${users.failed_logins} + 1 >= ${lockAfter}
          then now() + make_interval(secs => ${lockSeconds}) else ${users.locked_until} end`,
      })
      .where(eq(users.id, userId))
      .returning({ locked_until: users.locked_until });
    return row?.locked_until && row.locked_until > new Date() ? row.locked_until : null;
  },
  async clearFailures(db: Db, userId: number): Promise<void> {
    await db.update(users).set({ failed_logins: 0, locked_until: null }).where(eq(users.id, userId));
  },
  /** Stores a new reset link and drops the member's older unused ones. */
  async createReset(db: Db, userId: number, tokenHash: string, expiresAt: Date): Promise<void> {
    await db
      .delete(passwordResets)
      .where(and(eq(passwordResets.user_id, userId), isNull(passwordResets.used_at)));
    await db.insert(passwordResets).values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt });
  },
  /** Marks a valid (unused, unexpired) link used, atomically; false when there is none. */
  async consumeReset(db: Db, userId: number, tokenHash: string): Promise<boolean> {
    const rows = await db
      .update(passwordResets)
      .set({ used_at: new Date() })
      .where(
        and(
          eq(passwordResets.user_id, userId),
          eq(passwordResets.token_hash, tokenHash),
          isNull(passwordResets.used_at),
          gt(passwordResets.expires_at, new Date()),
        ),
      )
      .returning({ id: passwordResets.id });
    return rows.length > 0;
  },
  async setPassword(db: Db, userId: number, passwordHash: string): Promise<void> {
    await db
      .update(users)
      .set({ password_hash: passwordHash, failed_logins: 0, locked_until: null, updated_at: new Date() })
      .where(eq(users.id, userId));
  },
  async acceptTerms(db: Db, userId: number): Promise<void> {
    await db
      .update(users)
      .set({ agb_nda_accepted: true, updated_at: new Date() })
      .where(eq(users.id, userId));
  },
};
