import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pushKeys, pushSubscriptions, users } from '../../db/schema';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** Queries of web push: the key pair, the subscriptions, and whether a member is connected. */
export const pushRepo = {
  async keys(db: Db) {
    const [row] = await db.select().from(pushKeys).where(eq(pushKeys.id, 1));
    return row;
  },
  /** Stores the key pair unless another instance stored one first; answers the stored one. */
  async storeKeys(db: Db, keys: { public_key: string; private_key: string }) {
    await db
      .insert(pushKeys)
      .values({ id: 1, ...keys })
      .onConflictDoNothing();
    return (await pushRepo.keys(db))!;
  },
  /** One row per browser (endpoint): the same browser again keeps its id, for whoever signed in last. */
  async upsert(db: Db, values: typeof pushSubscriptions.$inferInsert): Promise<string> {
    const [row] = await db
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { user_id: values.user_id, p256dh: values.p256dh, auth: values.auth },
      })
      .returning({ id: pushSubscriptions.id });
    return row!.id;
  },
  /** Removes the member's own subscription; false when it is not theirs or not there. */
  async removeOwn(db: Db, id: string, userId: number): Promise<boolean> {
    const rows = await db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.user_id, userId)))
      .returning({ id: pushSubscriptions.id });
    return rows.length > 0;
  },
  async removeByEndpoint(db: Db, endpoint: string): Promise<void> {
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
  },
  /** The subscriptions of those of the members not seen since `since` (an open connection keeps that fresh). */
  async ofAbsentMembers(db: Db, userIds: number[], since: Date): Promise<PushSubscriptionRow[]> {
    if (userIds.length === 0) return [];
    const rows = await db
      .select({ subscription: pushSubscriptions })
      .from(pushSubscriptions)
      .innerJoin(users, eq(users.id, pushSubscriptions.user_id))
      .where(
        and(
          inArray(pushSubscriptions.user_id, userIds),
          or(isNull(users.last_seen_at), lte(users.last_seen_at, since)),
        ),
      );
    return rows.map((row) => row.subscription);
  },
  /** Marks members as seen now (the open real-time connections of an instance). */
  async touch(db: Db, userIds: number[]): Promise<void> {
    if (userIds.length === 0) return;
    await db
      .update(users)
      .set({ last_seen_at: new Date() })
      .where(sql`${users.id} = any(${sql.param(userIds)}::int[])`);
  },
};
