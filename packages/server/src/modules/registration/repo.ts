import { shopLimits } from '@plaza/contract';
import { and, asc, eq, getTableColumns, gt, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import { anyId } from '../../db/any-id';
import type { Db } from '../../db/client';
import { inlineCount } from '../../db/inline-count';
import {
  emailConfirmations,
  giftSubscriptionOptions,
  gifts,
  images,
  registrationTopics,
  subscriptionOptions,
  subscriptions,
  userRegistrationTopics,
  users,
} from '../../db/schema';

export type OptionRow = typeof subscriptionOptions.$inferSelect;
export type NewOptionRow = typeof subscriptionOptions.$inferInsert;
export type GiftRow = typeof gifts.$inferSelect;
export type NewGiftRow = typeof gifts.$inferInsert;
export type TopicRow = typeof registrationTopics.$inferSelect;

/** An option with its image's path. */
export type OptionWithImage = OptionRow & { image_path: string | null };
/** A gift with its image's path and the options it comes with. */
export type GiftWithOptions = GiftRow & { image_path: string | null; option_ids: number[] };

/**
 * The most rows a list of options, gifts or topics returns: managed catalogues of a handful of entries,
 * read whole like the shop's (one bounded read without pages).
 */
const catalogueLimit = shopLimits.catalogueMax;

const optionColumns = { ...getTableColumns(subscriptionOptions), image_path: images.path };
const giftOptionIds = sql<
  number[]
>`coalesce((select array_agg(gso.subscription_option_id order by gso.subscription_option_id) from ${giftSubscriptionOptions} gso where gso.gift_id = ${gifts.id}), '{}')`;
const giftColumns = { ...getTableColumns(gifts), image_path: images.path, option_ids: giftOptionIds };

/** Queries of subscription options, gifts, registration topics and confirmation links. */
export const registrationRepo = {
  /** Options in id order, only the active ones when `activeOnly`. */
  options(db: Db, activeOnly: boolean): Promise<OptionWithImage[]> {
    return db
      .select(optionColumns)
      .from(subscriptionOptions)
      .leftJoin(images, eq(images.id, subscriptionOptions.image_id))
      .where(activeOnly ? eq(subscriptionOptions.active, true) : undefined)
      .orderBy(asc(subscriptionOptions.id))
      .limit(catalogueLimit);
  },

  async optionById(db: Db, id: number): Promise<OptionWithImage | undefined> {
    const [row] = await db
      .select(optionColumns)
      .from(subscriptionOptions)
      .leftJoin(images, eq(images.id, subscriptionOptions.image_id))
      .where(eq(subscriptionOptions.id, id));
    return row;
  },

  async insertOption(db: Db, values: NewOptionRow): Promise<number> {
    const [row] = await db
      .insert(subscriptionOptions)
      .values(values)
      .returning({ id: subscriptionOptions.id });
    return row!.id;
  },

  async updateOption(db: Db, id: number, values: Partial<NewOptionRow>): Promise<boolean> {
    const rows = await db
      .update(subscriptionOptions)
      .set({ ...values, updated_at: new Date() })
      .where(eq(subscriptionOptions.id, id))
      .returning({ id: subscriptionOptions.id });
    return rows.length > 0;
  },

  /** Whether any subscription was taken with this option. */
  async optionInUse(db: Db, id: number): Promise<boolean> {
    const [row] = await db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(eq(subscriptions.option_id, id))
      .limit(1);
    return Boolean(row);
  },

  async removeOption(db: Db, id: number): Promise<{ image_id: number | null } | undefined> {
    const [row] = await db
      .delete(subscriptionOptions)
      .where(eq(subscriptionOptions.id, id))
      .returning({ image_id: subscriptionOptions.image_id });
    return row;
  },

  /** How many of these option ids exist. */
  async countOptions(db: Db, ids: number[]): Promise<number> {
    if (ids.length === 0) return 0;
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(subscriptionOptions)
      .where(inArray(subscriptionOptions.id, ids));
    return row?.count ?? 0;
  },

  gifts(db: Db, activeOnly: boolean): Promise<GiftWithOptions[]> {
    return db
      .select(giftColumns)
      .from(gifts)
      .leftJoin(images, eq(images.id, gifts.image_id))
      .where(activeOnly ? eq(gifts.active, true) : undefined)
      .orderBy(asc(gifts.id))
      .limit(catalogueLimit);
  },

  async giftById(db: Db, id: number): Promise<GiftWithOptions | undefined> {
    const [row] = await db
      .select(giftColumns)
      .from(gifts)
      .leftJoin(images, eq(images.id, gifts.image_id))
      .where(eq(gifts.id, id));
    return row;
  },

  /** Stores a gift and the options it comes with, in one transaction. */
  async insertGift(db: Db, values: NewGiftRow, optionIds: number[]): Promise<number> {
    return db.transaction(async (tx) => {
      const [row] = await tx.insert(gifts).values(values).returning({ id: gifts.id });
      await setGiftOptions(tx, row!.id, optionIds);
      return row!.id;
    });
  },

  /** Saves a gift's fields (and its options when given); false when there is no such gift. */
  async updateGift(db: Db, id: number, values: Partial<NewGiftRow>, optionIds?: number[]): Promise<boolean> {
    return db.transaction(async (tx) => {
      const rows = await tx
        .update(gifts)
        .set({ ...values, updated_at: new Date() })
        .where(eq(gifts.id, id))
        .returning({ id: gifts.id });
      if (rows.length === 0) return false;
      if (optionIds) await setGiftOptions(tx, id, optionIds);
      return true;
    });
  },

  async removeGift(db: Db, id: number): Promise<{ image_id: number | null } | undefined> {
    const [row] = await db.delete(gifts).where(eq(gifts.id, id)).returning({ image_id: gifts.image_id });
    return row;
  },

  /**
   * Takes one piece of an active gift that comes with the option (stock null: unlimited), in the
   * caller's transaction; false when none is left (two registrations racing for the last one: one
   * gets it).
   */
  async takeGift(tx: Db, giftId: number, optionId: number): Promise<boolean> {
    const rows = await tx
      .update(gifts)
      .set({ stock: sql`case when ${gifts.stock} is null then null else ${gifts.stock} - 1 end` })
      .where(
        and(
          eq(gifts.id, giftId),
          eq(gifts.active, true),
          sql`(${gifts.stock} is null or ${gifts.stock} > 0)`,
          sql`exists (select 1 from ${giftSubscriptionOptions} gso where gso.gift_id = ${gifts.id} and gso.subscription_option_id = ${optionId})`,
        ),
      )
      .returning({ id: gifts.id });
    return rows.length > 0;
  },

  topics(db: Db): Promise<TopicRow[]> {
    return db.select().from(registrationTopics).orderBy(asc(registrationTopics.id)).limit(catalogueLimit);
  },

  async topicById(db: Db, id: number): Promise<TopicRow | undefined> {
    const [row] = await db.select().from(registrationTopics).where(eq(registrationTopics.id, id));
    return row;
  },

  async insertTopic(db: Db, values: { label_de: string; label_en: string }): Promise<TopicRow> {
    const [row] = await db.insert(registrationTopics).values(values).returning();
    return row!;
  },

  async updateTopic(
    db: Db,
    id: number,
    values: { label_de: string; label_en: string },
  ): Promise<TopicRow | undefined> {
    const [row] = await db
      .update(registrationTopics)
      .set(values)
      .where(eq(registrationTopics.id, id))
      .returning();
    return row;
  },

  async removeTopic(db: Db, id: number): Promise<boolean> {
    const rows = await db
      .delete(registrationTopics)
      .where(eq(registrationTopics.id, id))
      .returning({ id: registrationTopics.id });
    return rows.length > 0;
  },

  /** How many of these topic ids exist. */
  async countTopics(db: Db, ids: number[]): Promise<number> {
    if (ids.length === 0) return 0;
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(registrationTopics)
      .where(inArray(registrationTopics.id, ids));
    return row?.count ?? 0;
  },

  /** Replaces the member's chosen topics. */
  async setUserTopics(db: Db, userId: number, topicIds: number[]): Promise<void> {
    await db.delete(userRegistrationTopics).where(eq(userRegistrationTopics.user_id, userId));
    if (topicIds.length > 0) {
      await db
        .insert(userRegistrationTopics)
        .values(topicIds.map((topic_id) => ({ user_id: userId, topic_id })))
        .onConflictDoNothing();
    }
  },

  async insertConfirmation(db: Db, userId: number, tokenHash: string, expiresAt: Date): Promise<void> {
    await db
      .insert(emailConfirmations)
      .values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt });
  },

  /** Marks a valid (unused, unexpired at `now`) link used, atomically; its member's id, or null. */
  async consumeConfirmation(tx: Db, tokenHash: string, now: Date): Promise<number | null> {
    const [row] = await tx
      .update(emailConfirmations)
      .set({ used_at: now })
      .where(
        and(
          eq(emailConfirmations.token_hash, tokenHash),
          isNull(emailConfirmations.used_at),
          gt(emailConfirmations.expires_at, now),
        ),
      )
      .returning({ user_id: emailConfirmations.user_id });
    return row?.user_id ?? null;
  },

  /**
   * Confirms the member's address. The terms they accepted in the form count from now: until then the
   * account is not listed (the directory and the search list members who accepted the terms).
   */
  async confirmUser(tx: Db, userId: number): Promise<void> {
    await tx
      .update(users)
      .set({ email_confirmed: true, agb_nda_accepted: true, updated_at: new Date() })
      .where(eq(users.id, userId));
  },

  /** Removes confirmation links that expired by `now` (housekeeping); returns how many. */
  /** Up to `batch` accounts never confirmed and made before `before`, oldest first, locked. */
  async unconfirmedAccounts(db: Db, before: Date, batch: number): Promise<number[]> {
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email_confirmed, false), lt(users.created_at, before)))
      .orderBy(users.created_at)
      .limit(inlineCount(batch))
      .for('update', { skipLocked: true });
    return rows.map((row) => row.id);
  },
  /** Removes accounts that are still unconfirmed (a confirmation since they were read keeps one). */
  async removeUnconfirmed(db: Db, ids: readonly number[]): Promise<number> {
    const rows = await db
      .delete(users)
      .where(and(anyId(users.id, ids), eq(users.email_confirmed, false)))
      .returning({ id: users.id });
    return rows.length;
  },
  async removeExpiredConfirmations(db: Db, now: Date): Promise<number> {
    const rows = await db
      .delete(emailConfirmations)
      .where(lte(emailConfirmations.expires_at, now))
      .returning({ id: emailConfirmations.id });
    return rows.length;
  },
};

async function setGiftOptions(tx: Db, giftId: number, optionIds: number[]): Promise<void> {
  await tx.delete(giftSubscriptionOptions).where(eq(giftSubscriptionOptions.gift_id, giftId));
  if (optionIds.length > 0) {
    await tx
      .insert(giftSubscriptionOptions)
      .values(optionIds.map((subscription_option_id) => ({ gift_id: giftId, subscription_option_id })))
      .onConflictDoNothing();
  }
}
