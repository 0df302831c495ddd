import type { PaymentMethod } from '@plaza/contract';
import { and, desc, eq, getTableColumns, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { executeRows } from '../../db/execute-rows';
import { inlineCount } from '../../db/inline-count';
import { preparedQuery } from '../../db/prepared-query';
import { cartItems, carts, images, products } from '../../db/schema';

export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;
/** A product with its image's address. */
export type ProductWithImage = ProductRow & { image_path: string | null };

/** A line of a cart with its product as the catalogue has it now (product fields null when it is gone). */
export interface CartLineRow {
  id: number;
  product_id: number | null;
  option_key: string | null;
  quantity: number;
  seen_price: number;
  name_de: string | null;
  name_en: string | null;
  price: number | null;
  currency: ProductRow['currency'] | null;
  tax_rate: number | null;
  options: ProductRow['options'] | null;
  stock: number | null;
  active: boolean | null;
  image_path: string | null;
}

/** The cart row: the chosen payment (a debit's account as typed). */
export type CartRow = typeof carts.$inferSelect;

const productColumns = getTableColumns(products);
const withImage = { ...productColumns, image_path: images.path };

const lineFields = {
  id: cartItems.id,
  product_id: cartItems.product_id,
  option_key: cartItems.option_key,
  quantity: cartItems.quantity,
  seen_price: cartItems.seen_price,
  name_de: products.name_de,
  name_en: products.name_en,
  price: products.price,
  currency: products.currency,
  tax_rate: products.tax_rate,
  options: products.options,
  stock: products.stock,
  active: products.active,
  image_path: images.path,
};

/** Queries of the catalogue and the carts. */
export const shopRepo = {
  /** Active products, newest first, at most `limit` (walks `products_active_idx`). */
  async activeProducts(db: Db, limit: number): Promise<ProductWithImage[]> {
    const query = preparedQuery(db, `shop_products_${limit}`, (statement) =>
      db
        .select(withImage)
        .from(products)
        .leftJoin(images, eq(images.id, products.image_id))
        // Written out, not a parameter: the partial index serves only `active`.
        .where(sql`${products.active}`)
        .orderBy(desc(products.id))
        .limit(inlineCount(limit))
        .prepare(statement),
    );
    return query.execute();
  },

  async productById(db: Db, id: number): Promise<ProductWithImage | undefined> {
    const query = preparedQuery(db, 'shop_product', (statement) =>
      db
        .select(withImage)
        .from(products)
        .leftJoin(images, eq(images.id, products.image_id))
        .where(eq(products.id, sql.placeholder('id')))
        .prepare(statement),
    );
    const [row] = await query.execute({ id });
    return row;
  },

  /** The administration's list: newest id first, after `before`. */
  adminProducts(db: Db, input: { before?: number; limit: number }): Promise<ProductWithImage[]> {
    return db
      .select(withImage)
      .from(products)
      .leftJoin(images, eq(images.id, products.image_id))
      .where(input.before ? lt(products.id, input.before) : undefined)
      .orderBy(desc(products.id))
      .limit(inlineCount(input.limit));
  },

  async insertProduct(db: Db, values: NewProductRow): Promise<number> {
    const [row] = await db.insert(products).values(values).returning({ id: products.id });
    return row!.id;
  },

  /** Updates a product; returns whether it exists. */
  async updateProduct(db: Db, id: number, values: Partial<NewProductRow>): Promise<boolean> {
    const rows = await db
      .update(products)
      .set({ ...values, updated_at: new Date() })
      .where(eq(products.id, id))
      .returning({ id: products.id });
    return rows.length > 0;
  },

  /** Deletes a product (cart lines keep a null product); its image id, or undefined when there was none. */
  async removeProduct(db: Db, id: number): Promise<{ image_id: number | null } | undefined> {
    const [row] = await db
      .delete(products)
      .where(eq(products.id, id))
      .returning({ image_id: products.image_id });
    return row;
  },

  /** The member's cart lines in the order added, each with its product and image: one query. */
  async cartLines(db: Db, userId: number): Promise<CartLineRow[]> {
    const query = preparedQuery(db, 'shop_cart_lines', (statement) =>
      db
        .select(lineFields)
        .from(cartItems)
        .leftJoin(products, eq(products.id, cartItems.product_id))
        .leftJoin(images, eq(images.id, products.image_id))
        .where(eq(cartItems.user_id, sql.placeholder('user')))
        .orderBy(cartItems.id)
        .prepare(statement),
    );
    return query.execute({ user: userId }) as Promise<CartLineRow[]>;
  },

  /** The member's cart row, or undefined before the first write. */
  async cart(db: Db, userId: number): Promise<CartRow | undefined> {
    const query = preparedQuery(db, 'shop_cart', (statement) =>
      db
        .select()
        .from(carts)
        .where(eq(carts.user_id, sql.placeholder('user')))
        .prepare(statement),
    );
    const [row] = await query.execute({ user: userId });
    return row;
  },

  /** In a transaction: creates the member's cart row if missing and locks it (cart writes queue here). */
  async lockCart(tx: Db, userId: number): Promise<CartRow> {
    // One statement: an upsert that always updates takes the row's lock, also when it was there.
    const [row] = await tx
      .insert(carts)
      .values({ user_id: userId })
      .onConflictDoUpdate({ target: carts.user_id, set: { updated_at: sql`now()` } })
      .returning();
    return row!;
  },

  /**
   * In a transaction, before a member's cart change: locks the cart row (creating it if missing) and
   * lets the change commit without waiting for the WAL flush, in one statement. A crash may lose the last
   * fraction of a second of cart changes (never half of one: asynchronous commit keeps the database
   * consistent); the flush was most of a cart write's time. Purchases (`lockCart`) keep it.
   */
  async lockCartForChange(tx: Db, userId: number): Promise<void> {
    await executeRows(
      tx,
      sql`with relaxed as (select set_config('synchronous_commit', 'off', true))
        insert into ${carts} (user_id) select ${userId} from relaxed
        on conflict (user_id) do update set updated_at = now()`,
    );
  },

  async insertLine(
    tx: Db,
    values: {
      user_id: number;
      product_id: number;
      option_key: string | null;
      quantity: number;
      seen_price: number;
    },
  ): Promise<void> {
    await tx.insert(cartItems).values(values);
  },

  /** Changes a line of the member's cart; returns whether it is theirs. */
  async updateLine(
    tx: Db,
    userId: number,
    id: number,
    values: { option_key?: string | null; quantity?: number },
  ): Promise<boolean> {
    const rows = await tx
      .update(cartItems)
      .set(values)
      .where(and(eq(cartItems.id, id), eq(cartItems.user_id, userId)))
      .returning({ id: cartItems.id });
    return rows.length > 0;
  },

  /** Removes a line of the member's cart; returns whether it was theirs. */
  async removeLine(db: Db, userId: number, id: number): Promise<boolean> {
    const rows = await db
      .delete(cartItems)
      .where(and(eq(cartItems.id, id), eq(cartItems.user_id, userId)))
      .returning({ id: cartItems.id });
    return rows.length > 0;
  },

  /** Removes every line of the member's cart. */
  async removeLines(db: Db, userId: number): Promise<void> {
    await db.delete(cartItems).where(eq(cartItems.user_id, userId));
  },

  /**
   * Records the prices the member has now been shown: one statement for the lines given (only the
   * member's own; a price that changed again since stays unseen, as the values are the shown ones).
   */
  async markSeen(db: Db, userId: number, seen: { id: number; price: number }[]): Promise<void> {
    if (seen.length === 0) return;
    await executeRows(
      db,
      sql`update ${cartItems} set seen_price = v.price
        from unnest(${sql.param(seen.map((s) => s.id))}::int[], ${sql.param(seen.map((s) => s.price))}::int[]) as v(id, price)
        where ${cartItems.id} = v.id and ${cartItems.user_id} = ${userId}`,
    );
  },

  /** Stores the member's payment choice (creating the cart row if missing). */
  async savePayment(
    db: Db,
    userId: number,
    values: {
      payment_method: PaymentMethod;
      sepa_account_holder: string | null;
      sepa_iban: string | null;
      sepa_bic: string | null;
    },
  ): Promise<void> {
    const set = { ...values, updated_at: new Date() };
    await db
      .insert(carts)
      .values({ user_id: userId, ...set })
      .onConflictDoUpdate({ target: carts.user_id, set });
  },

  /**
   * Takes stock for the wanted pieces in one statement (`stock >= wanted`, so two purchases racing for
   * the last pieces cannot both take them); answers the first product, in the order given, that is short
   * (or gone), or null when every limited product had enough. Unlimited products are not touched.
   */
  async takeStock(tx: Db, lines: { product_id: number; quantity: number }[]): Promise<number | null> {
    if (lines.length === 0) return null;
    const rows = await executeRows<{ id: number }>(
      tx,
      sql`with wanted as (
          select w.id, sum(w.quantity)::int as quantity, min(w.position) as position
          from unnest(${sql.param(lines.map((l) => l.product_id))}::int[], ${sql.param(lines.map((l) => l.quantity))}::int[])
            with ordinality as w(id, quantity, position)
          group by w.id
        ), taken as (
          update ${products} set stock = ${products.stock} - wanted.quantity
          from wanted
          where ${products.id} = wanted.id and ${products.stock} is not null and ${products.stock} >= wanted.quantity
          returning ${products.id} as id
        )
        select wanted.id from wanted left join ${products} on ${products.id} = wanted.id
        where (${products.id} is null or ${products.stock} is not null)
          and wanted.id not in (select id from taken)
        order by wanted.position limit 1`,
    );
    return rows[0]?.id ?? null;
  },

  /** Gives pieces back to limited products (a cancelled order); gone or unlimited products are skipped. */
  async returnStock(tx: Db, lines: { product_id: number; quantity: number }[]): Promise<void> {
    if (lines.length === 0) return;
    await executeRows(
      tx,
      sql`update ${products} set stock = ${products.stock} + back.quantity
        from (
          select r.id, sum(r.quantity)::int as quantity
          from unnest(${sql.param(lines.map((l) => l.product_id))}::int[], ${sql.param(lines.map((l) => l.quantity))}::int[]) as r(id, quantity)
          group by r.id
        ) as back
        where ${products.id} = back.id and ${products.stock} is not null`,
    );
  },
};
