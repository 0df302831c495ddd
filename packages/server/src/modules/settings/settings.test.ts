import { adminSections, memberTextAreas, memberTextsQuery, textAreas } from '@plaza/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildAdmin, buildUser, testPassword } from '../../../test/factories';

describe('settings updates', () => {
  let t: TestApp;
  let admin: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    const row = await buildAdmin(t.db);
    admin = new TestClient(t.app);
    await admin.login(row.username, testPassword);
  });
  afterAll(() => t.close());

  it('changes only the keys a patch names and keeps every other setting', async () => {
    const first = await admin.put('/api/v2/settings', { company: { name: 'Acme Intranet' } });
    expect(first.statusCode).toBe(200);
    const second = await admin.put('/api/v2/settings', { show_system_notification_message: true });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({
      company: { name: 'Acme Intranet' },
      show_system_notification_message: true,
    });
    const stored = (await admin.get('/api/v2/settings')).json();
    expect(stored.company.name).toBe('Acme Intranet');
  });

  it('refuses unknown keys, invalid values, members without the right and anonymous callers', async () => {
    expect((await admin.put('/api/v2/settings', { no_such_setting: 1 })).statusCode).toBe(400);
    const invalid = await admin.put('/api/v2/settings', { theme_variant: 'neon' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors[0].field).toBe('theme_variant');
    const member = new TestClient(t.app);
    await member.login((await buildUser(t.db)).username, testPassword);
    expect((await member.put('/api/v2/settings', { meta_title: 'x' })).statusCode).toBe(403);
    expect((await new TestClient(t.app).put('/api/v2/settings', { meta_title: 'x' })).statusCode).toBe(401);
  });

  // The administration hid in the personal settings drawer: it has its own place in the navigation.
  it('lists the administration in the session of those allowed, apart from the settings drawer', async () => {
    const administration = async (client: TestClient) =>
      (await client.get('/api/v2/auth/is_authenticated', { query: { locale: 'en_GB' } })).json().session
        .administrationRoutes as { key: string; link: string; title: string }[];
    // Every section for a superadmin, in the contract's order, each at /{lang}/admin/<key>.
    const sections = await administration(admin);
    expect(sections.map((item) => item.key)).toEqual(adminSections.map((section) => section.key));
    expect(sections[0]).toEqual({
      type: 'link',
      key: 'settings',
      link: '/en_GB/admin/settings',
      title: 'Settings',
      icon: 'settings',
      status: null,
    });
    expect(sections).toContainEqual(
      expect.objectContaining({ key: 'members', link: '/en_GB/admin/members', title: 'Members' }),
    );
    const german = (await admin.get('/api/v2/auth/is_authenticated', { query: { locale: 'de_DE' } })).json()
      .session.administrationRoutes as { key: string; link: string; title: string }[];
    expect(german.find((item) => item.key === 'audit')).toMatchObject({
      link: '/de_DE/admin/audit',
      title: 'Protokoll',
    });
    const adminDrawer = (await admin.get('/api/v2/menu/settings')).json() as { key: string }[];
    expect(adminDrawer.map((item) => item.key)).not.toContain('pages');
    expect(adminDrawer.map((item) => item.key)).toContain('billing');
    const usersAdmin = new TestClient(t.app);
    await usersAdmin.login((await buildUser(t.db, { permissions: ['users'] })).username, testPassword);
    expect((await administration(usersAdmin)).map((item) => item.key)).toEqual(['members']);
    const shopAndJobs = new TestClient(t.app);
    await shopAndJobs.login(
      (await buildUser(t.db, { permissions: ['shop', 'jobs'] })).username,
      testPassword,
    );
    expect((await administration(shopAndJobs)).map((item) => item.key)).toEqual(['jobs', 'shop']);
    const member = new TestClient(t.app);
    await member.login((await buildUser(t.db)).username, testPassword);
    expect(await administration(member)).toEqual([]);
    expect(await administration(new TestClient(t.app))).toEqual([]);
  });

  it("sends a language's texts with an entity tag per language, answers 304 to it and refuses unknown languages", async () => {
    const visitor = new TestClient(t.app);
    const german = await visitor.get('/api/v2/languages/de_DE');
    expect(german.statusCode).toBe(200);
    expect(german.json()).toMatchObject({ app: { back_to_top: expect.any(String) } });
    const etag = german.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(german.headers['cache-control']).toBe('public, max-age=300');
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/v2/languages/de_DE',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const english = await visitor.get('/api/v2/languages/en_GB');
    expect(english.headers.etag).not.toBe(etag);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v2/languages/en_GB',
          headers: { 'if-none-match': etag },
        })
      ).statusCode,
    ).toBe(200);
    expect((await visitor.get('/api/v2/languages/xx_XX')).statusCode).toBe(400);
  });

  it('sends only the areas asked for, in any order and form, and refuses an unknown area', async () => {
    const visitor = new TestClient(t.app);
    const whole = (await visitor.get('/api/v2/languages/de_DE')).json();
    expect(Object.keys(whole).sort()).toEqual([...textAreas].sort());
    const members = await visitor.get(`/api/v2/languages/de_DE?${new URLSearchParams(memberTextsQuery)}`);
    expect(members.statusCode).toBe(200);
    expect(Object.keys(members.json()).sort()).toEqual([...memberTextAreas].sort());
    expect(members.json()).not.toHaveProperty('admin');
    const admin = await visitor.get('/api/v2/languages/de_DE?areas[]=shop_admin&areas[]=admin&areas[]=admin');
    expect(admin.json()).toEqual({ admin: whole.admin, shop_admin: whole.shop_admin });
    const sameAreas = await visitor.get('/api/v2/languages/de_DE?areas=admin,shop_admin');
    expect(sameAreas.headers.etag).toBe(admin.headers.etag);
    expect(admin.headers.etag).not.toBe(members.headers.etag);
    for (const query of ['areas=admin,nope', 'areas=']) {
      const refused = await visitor.get(`/api/v2/languages/de_DE?${query}`);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json().errors[0]).toMatchObject({ code: expect.any(String) });
    }
  });
});
