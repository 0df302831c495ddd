import type { OrderState, PaymentMethod } from '@plaza/contract';
import { and, desc, eq, getTableColumns, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { executeRows } from '../../db/execute-rows';
import { inlineCount } from '../../db/inline-count';
import { jsonObject } from '../../db/json-object';
import { preparedQuery } from '../../db/prepared-query';
import { orderItems, orders, paymentEvents, users } from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type OrderItemRow = Omit<typeof orderItems.$inferSelect, 'order_id'>;

/** An order with its lines (by position) and, for the administration, who placed it. */
export type OrderWithItems = OrderRow & {
  items: OrderItemRow[];
  user_name: string | null;
};

/** A row of an order list: the order's own columns and its count of pieces. */
export type OrderListRow = Pick<
  OrderRow,
  'id' | 'number' | 'state' | 'currency' | 'total' | 'created_at' | 'payment_method' | 'invoice_address'
> & { item_count: number };

const itemsJson = sql<OrderItemRow[]>`(select coalesce(json_agg(${jsonObject({
  position: orderItems.position,
  product_id: orderItems.product_id,
  name: orderItems.name,
  option_label: orderItems.option_label,
  quantity: orderItems.quantity,
  unit_price: orderItems.unit_price,
  tax_rate: orderItems.tax_rate,
  line_total: orderItems.line_total,
})} order by ${orderItems.position}), '[]'::json) from ${orderItems} where ${orderItems.order_id} = ${orders.id})`;

const userName = sql<
  string | null
>`(select nullif(trim(${users.firstname} || ' ' || ${users.lastname}), '') from ${users} where ${users.id} = ${orders.user_id})`;

const listFields = {
  id: orders.id,
  number: orders.number,
  state: orders.state,
  currency: orders.currency,
  total: orders.total,
  created_at: orders.created_at,
  payment_method: orders.payment_method,
  invoice_address: orders.invoice_address,
  // Bounded by the page size; each a walk of the order's own lines (their primary key).
  item_count: sql<number>`(select coalesce(sum(${orderItems.quantity}), 0)::int from ${orderItems} where ${orderItems.order_id} = ${orders.id})`,
};

/** The state column of the date a move to a state sets. */
const stateDates = {
  paid: 'paid_at',
  cancelled: 'cancelled_at',
  refunded: 'refunded_at',
} as const satisfies Partial<Record<OrderState, keyof OrderRow>>;

/** Queries of orders and payment events. */
export const ordersRepo = {
  /** The id the next order gets: its number is made from it before the row is written. */
  async nextId(tx: Db): Promise<number> {
    const [row] = await executeRows<{ id: number }>(
      tx,
      sql`select nextval(pg_get_serial_sequence('orders', 'id'))::int as id`,
    );
    return row!.id;
  },

  /** Writes an order with its lines (one statement each). */
  async insert(tx: Db, order: NewOrderRow & { id: number }, items: OrderItemRow[]): Promise<void> {
    await tx.insert(orders).overridingSystemValue().values(order);
    if (items.length)
      await tx.insert(orderItems).values(items.map((item) => ({ ...item, order_id: order.id })));
  },

  async setProviderSession(tx: Db, id: number, sessionId: string): Promise<void> {
    await tx.update(orders).set({ provider_session_id: sessionId }).where(eq(orders.id, id));
  },

  /** An order with its lines, or undefined. */
  async byId(db: Db, id: number): Promise<OrderWithItems | undefined> {
    const query = preparedQuery(db, 'orders_by_id', (name) =>
      db
        .select({ ...getTableColumns(orders), items: itemsJson, user_name: userName })
        .from(orders)
        .where(eq(orders.id, sql.placeholder('id')))
        .prepare(name),
    );
    const [row] = await query.execute({ id });
    return row;
  },

  /** A member's orders, newest first, older than `before`; reads `limit` rows of `orders_user_idx`. */
  async listForUser(
    db: Db,
    userId: number,
    before: number | undefined,
    limit: number,
  ): Promise<OrderListRow[]> {
    const query = preparedQuery(db, `orders_of_user_${before ? 'before' : 'first'}_${limit}`, (name) =>
      db
        .select(listFields)
        .from(orders)
        .where(
          and(
            eq(orders.user_id, sql.placeholder('userId')),
            before ? lt(orders.id, sql.placeholder('before')) : undefined,
          ),
        )
        .orderBy(desc(orders.id))
        .limit(inlineCount(limit))
        .prepare(name),
    );
    return query.execute({ userId, before });
  },

  /** Every order (or those of one state, `orders_state_idx`), newest first, older than `before`. */
  async adminList(
    db: Db,
    input: { before?: number; state?: OrderState; limit: number },
  ): Promise<OrderListRow[]> {
    return db
      .select(listFields)
      .from(orders)
      .where(
        and(
          input.before ? lt(orders.id, input.before) : undefined,
          input.state ? eq(orders.state, input.state) : undefined,
        ),
      )
      .orderBy(desc(orders.id))
      .limit(inlineCount(input.limit));
  },

  /**
   * Moves an order from `from` to `to`, dating the move; answers the order's payment (to refund it) or
   * undefined when it was not in `from` (another move came first). Locks the row until the transaction ends.
   */
  async move(
    tx: Db,
    id: number,
    from: OrderState,
    to: Exclude<OrderState, 'placed'>,
    at: Date,
  ): Promise<{ payment_method: PaymentMethod; provider_session_id: string | null } | undefined> {
    const [row] = await tx
      .update(orders)
      .set({ state: to, [stateDates[to]]: at })
      .where(and(eq(orders.id, id), eq(orders.state, from)))
      .returning({ payment_method: orders.payment_method, provider_session_id: orders.provider_session_id });
    return row;
  },

  /** Marks the placed order of a provider's session paid; its id, or undefined (none, or not placed). */
  async markPaidBySession(tx: Db, sessionId: string, at: Date): Promise<number | undefined> {
    const [row] = await tx
      .update(orders)
      .set({ state: 'paid', paid_at: at })
      .where(and(eq(orders.provider_session_id, sessionId), eq(orders.state, 'placed')))
      .returning({ id: orders.id });
    return row?.id;
  },

  /** Cancels the placed order of a provider's session; its id, or undefined (none, or not placed). */
  async cancelBySession(tx: Db, sessionId: string, at: Date): Promise<number | undefined> {
    const [row] = await tx
      .update(orders)
      .set({ state: 'cancelled', cancelled_at: at })
      .where(and(eq(orders.provider_session_id, sessionId), eq(orders.state, 'placed')))
      .returning({ id: orders.id });
    return row?.id;
  },

  /** The lines of an order as stock to give back. */
  async stockLines(tx: Db, id: number): Promise<{ product_id: number | null; quantity: number }[]> {
    return tx
      .select({ product_id: orderItems.product_id, quantity: orderItems.quantity })
      .from(orderItems)
      .where(eq(orderItems.order_id, id));
  },

  /** Records a provider's event once; false when it was recorded before (a replay or a repeat). */
  async recordEvent(
    tx: Db,
    event: { provider: PaymentMethod; event_id: string; type: string; order_id: number | null },
  ): Promise<boolean> {
    const rows = await tx
      .insert(paymentEvents)
      .values(event)
      .onConflictDoNothing()
      .returning({ event_id: paymentEvents.event_id });
    return rows.length > 0;
  },

  async setEventOrder(tx: Db, provider: PaymentMethod, eventId: string, orderId: number): Promise<void> {
    await tx
      .update(paymentEvents)
      .set({ order_id: orderId })
      .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.event_id, eventId)));
  },
};
