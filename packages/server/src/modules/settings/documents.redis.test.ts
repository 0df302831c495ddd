import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildAdmin, buildUser, testPassword } from '../../../test/factories';
import { type TwoInstances, twoInstances } from '../../../test/instances';
import { uploadFiles } from '../../../test/multipart';

/**
 * An administrator's change on one instance shows at once on another that had read the document before:
 * only the Redis bus can tell B (its own pool, its own data folder; wall-clock time stands still, so no
 * copy runs out on its own).
 */
describe('administered documents changed on one instance', () => {
  let instances: TwoInstances;
  let a: TestApp;
  let b: TestApp;
  let admin: TestClient;
  let memberOnB: TestClient;

  beforeAll(async () => {
    instances = await twoInstances();
    ({ a, b } = instances);
    admin = new TestClient(a.app);
    await admin.login((await buildAdmin(instances.database.db)).username, testPassword);
    memberOnB = new TestClient(b.app);
    await memberOnB.login((await buildUser(instances.database.db)).username, testPassword);
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await instances.close();
  });

  it('show the texts, the menu, the settings drawer and an undo on the other instance at once', async () => {
    const overrides = async () => (await memberOnB.get('/api/v2/languages/en_GB/overrides')).json();
    const menuTitles = async () =>
      (await memberOnB.get('/api/v2/menu', { query: { locale: 'en_GB' } }))
        .json()
        .map((item: { title: string }) => item.title);
    const drawer = async () =>
      (await memberOnB.get('/api/v2/menu/settings')).json().map((item: { key: string }) => item.key);
    expect(await overrides()).toEqual({});
    expect(await menuTitles()).toContain('Home');
    expect(await drawer()).toContain('billing');

    const put = (key: string, value: unknown) => admin.put(`/api/v2/admin/documents/${key}`, { value });
    expect((await put('text_overrides', { en_GB: { 'admin.title': 'Back office' } })).statusCode).toBe(200);
    expect((await put('menu', [{ type: 'groups', title: { en_GB: 'Teams' } }])).statusCode).toBe(200);
    expect((await put('settings_menu', [{ key: 'billing', hidden: true }])).statusCode).toBe(200);
    await expect.poll(overrides).toEqual({ 'admin.title': 'Back office' });
    await expect.poll(menuTitles).toEqual(['Teams']);
    await expect.poll(drawer).not.toContain('billing');

    const [, first] = (await admin.get('/api/v2/admin/documents/menu/versions')).json().results;
    expect((await admin.post(`/api/v2/admin/documents/menu/versions/${first.id}/restore`)).statusCode).toBe(
      200,
    );
    await expect.poll(menuTitles).toContain('Home');
  });

  it('show a new logo on the other instance, which serves its file', async () => {
    const logo = await sharp({ create: { width: 120, height: 40, channels: 3, background: '#222' } })
      .png()
      .toBuffer();
    const upload = await uploadFiles(admin, '/api/v2/admin/branding/logo', {
      data: logo,
      filename: 'logo.png',
    });
    expect(upload.statusCode).toBe(200);
    const url = upload.json().value.company.logo_url;
    await expect
      .poll(async () => (await memberOnB.get('/api/v2/settings')).json().company.logo_url)
      .toBe(url);
    expect((await memberOnB.get(url)).statusCode).toBe(200);
  });
});
