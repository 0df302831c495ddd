import type { ShopItem } from '@plaza/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { TestClient } from '../../test/client';
import { seedDemoContent } from './index';

describe('demo shop of the seed', () => {
  let t: TestApp;
  let admin: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    const seeded = await seedDemoContent(t.db, { publicUrl: 'http://plaza.test', storage: t.storage });
    admin = new TestClient(t.app);
    await admin.login(seeded.admin!.username, seeded.admin!.password);
  });
  afterAll(() => t.close());

  it('has the four shop items in both languages, with sizes, editions and square pictures', async () => {
    const list = async (locale: string): Promise<ShopItem[]> =>
      (await admin.get('/api/v2/shop/products', { headers: { 'x-locale': locale } })).json().results;
    const german = await list('de_DE');
    const english = await list('en_GB');
    expect(german.map((item) => item.name)).toEqual([
      'Buch „Zusammen arbeiten“',
      'Kapuzenpullover',
      'T-Shirt „Gemeinsam“',
      'Plaza-Tasse',
    ]);
    expect(english.map((item) => item.name)).toEqual([
      'Book "Working together"',
      'Hoodie',
      '"Together" T-shirt',
      'Plaza mug',
    ]);
    expect(english.every((item) => item.currency === 'EUR' && item.available)).toBe(true);
    expect(english.map((item) => item.tax_rate)).toEqual([700, 1900, 1900, 1900]);
    expect(english[1]!.options.map((option) => option.label)).toEqual(['S', 'M', 'L', 'XL']);
    expect(german[0]!.options.map((option) => option.label)).toEqual(['Gebundene Ausgabe', 'Taschenbuch']);
    expect(english[1]!.stock_left).toBe(4);
    for (const item of english) {
      expect(item.image).toMatch(/^\/uploads\/images\//);
      const file = await admin.get(item.image!);
      expect(file.statusCode).toBe(200);
      expect(await sharp(file.rawPayload).metadata()).toMatchObject({ width: 612, height: 612 });
    }
    // A demo item goes into the cart like any product.
    const cart = await admin.post('/api/v2/carts/mine/items', {
      product_id: english[0]!.id,
      option: 'paperback',
    });
    expect(cart.statusCode, cart.body).toBe(200);
    expect(cart.json().cart).toMatchObject({ total: 2490, tax: [{ rate: 700, amount: 163 }] });
  });
});
