import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordResets, users } from '../../db/schema';
import { forgetSessions } from '../../platform/session-cache';

/** Queries of sign-in: reset links and the terms. (Sign-in throttling is in `platform/rate-limit`.) */
export const authRepo = {
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
  /** The stored password hash of a member (the session's member carries none). */
  async passwordHash(db: Db, userId: number): Promise<string | null | undefined> {
    const [row] = await db.select({ hash: users.password_hash }).from(users).where(eq(users.id, userId));
    return row?.hash;
  },
  async setPassword(db: Db, userId: number, passwordHash: string): Promise<void> {
    await db
      .update(users)
      .set({ password_hash: passwordHash, updated_at: new Date() })
      .where(eq(users.id, userId));
    forgetSessions(db, { userId });
  },
  async acceptTerms(db: Db, userId: number): Promise<void> {
    await db
      .update(users)
      .set({ agb_nda_accepted: true, updated_at: new Date() })
      .where(eq(users.id, userId));
    forgetSessions(db, { userId });
  },
  /** Removes reset links that expired by `now`, used or not (housekeeping); returns how many. */
  async removeExpiredResets(db: Db, now: Date): Promise<number> {
    const rows = await db
      .delete(passwordResets)
      .where(lte(passwordResets.expires_at, now))
      .returning({ id: passwordResets.id });
    return rows.length;
  },
};
