import { adminDocumentKeys, adminLimits } from '@plaza/contract';
import { asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildAdmin, buildUser, testPassword } from '../../../test/factories';
import { appSettingVersions, auditEvents } from '../../db/schema';

const documentUrl = (key: string) => `/api/v2/admin/documents/${key}`;

describe('administered documents', () => {
  let t: TestApp;
  let admin: TestClient;
  let adminId: number;
  let member: TestClient;
  let usersAdmin: TestClient;

  const read = async (key: string) => (await admin.get(documentUrl(key))).json();
  const lastAudit = async (resourceId: string) => {
    const [row] = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.resource_id, resourceId))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    return row;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const row = await buildAdmin(t.db, { firstname: 'Ada', lastname: 'Admin' });
    adminId = row.id;
    admin = new TestClient(t.app);
    await admin.login(row.username, testPassword);
    member = new TestClient(t.app);
    await member.login((await buildUser(t.db)).username, testPassword);
    usersAdmin = new TestClient(t.app);
    await usersAdmin.login((await buildUser(t.db, { permissions: ['users'] })).username, testPassword);
  });
  afterAll(() => t.close());

  it('refuses visitors (401), members and users administrators (403) on every document call', async () => {
    const visitor = new TestClient(t.app);
    for (const key of adminDocumentKeys) {
      const calls = [
        (client: TestClient) => client.get(documentUrl(key)),
        (client: TestClient) => client.put(documentUrl(key), { value: {} }),
        (client: TestClient) => client.get(`${documentUrl(key)}/versions`),
        (client: TestClient) => client.post(`${documentUrl(key)}/versions/1/restore`),
      ];
      for (const call of calls) {
        expect((await call(visitor)).statusCode).toBe(401);
        expect((await call(member)).statusCode).toBe(403);
        expect((await call(usersAdmin)).statusCode).toBe(403);
      }
    }
    expect((await admin.get(documentUrl('vapid_keys'))).statusCode).toBe(400);
  });

  it('answers each document with its defaults before anything was stored', async () => {
    // The settings hold the push keys made at the first start; the other documents are empty.
    expect(await read('settings')).toMatchObject({
      key: 'settings',
      value: { theme: { primary_color: '#1f5fa8' } },
    });
    expect(await read('menu')).toMatchObject({ key: 'menu', version_id: null, updated_at: null });
    expect((await read('menu')).value[0]).toMatchObject({ type: 'dashboard', title: 'menu.main.dashboard' });
    expect((await read('settings_menu')).value[0]).toEqual({ key: 'profile', hidden: false });
    expect((await read('cookie_config')).value.cookie_types[0]).toMatchObject({ id: 1, required: true });
    expect((await read('text_overrides')).value).toEqual({});
  });

  it('replaces the settings as a whole, refuses a stale base version (409) and invalid values (400)', async () => {
    const current = await read('settings');
    const value = { ...current.value, meta_title: 'Werkhalle' };
    const first = await admin.put(documentUrl('settings'), { value, base_version_id: current.version_id });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      value: { meta_title: 'Werkhalle' },
      version_id: expect.any(Number),
    });
    expect((await admin.get('/api/v2/settings')).json().meta_title).toBe('Werkhalle');

    // A second editor who loaded the first version loses nothing silently.
    const stale = await admin.put(documentUrl('settings'), {
      value: { ...value, meta_title: 'Late' },
      base_version_id: current.version_id,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors[0]).toMatchObject({ code: 'conflict', field: 'base_version_id' });
    expect((await admin.get('/api/v2/settings')).json().meta_title).toBe('Werkhalle');

    // Two editors saving on the same version at the same moment: one wins, the other hears of it.
    const base = (await read('settings')).version_id;
    const racing = await Promise.all(
      ['Race 1', 'Race 2'].map((meta_title) =>
        admin.put(documentUrl('settings'), { value: { ...value, meta_title }, base_version_id: base }),
      ),
    );
    expect(racing.map((response) => response.statusCode).sort()).toEqual([200, 409]);

    const unknown = await admin.put(documentUrl('settings'), { value: { ...value, no_such_setting: 1 } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].code).toBe('validation_failed');
    const badColour = await admin.put(documentUrl('settings'), {
      value: { ...value, theme: { ...value.theme, primary_color: 'blue' } },
    });
    expect(badColour.json().errors[0]).toMatchObject({
      code: 'validation_failed',
      field: 'theme.primary_color',
    });

    const audit = await lastAudit('settings');
    expect(audit).toMatchObject({
      actor_id: adminId,
      actor_name: 'Ada Admin',
      action: 'settings.update',
      resource_type: 'settings',
      before: expect.objectContaining({ meta_title: 'Werkhalle' }),
      after: expect.objectContaining({ meta_title: expect.stringMatching(/^Race /) }),
    });
    expect(audit!.ip).toBeTruthy();
  });

  it('refuses brand colours that fail WCAG AA on the chosen variant, naming the field', async () => {
    const { value } = await read('settings');
    const pale = await admin.put(documentUrl('settings'), {
      value: { ...value, theme: { ...value.theme, primary_color: '#8ab4f8' } },
    });
    expect(pale.statusCode).toBe(400);
    expect(pale.json().errors[0]).toMatchObject({ code: 'validation_failed', field: 'theme.primary_color' });
    // The default blue is unreadable as link text on the dark variant's paper.
    const dark = await admin.put('/api/v2/settings', { theme_variant: 'dark' });
    expect(dark.statusCode).toBe(400);
    expect(dark.json().errors[0].field).toBe('theme.primary_color');
    const badge = await admin.put('/api/v2/settings', { theme: { secondary_color: '#e8710a' } });
    expect(badge.json().errors[0].field).toBe('theme.secondary_color');
    // A light blue passes on the dark variant (the buttons carry dark text).
    const light = await admin.put('/api/v2/settings', {
      theme_variant: 'dark',
      theme: { primary_color: '#8ab4f8' },
    });
    expect(light.statusCode).toBe(200);
    expect(
      (await admin.put('/api/v2/settings', { theme_variant: 'light', theme: { primary_color: '#1f5fa8' } }))
        .statusCode,
    ).toBe(200);
  });

  it('keeps every change as a version, lists them newest first by keyset and restores one as a new version', async () => {
    const versions = async (query = '') =>
      (await admin.get(`${documentUrl('settings')}/versions${query}`)).json();
    const before = (await read('settings')).value;
    await admin.put('/api/v2/settings', { meta_title: 'Version A' });
    await admin.put('/api/v2/settings', { meta_title: 'Version B' });
    const page = await versions();
    expect(page.results[0]).toMatchObject({
      key: 'settings',
      author: { id: adminId, name: 'Ada Admin' },
      restored_from: null,
      value: expect.objectContaining({ meta_title: 'Version B' }),
    });
    const versionA = page.results[1];
    expect(versionA.value.meta_title).toBe('Version A');
    const older = await versions(`?before=${versionA.id}`);
    expect(older.results.every((version: { id: number }) => version.id < versionA.id)).toBe(true);
    expect(older.results[0].value.meta_title).toBe(before.meta_title);

    const restored = await admin.post(`${documentUrl('settings')}/versions/${versionA.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().value.meta_title).toBe('Version A');
    expect((await admin.get('/api/v2/settings')).json().meta_title).toBe('Version A');
    const newest = (await versions()).results[0];
    expect(newest).toMatchObject({ restored_from: versionA.id, value: { meta_title: 'Version A' } });
    expect(restored.json().version_id).toBe(newest.id);
    expect(await lastAudit('settings')).toMatchObject({
      action: 'settings.restore',
      before: expect.objectContaining({ meta_title: 'Version B' }),
      after: expect.objectContaining({ meta_title: 'Version A' }),
    });
    expect((await admin.post(`${documentUrl('menu')}/versions/${versionA.id}/restore`)).statusCode).toBe(404);

    // The push key is the server's: neither an undo to the first version nor a replacement changes it.
    const pushKey = (await read('settings')).value.vapid_public_key;
    expect(pushKey).toEqual(expect.any(String));
    let walked = await versions();
    let oldest = walked.results.at(-1);
    while (walked.next_before) {
      walked = await versions(`?before=${walked.next_before}`);
      oldest = walked.results.at(-1) ?? oldest;
    }
    expect(oldest.value.meta_title).toBe('Plaza');
    await admin.post(`${documentUrl('settings')}/versions/${oldest.id}/restore`);
    const forged = { ...(await read('settings')).value, vapid_public_key: 'forged', single_sign_on: true };
    expect((await admin.put(documentUrl('settings'), { value: forged })).statusCode).toBe(200);
    // So is `single_sign_on`: the sign-in providers decide it, a settings document cannot hide logout.
    expect((await read('settings')).value).toMatchObject({
      vapid_public_key: pushKey,
      single_sign_on: false,
    });
  });

  it('pages the versions and keeps only the newest of a key', async () => {
    const pages: number[][] = [];
    for (let index = 0; index < adminLimits.versionsPageSize + 2; index++)
      await admin.put(documentUrl('cookie_config'), {
        value: {
          ...(await read('cookie_config')).value,
          items: [],
          provider_type_to_cookie_type_mapping: { [`p${index}`]: 1 },
        },
      });
    let before: number | null = null;
    do {
      const query: string = before ? `?before=${before}` : '';
      const page = (await admin.get(`${documentUrl('cookie_config')}/versions${query}`)).json();
      pages.push(page.results.map((version: { id: number }) => version.id));
      before = page.next_before;
    } while (before);
    expect(pages[0]).toHaveLength(adminLimits.versionsPageSize);
    // The first change kept the built-in configuration as the first version.
    expect(pages.flat()).toHaveLength(adminLimits.versionsPageSize + 3);
    expect(new Set(pages.flat()).size).toBe(pages.flat().length);

    // Filled up to the limit, the next change removes the oldest.
    const kept = () =>
      t.db
        .select({ id: appSettingVersions.id })
        .from(appSettingVersions)
        .where(eq(appSettingVersions.key, 'cookie_config'))
        .orderBy(asc(appSettingVersions.id));
    const { value } = await read('cookie_config');
    const missing = adminLimits.documentVersionsKept - (await kept()).length;
    await t.db
      .insert(appSettingVersions)
      .values(Array.from({ length: missing }, () => ({ key: 'cookie_config', value })));
    const [oldest] = await kept();
    await admin.put(documentUrl('cookie_config'), { value });
    const rows = await kept();
    expect(rows).toHaveLength(adminLimits.documentVersionsKept);
    expect(rows[0]!.id).toBeGreaterThan(oldest!.id);
  });

  it('stores the menu with hidden entries left out of the navigation', async () => {
    const menu = [
      { type: 'dashboard', title: 'menu.main.dashboard', icon: 'home' },
      { type: 'groups', title: { de_DE: 'Teams', en_GB: 'Teams' }, icon: 'groups', hidden: true },
      {
        type: 'external',
        title: { de_DE: 'Kantine', en_GB: 'Canteen' },
        url: 'https://example.org',
        target: '_blank',
      },
    ];
    const stored = await admin.put(documentUrl('menu'), { value: menu });
    expect(stored.json()).toMatchObject({ version_id: expect.any(Number) });
    const navigation = (await member.get('/api/v2/menu', { query: { locale: 'en_GB' } })).json();
    expect(navigation.map((item: { title: string }) => item.title)).toEqual(['Home', 'Canteen']);
    const invalid = await admin.put(documentUrl('menu'), { value: [{ type: 'nowhere', title: 'x' }] });
    expect(invalid.json().errors[0]).toMatchObject({ code: 'validation_failed', field: '0.type' });
    expect(await lastAudit('menu')).toMatchObject({ action: 'document.update', resource_type: 'document' });
  });

  it('orders and hides the settings drawer by the settings menu document', async () => {
    const stored = await admin.put(documentUrl('settings_menu'), {
      value: [
        { key: 'show_online_status', hidden: false },
        { key: 'billing', hidden: true },
        { key: 'profile' },
      ],
    });
    expect(stored.statusCode).toBe(200);
    const drawer = (await member.get('/api/v2/menu/settings')).json() as { key: string }[];
    expect(drawer.map((item) => item.key)).toEqual([
      'show_online_status',
      'profile',
      'activities',
      'follows',
      'change_password',
      'logout',
      'email_notifications',
      'push_notifications',
    ]);
    const unknown = await admin.put(documentUrl('settings_menu'), { value: [{ key: 'nowhere' }] });
    expect(unknown.json().errors[0]).toMatchObject({ code: 'validation_failed', field: '0.key' });
    const twice = await admin.put(documentUrl('settings_menu'), {
      value: [{ key: 'profile' }, { key: 'profile' }],
    });
    expect(twice.json().errors[0].field).toBe('1.key');
  });

  it('stores the cookie configuration the consent call answers, and refuses an invalid one', async () => {
    const config = {
      cookie_types: [
        {
          id: 1,
          name: { de_DE: 'Notwendig', en_GB: 'Necessary' },
          description: { de_DE: 'n', en_GB: 'n' },
          required: true,
        },
        {
          id: 2,
          name: { de_DE: 'Statistik', en_GB: 'Statistics' },
          description: { de_DE: 's', en_GB: 's' },
          required: false,
        },
      ],
      items: [],
      provider_type_to_cookie_type_mapping: {},
    };
    expect((await admin.put(documentUrl('cookie_config'), { value: config })).statusCode).toBe(200);
    const consent = (await member.get('/api/v2/settings/consent', { query: { track_all: 'true' } })).json();
    expect(consent.cookie_config.cookie_types).toHaveLength(2);
    const invalid = await admin.put(documentUrl('cookie_config'), { value: { cookie_types: 'none' } });
    expect(invalid.json().errors[0]).toMatchObject({ code: 'validation_failed', field: 'cookie_types' });
  });

  it('serves the text overrides of a language to everyone and drops them on change', async () => {
    const visitor = new TestClient(t.app);
    expect((await visitor.get('/api/v2/languages/en_GB/overrides')).json()).toEqual({});
    const value = { en_GB: { 'admin.title': 'Back office' }, de_DE: { 'admin.title': 'Verwaltung' } };
    expect((await admin.put(documentUrl('text_overrides'), { value })).statusCode).toBe(200);
    expect((await visitor.get('/api/v2/languages/en_GB/overrides')).json()).toEqual({
      'admin.title': 'Back office',
    });
    expect((await visitor.get('/api/v2/languages/de_DE/overrides')).json()).toEqual({
      'admin.title': 'Verwaltung',
    });
    await admin.put(documentUrl('text_overrides'), { value: { en_GB: { 'admin.title': 'Office' } } });
    expect((await visitor.get('/api/v2/languages/en_GB/overrides')).json()).toEqual({
      'admin.title': 'Office',
    });
    expect((await visitor.get('/api/v2/languages/de_DE/overrides')).json()).toEqual({});
    expect((await visitor.get('/api/v2/languages/xx_XX/overrides')).statusCode).toBe(400);
  });

  it('refuses overrides of texts the bundles do not hold, with unknown placeholders or too many', async () => {
    const put = (value: unknown) => admin.put(documentUrl('text_overrides'), { value });
    const unknown = await put({ en_GB: { 'admin.no_such_text': 'x' } });
    expect(unknown.json().errors[0]).toMatchObject({
      code: 'validation_failed',
      field: 'en_GB.admin.no_such_text',
    });
    // A group of texts is not a text.
    expect((await put({ en_GB: { admin: 'x' } })).statusCode).toBe(400);
    const placeholder = await put({ en_GB: { 'admin.title': 'Hello {{name}}' } });
    expect(placeholder.json().errors[0].field).toBe('en_GB.admin.title');
    const many = Object.fromEntries(
      Array.from({ length: adminLimits.textOverridesMax + 1 }, (_, index) => [`admin.k${index}`, 'x']),
    );
    expect((await put({ en_GB: many })).json().errors[0].field).toBe('en_GB');
    expect((await put({ xx_XX: {} })).statusCode).toBe(400);
  });
});
