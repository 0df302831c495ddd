import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildUser, testPassword } from '../../../test/factories';
import { cartItems, products } from '../../db/schema';
import { takeStock } from './index';

/** Races only PostgreSQL can run: concurrent transactions on the pool. */
describe('shop races', () => {
  let t: TestApp;
  let product: number;

  beforeAll(async () => {
    t = await createTestApp();
    const [row] = await t.db
      .insert(products)
      .values({
        name_de: 'Letzte',
        name_en: 'Last one',
        price: 500,
        currency: 'EUR',
        tax_rate: 1900,
        active: true,
        stock: 3,
      })
      .returning({ id: products.id });
    product = row!.id;
  });
  afterAll(() => t.close());

  it('gives the last pieces to one of two purchases racing for them', async () => {
    const pause = () => new Promise((resolve) => setTimeout(resolve, 50));
    const purchase = () =>
      t.db
        .transaction(async (tx) => {
          const short = await takeStock(tx, [{ product_id: product, quantity: 2 }]);
          await pause();
          if (short !== null) throw new Error('short');
          return 'bought';
        })
        .catch((error: Error) => error.message);
    const results = await Promise.all([purchase(), purchase()]);
    expect(results.sort()).toEqual(['bought', 'short']);
    const [row] = await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, product));
    expect(row!.stock).toBe(1);
  });

  it('adds concurrent pieces of one product to one line', async () => {
    const user = await buildUser(t.db);
    const client = new TestClient(t.app);
    await client.login(user.username, testPassword);
    await t.db.update(products).set({ stock: null }).where(eq(products.id, product));
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => client.post('/api/v2/carts/mine/items', { product_id: product })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const lines = await t.db.select().from(cartItems).where(eq(cartItems.user_id, user.id));
    expect(lines.map((line) => line.quantity)).toEqual([6]);
  });
});
