import type { AdminProduct, ProductInput, ShopItem } from '@plaza/contract';
import { shopLimits } from '@plaza/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildAdmin, buildUser, testPassword } from '../../../test/factories';
import { uploadFiles } from '../../../test/multipart';
import { products } from '../../db/schema';

/** The catalogue: the members' list and its administration (who may manage, validation, the image). */
describe('shop catalogue', () => {
  let t: TestApp;
  let visitor: TestClient;
  let member: TestClient;
  let jobsAdmin: TestClient;
  let shopAdmin: TestClient;
  let admin: TestClient;

  async function signedIn(user: { username: string }) {
    const client = new TestClient(t.app);
    await client.login(user.username, testPassword);
    return client;
  }

  const input = (change: Partial<ProductInput> = {}): ProductInput => ({
    name_de: 'Kapuzenpullover',
    name_en: 'Hoodie',
    description_de: 'Warm.',
    description_en: 'Warm.',
    price: 3990,
    currency: 'EUR',
    tax_rate: 1900,
    options: [
      { id: 's', label_de: 'S', label_en: 'S' },
      { id: 'm', label_de: 'M', label_en: 'M' },
    ],
    stock: 20,
    active: true,
    ...change,
  });

  async function create(change: Partial<ProductInput> = {}, client = admin): Promise<AdminProduct> {
    const response = await client.post('/api/v2/admin/products', input(change));
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  async function catalogue(locale = 'en_GB'): Promise<ShopItem[]> {
    const response = await member.get('/api/v2/shop/products', { headers: { 'x-locale': locale } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().results;
  }

  const picture = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 20, g: 80, b: 200 } } })
      .png()
      .toBuffer();

  beforeAll(async () => {
    t = await createTestApp();
    visitor = new TestClient(t.app);
    member = await signedIn(await buildUser(t.db));
    jobsAdmin = await signedIn(await buildUser(t.db, { permissions: ['jobs'] }));
    shopAdmin = await signedIn(await buildUser(t.db, { permissions: ['shop'] }));
    admin = await signedIn(await buildAdmin(t.db));
  });
  afterAll(() => t.close());

  it('refuses every administration call to visitors (401), members and other administrators (403)', async () => {
    const product = await create();
    const calls = [
      (c: TestClient) => c.get('/api/v2/admin/products'),
      (c: TestClient) => c.post('/api/v2/admin/products', input()),
      (c: TestClient) => c.get(`/api/v2/admin/products/${product.id}`),
      (c: TestClient) => c.put(`/api/v2/admin/products/${product.id}`, input({ price: 1 })),
      (c: TestClient) => c.delete(`/api/v2/admin/products/${product.id}/image`),
      (c: TestClient) => c.delete(`/api/v2/admin/products/${product.id}`),
      (c: TestClient) =>
        uploadFiles(c, `/api/v2/admin/products/${product.id}/image`, {
          data: Buffer.from('x'),
          filename: 'a.png',
        }),
    ];
    for (const call of calls) {
      expect((await call(visitor)).statusCode).toBe(401);
      expect((await call(member)).statusCode).toBe(403);
      expect((await call(jobsAdmin)).statusCode).toBe(403);
    }
    expect((await admin.get(`/api/v2/admin/products/${product.id}`)).json().price).toBe(3990);
  });

  it('lets the shop permission create, read, save and delete products', async () => {
    const created = await create({}, shopAdmin);
    expect(created).toMatchObject({ name_en: 'Hoodie', price: 3990, stock: 20, active: true, image: null });
    // The members' catalogue is kept briefly per instance; a save drops it at once.
    expect((await catalogue()).find((p) => p.id === created.id)?.price).toBe(3990);
    await shopAdmin.put(`/api/v2/admin/products/${created.id}`, input({ price: 4190 }));
    expect((await catalogue()).find((p) => p.id === created.id)?.price).toBe(4190);
    const saved = await shopAdmin.put(
      `/api/v2/admin/products/${created.id}`,
      input({ name_en: 'Zip hoodie', price: 4490, stock: null, active: false }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ name_en: 'Zip hoodie', price: 4490, stock: null, active: false });
    expect((await shopAdmin.get(`/api/v2/admin/products/${created.id}`)).json().name_en).toBe('Zip hoodie');
    expect((await shopAdmin.delete(`/api/v2/admin/products/${created.id}`)).json()).toEqual({
      success: true,
    });
    expect((await shopAdmin.get(`/api/v2/admin/products/${created.id}`)).statusCode).toBe(404);
    expect((await shopAdmin.put(`/api/v2/admin/products/${created.id}`, input())).statusCode).toBe(404);
    expect((await shopAdmin.delete(`/api/v2/admin/products/${created.id}`)).statusCode).toBe(404);
  });

  it('refuses products out of the contract bounds', async () => {
    const bad: Record<string, unknown>[] = [
      { price: -1 },
      { price: shopLimits.maxPrice + 1 },
      { price: 9.99 },
      { tax_rate: shopLimits.maxTaxRate + 1 },
      { currency: 'BTC' },
      { stock: -1 },
      { name_en: '' },
      {
        options: [
          { id: 's', label_de: 'S', label_en: 'S' },
          { id: 's', label_de: 'S', label_en: 'S' },
        ],
      },
      { options: [{ id: 'Big Size', label_de: 'S', label_en: 'S' }] },
      { image_id: 1 },
    ];
    for (const change of bad) {
      const response = await admin.post('/api/v2/admin/products', { ...input(), ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
    }
  });

  it('pages the administration list newest first by `before`', async () => {
    await t.db.insert(products).values(
      Array.from({ length: shopLimits.adminListPageSize + 3 }, (_, i) => ({
        name_de: `Artikel ${i}`,
        name_en: `Item ${i}`,
        price: 100,
        currency: 'EUR' as const,
        tax_rate: 1900,
      })),
    );
    const first = (await shopAdmin.get('/api/v2/admin/products')).json();
    expect(first.results).toHaveLength(shopLimits.adminListPageSize);
    const ids = first.results.map((p: AdminProduct) => p.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect(first.next_before).toBe(ids.at(-1));
    const second = (await shopAdmin.get(`/api/v2/admin/products?before=${first.next_before}`)).json();
    expect(second.results.length).toBeGreaterThan(0);
    expect(second.results[0].id).toBeLessThan(first.next_before);
    expect(second.next_before).toBeNull();
  });

  it('lists active products to members in their language, newest first, with few left shown', async () => {
    await t.db.delete(products);
    const older = await create({ stock: 3 });
    const sold = await create({ name_de: 'Becher', name_en: 'Cup', stock: 0, options: [] });
    await create({ name_en: 'Draft', active: false });
    const newest = await create({ name_en: 'Notebook', stock: null, options: [] });
    const english = await catalogue();
    expect(english.map((p) => p.id)).toEqual([newest.id, sold.id, older.id]);
    expect(english[0]).toEqual({
      id: newest.id,
      name: 'Notebook',
      description: 'Warm.',
      image: null,
      price: 3990,
      currency: 'EUR',
      tax_rate: 1900,
      options: [],
      available: true,
      stock_left: null,
    });
    expect(english[1]).toMatchObject({ name: 'Cup', available: false, stock_left: 0 });
    expect(english[2]).toMatchObject({
      available: true,
      stock_left: 3,
      options: [
        { id: 's', label: 'S' },
        { id: 'm', label: 'M' },
      ],
    });
    const german = await catalogue('de_DE');
    expect(german.map((p) => p.name)).toEqual(['Kapuzenpullover', 'Becher', 'Kapuzenpullover']);
    expect((await visitor.get('/api/v2/shop/products')).statusCode).toBe(401);
  });

  it('stores the image as a square WebP checked by its content, and drops it with the product', async () => {
    const product = await create({}, shopAdmin);
    const url = `/api/v2/admin/products/${product.id}/image`;
    const fake = await uploadFiles(shopAdmin, url, {
      data: Buffer.from('not an image at all, just text'),
      filename: 'photo.png',
      type: 'image/png',
    });
    expect(fake.statusCode).toBeGreaterThanOrEqual(400);
    expect(fake.statusCode).toBeLessThan(500);

    const first = await uploadFiles(shopAdmin, url, { data: await picture(1000, 500), filename: 'wide.png' });
    expect(first.statusCode, first.body).toBe(200);
    const image: string = first.json().image;
    expect(image).toMatch(/^\/uploads\/images\/.+\.webp$/);
    const file = await shopAdmin.get(image);
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: shopLimits.imageSide,
      height: shopLimits.imageSide,
    });
    expect((await catalogue()).find((p) => p.id === product.id)?.image).toBe(image);

    const second = await uploadFiles(shopAdmin, url, { data: await picture(100, 300), filename: 'tall.png' });
    expect(second.json().image).not.toBe(image);
    expect((await shopAdmin.get(image)).statusCode).toBe(404);
    const removed = (await shopAdmin.delete(url)).json();
    expect(removed.image).toBeNull();
    expect((await shopAdmin.get(second.json().image)).statusCode).toBe(404);

    const third = await uploadFiles(shopAdmin, url, { data: await picture(64, 64), filename: 'small.png' });
    expect((await shopAdmin.delete(`/api/v2/admin/products/${product.id}`)).statusCode).toBe(200);
    expect((await shopAdmin.get(third.json().image)).statusCode).toBe(404);
  });
});
