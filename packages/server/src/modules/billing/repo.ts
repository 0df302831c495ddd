import { and, desc, eq, getTableColumns, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { anyId } from '../../db/any-id';
import type { Db } from '../../db/client';
import { inlineCount } from '../../db/inline-count';
import { jsonObject } from '../../db/json-object';
import { gifts, subscriptionInvoices, subscriptionItems, subscriptions } from '../../db/schema';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewSubscriptionRow = typeof subscriptions.$inferInsert;
export type ItemRow = typeof subscriptionItems.$inferSelect;
export type InvoiceRow = typeof subscriptionInvoices.$inferSelect;
export type SubscriptionWithItems = SubscriptionRow & { items: ItemRow[] };

const itemsJson = sql<ItemRow[]>`(select coalesce(json_agg(${jsonObject({
  id: subscriptionItems.id,
  subscription_id: subscriptionItems.subscription_id,
  kind: subscriptionItems.kind,
  name: subscriptionItems.name,
  gift_id: subscriptionItems.gift_id,
  quantity: subscriptionItems.quantity,
  next_quantity: subscriptionItems.next_quantity,
  unit_price: subscriptionItems.unit_price,
  shipped_at: subscriptionItems.shipped_at,
})} order by ${subscriptionItems.id}), '[]'::json) from ${subscriptionItems} where ${subscriptionItems.subscription_id} = "subscriptions"."id")`;

// The outer row is named in full: drizzle writes a lone table's columns unqualified, and inside the
// subquery `id` would be the item's.
const withItems = { ...getTableColumns(subscriptions), items: itemsJson };

/** Subscriptions, their items and their invoices. */
export const billingRepo = {
  /** Inserts a subscription unless its number is taken (then undefined: the caller draws again). */
  async insert(db: Db, row: NewSubscriptionRow): Promise<number | undefined> {
    const [inserted] = await db
      .insert(subscriptions)
      .values(row)
      .onConflictDoNothing({ target: subscriptions.number })
      .returning({ id: subscriptions.id });
    return inserted?.id;
  },

  async insertItems(db: Db, items: (typeof subscriptionItems.$inferInsert)[]): Promise<void> {
    if (items.length > 0) await db.insert(subscriptionItems).values(items);
  },

  /** A member's pending subscriptions, locked (at most a few). */
  async pendingOf(db: Db, userId: number): Promise<SubscriptionWithItems[]> {
    return db
      .select(withItems)
      .from(subscriptions)
      .where(and(eq(subscriptions.user_id, userId), eq(subscriptions.state, 'pending')))
      .orderBy(subscriptions.id)
      .limit(inlineCount(20))
      .for('update');
  },

  /** Ends the pending subscriptions of these members (never started: nothing was billed). */
  async endPendingOf(db: Db, userIds: readonly number[]): Promise<void> {
    await db
      .update(subscriptions)
      .set({ state: 'ended', updated_at: sql`now()` })
      .where(and(anyId(subscriptions.user_id, userIds), eq(subscriptions.state, 'pending')));
  },

  async update(db: Db, id: number, set: Partial<NewSubscriptionRow>): Promise<void> {
    await db
      .update(subscriptions)
      .set({ ...set, updated_at: sql`now()` })
      .where(eq(subscriptions.id, id));
  },

  /** Gives a subscription without a member to the member, when number and postcode match. */
  async link(db: Db, userId: number, number: string, zip: string): Promise<boolean> {
    const linked = await db
      .update(subscriptions)
      .set({ user_id: userId, updated_at: sql`now()` })
      .where(
        and(
          eq(subscriptions.number, number),
          isNull(subscriptions.user_id),
          eq(subscriptions.invoice_zip, zip),
        ),
      )
      .returning({ id: subscriptions.id });
    return linked.length > 0;
  },

  /** A member's subscriptions: running before ended, newest first, at most `limit`. */
  async ofUser(db: Db, userId: number, limit: number): Promise<SubscriptionWithItems[]> {
    return db
      .select(withItems)
      .from(subscriptions)
      .where(eq(subscriptions.user_id, userId))
      .orderBy(sql`${subscriptions.state} = 'ended'`, desc(subscriptions.id))
      .limit(inlineCount(limit));
  },

  /** One of the member's subscriptions (locked with `lock`), or undefined. */
  async ofUserById(
    db: Db,
    userId: number,
    id: number,
    lock = false,
  ): Promise<SubscriptionWithItems | undefined> {
    const query = db
      .select(withItems)
      .from(subscriptions)
      .where(and(eq(subscriptions.id, id), eq(subscriptions.user_id, userId)));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  },

  async byId(db: Db, id: number): Promise<SubscriptionWithItems | undefined> {
    const [row] = await db.select(withItems).from(subscriptions).where(eq(subscriptions.id, id));
    return row;
  },

  async byProviderSession(db: Db, sessionId: string): Promise<SubscriptionRow | undefined> {
    const [row] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.provider_session_id, sessionId))
      .for('update');
    return row;
  },

  async byProviderSubscription(db: Db, providerId: string): Promise<SubscriptionWithItems | undefined> {
    const [row] = await db
      .select(withItems)
      .from(subscriptions)
      .where(eq(subscriptions.provider_subscription_id, providerId))
      .for('update');
    return row;
  },

  /** An item of one of the member's subscriptions with its subscription's state, or undefined. */
  async itemOfUser(
    db: Db,
    userId: number,
    id: number,
  ): Promise<(ItemRow & { state: SubscriptionRow['state'] }) | undefined> {
    const [row] = await db
      .select({ ...getTableColumns(subscriptionItems), state: subscriptions.state })
      .from(subscriptionItems)
      .innerJoin(subscriptions, eq(subscriptions.id, subscriptionItems.subscription_id))
      .where(and(eq(subscriptionItems.id, id), eq(subscriptions.user_id, userId)))
      .for('update', { of: subscriptionItems });
    return row;
  },

  async setNextQuantity(db: Db, id: number, quantity: number | null): Promise<ItemRow | undefined> {
    const [row] = await db
      .update(subscriptionItems)
      .set({ next_quantity: quantity })
      .where(eq(subscriptionItems.id, id))
      .returning();
    return row;
  },

  /** Removes a gift not shipped and gives its piece back to the stock; false when it was shipped meanwhile. */
  async removeUnshippedGift(db: Db, id: number): Promise<boolean> {
    const [removed] = await db
      .delete(subscriptionItems)
      .where(
        and(
          eq(subscriptionItems.id, id),
          eq(subscriptionItems.kind, 'gift'),
          isNull(subscriptionItems.shipped_at),
        ),
      )
      .returning({ gift_id: subscriptionItems.gift_id, quantity: subscriptionItems.quantity });
    if (!removed) return false;
    if (removed.gift_id !== null) {
      await db
        .update(gifts)
        .set({ stock: sql`${gifts.stock} + ${removed.quantity}` })
        .where(and(eq(gifts.id, removed.gift_id), isNotNull(gifts.stock)));
    }
    return true;
  },

  /** A subscription's invoices newest first, older than `before`; `subscription_invoices_subscription_idx`. */
  async invoices(
    db: Db,
    subscriptionId: number,
    before: number | undefined,
    limit: number,
  ): Promise<InvoiceRow[]> {
    return db
      .select()
      .from(subscriptionInvoices)
      .where(
        and(
          eq(subscriptionInvoices.subscription_id, subscriptionId),
          before ? lt(subscriptionInvoices.id, before) : undefined,
        ),
      )
      .orderBy(desc(subscriptionInvoices.id))
      .limit(inlineCount(limit));
  },

  /** An invoice of one of the member's subscriptions, with its subscription, or undefined. */
  async invoiceOfUser(
    db: Db,
    userId: number,
    id: number,
  ): Promise<{ invoice: InvoiceRow; subscription: SubscriptionWithItems } | undefined> {
    const [row] = await db
      .select({ invoice: subscriptionInvoices, subscription: withItems })
      .from(subscriptionInvoices)
      .innerJoin(subscriptions, eq(subscriptions.id, subscriptionInvoices.subscription_id))
      .where(and(eq(subscriptionInvoices.id, id), eq(subscriptions.user_id, userId)));
    return row;
  },

  async invoiceById(db: Db, id: number): Promise<InvoiceRow | undefined> {
    const [row] = await db.select().from(subscriptionInvoices).where(eq(subscriptionInvoices.id, id));
    return row;
  },

  /** Inserts a period's invoice; undefined when that period is billed already (never twice). */
  async insertInvoice(
    db: Db,
    row: typeof subscriptionInvoices.$inferInsert,
  ): Promise<InvoiceRow | undefined> {
    const [inserted] = await db.insert(subscriptionInvoices).values(row).onConflictDoNothing().returning();
    return inserted;
  },

  /**
   * Subscriptions due for renewal (`subscriptions_renewal_idx`: the period ended, not waiting for a
   * retry), locked, skipping those another run holds. Card subscriptions renew at the provider: only
   * their end is due here.
   */
  async due(db: Db, today: string, now: Date, limit: number): Promise<SubscriptionWithItems[]> {
    return db
      .select(withItems)
      .from(subscriptions)
      .where(
        and(
          // Written as the partial index's predicate (literals, not parameters), so the plan may use it.
          sql`${subscriptions.state} in ('active', 'cancelled')`,
          lte(subscriptions.current_period_end, today),
          or(isNull(subscriptions.renewal_retry_at), lte(subscriptions.renewal_retry_at, now)),
          or(
            sql`${subscriptions.payment_method} <> 'stripe'`,
            and(eq(subscriptions.state, 'cancelled'), lte(subscriptions.ends_on, today)),
          ),
        ),
      )
      .orderBy(subscriptions.current_period_end, subscriptions.id)
      .limit(inlineCount(limit))
      .for('update', { skipLocked: true });
  },

  /** Locks a subscription still due at `periodEnd` (false when another run renewed or ended it meanwhile). */
  async lockDue(db: Db, id: number, periodEnd: string): Promise<boolean> {
    const rows = await db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.id, id),
          eq(subscriptions.current_period_end, periodEnd),
          inArray(subscriptions.state, ['active', 'cancelled']),
        ),
      )
      .for('update');
    return rows.length > 0;
  },

  /** Applies the quantities changed for the next period, and marks the gift shipped with the first renewal. */
  async rollItems(db: Db, subscriptionId: number, now: Date): Promise<void> {
    await db
      .update(subscriptionItems)
      .set({
        quantity: sql`coalesce(${subscriptionItems.next_quantity}, ${subscriptionItems.quantity})`,
        next_quantity: null,
      })
      .where(and(eq(subscriptionItems.subscription_id, subscriptionId), eq(subscriptionItems.kind, 'plan')));
    await db
      .update(subscriptionItems)
      .set({ shipped_at: now })
      .where(
        and(
          eq(subscriptionItems.subscription_id, subscriptionId),
          eq(subscriptionItems.kind, 'gift'),
          isNull(subscriptionItems.shipped_at),
        ),
      );
  },

  async markInvoicePaid(db: Db, id: number, now: Date, providerRef: string | null): Promise<void> {
    await db
      .update(subscriptionInvoices)
      .set({ state: 'paid', paid_at: now, provider_ref: providerRef })
      .where(eq(subscriptionInvoices.id, id));
  },
};
