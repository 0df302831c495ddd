import { type AuditEvent, adminLimits } from '@plaza/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildAdmin, buildUser, testPassword } from '../../../test/factories';
import { auditEvents, users } from '../../db/schema';
import { housekeepingJobs } from '../../housekeeping';
import { setUserPermissions } from '../users';

type User = Awaited<ReturnType<typeof buildUser>>;

describe('audit log: reading, filters, pages and retention', () => {
  let t: TestApp;
  let admin: User;
  let adminClient: TestClient;
  let memberClient: TestClient;
  let usersClient: TestClient;
  const adminIp = '10.20.30.40';

  const signIn = async (user: User, ip = '127.0.0.1') => {
    const client = new TestClient(t.app, ip);
    await client.login(user.username, testPassword);
    return client;
  };
  const audit = async (query: Record<string, string | number> = {}) => {
    const response = await adminClient.get('/api/v2/admin/audit', { query });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { results: AuditEvent[]; next_before: number | null };
  };
  /** The newest entry of an action. */
  const latest = async (action: string) => (await audit({ action })).results[0];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await buildAdmin(t.db, { firstname: 'Ada', lastname: 'Admin' });
    adminClient = await signIn(admin, adminIp);
    memberClient = await signIn(await buildUser(t.db));
    usersClient = await signIn(await buildUser(t.db, { permissions: ['users'] }));
  });
  afterAll(() => t.close());

  it('is read by superadmins only: anonymous 401, a member 403, a users-only member 403', async () => {
    expect((await new TestClient(t.app).get('/api/v2/admin/audit')).statusCode).toBe(401);
    expect((await memberClient.get('/api/v2/admin/audit')).statusCode).toBe(403);
    expect((await usersClient.get('/api/v2/admin/audit')).statusCode).toBe(403);
    expect((await adminClient.get('/api/v2/admin/audit')).statusCode).toBe(200);
  });

  it('refuses bad filters with the contract error body', async () => {
    const queries: Record<string, string>[] = [
      { action: 'Page.Update' },
      { from: 'yesterday' },
      { from: '2026-16-28' },
      { to: '2026-01-01T25:61:00Z' },
      { resource_type: 'nothing' },
      { before: 'x' },
    ];
    for (const query of queries) {
      const response = await adminClient.get('/api/v2/admin/audit', { query });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0]).toMatchObject({ code: 'validation_failed' });
    }
  });

  it('records a TV display key created and revoked, with before/after, actor, address and browser', async () => {
    const created = await adminClient.post('/api/v2/tv/display_keys', { name: 'Lobby' });
    expect(created.statusCode).toBe(201);
    const id = created.json().display_key.id;
    expect((await adminClient.delete(`/api/v2/tv/display_keys/${id}`)).statusCode).toBe(200);
    const [revoked, create] = (await audit({ resource_type: 'display_key' })).results;
    expect(create).toMatchObject({
      action: 'display_key.create',
      resource_id: String(id),
      actor: { id: admin.id, name: 'Ada Admin' },
      before: null,
      after: { name: 'Lobby' },
      ip: adminIp,
    });
    expect(JSON.stringify(create)).not.toContain('key_hash');
    expect(revoked).toMatchObject({ action: 'display_key.revoke', before: { name: 'Lobby' }, after: null });
    // A refused or failed change writes nothing.
    const count = (await audit()).results.length;
    expect((await memberClient.post('/api/v2/tv/display_keys', { name: 'Sneaky' })).statusCode).toBe(403);
    expect((await adminClient.delete(`/api/v2/tv/display_keys/${id}`)).statusCode).toBe(404);
    expect((await audit()).results.length).toBe(count);
  });

  it('records pages created, saved, published, unpublished and deleted', async () => {
    const created = await adminClient.post('/api/v2/admin/pages', { title: 'Impressum' });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id;
    expect((await adminClient.put(`/api/v2/admin/pages/${id}`, { title: 'Imprint' })).statusCode).toBe(200);
    expect((await adminClient.post(`/api/v2/admin/pages/${id}/publish`)).statusCode).toBe(200);
    expect((await adminClient.post(`/api/v2/admin/pages/${id}/unpublish`)).statusCode).toBe(200);
    expect((await adminClient.delete(`/api/v2/admin/pages/${id}`)).statusCode).toBe(200);
    const actions = (await audit({ action: 'page' })).results.map((event) => [
      event.action,
      event.resource_id,
    ]);
    expect(actions).toEqual(
      ['delete', 'unpublish', 'publish', 'update', 'create'].map((verb) => [`page.${verb}`, String(id)]),
    );
    expect(await latest('page.update')).toMatchObject({
      before: { title: 'Impressum', status: 'draft' },
      after: { title: 'Imprint', status: 'draft' },
    });
    expect(await latest('page.publish')).toMatchObject({ after: { status: 'published' } });
    expect(await latest('page.delete')).toMatchObject({ before: { title: 'Imprint' }, after: null });
  });

  it('records members invited, updated, deactivated, reactivated, given permissions and deleted', async () => {
    const invited = await adminClient.post('/api/v2/members/invitations', {
      email: 'nina.neu@example.org',
      firstname: 'Nina',
      lastname: 'Neu',
      language: 'en_GB',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const id = invited.json().id;
    expect(await latest('member.create')).toMatchObject({
      resource_id: String(id),
      after: { email: 'nina.neu@example.org', permissions: [], deactivated: false },
    });
    expect((await adminClient.put(`/api/v2/users/${id}`, { position: 'Chef' })).statusCode).toBe(200);
    expect(await latest('member.update')).toMatchObject({
      before: { position: null },
      after: { position: 'Chef' },
    });
    expect((await adminClient.post(`/api/v2/members/${id}/deactivate`)).statusCode).toBe(200);
    expect(await latest('member.deactivate')).toMatchObject({
      before: { deactivated: false },
      after: { deactivated: true },
    });
    expect((await adminClient.post(`/api/v2/members/${id}/reactivate`)).statusCode).toBe(200);
    expect(await latest('member.reactivate')).toMatchObject({ after: { deactivated: false } });
    await setUserPermissions(t.db, 'nina.neu', ['jobs']);
    expect(await latest('member.permissions')).toMatchObject({
      actor: null,
      ip: null,
      before: { permissions: [] },
      after: { permissions: ['jobs'] },
    });
    expect((await adminClient.delete(`/api/v2/users/${id}`)).statusCode).toBe(200);
    expect(await latest('member.delete')).toMatchObject({ before: { username: 'nina.neu' }, ip: adminIp });
    const everything = JSON.stringify((await audit({ resource_type: 'member' })).results);
    expect(everything).not.toMatch(/password|token/);
  });

  it('filters by actor, resource, action, time, and walks keyset pages newest first', async () => {
    await t.db.delete(auditEvents);
    const other = await buildUser(t.db, { firstname: 'Otto', lastname: 'Other' });
    const rows = Array.from({ length: adminLimits.auditPageSize + 5 }, (_, n) => ({
      at: new Date(Date.UTC(2026, 0, 1 + (n % 20))),
      actor_id: n % 2 ? admin.id : other.id,
      actor_name: n % 2 ? 'Ada Admin' : 'Otto Other',
      action: n % 3 ? 'product.update' : 'job.delete',
      resource_type: n % 3 ? 'product' : 'job',
      resource_id: String(n),
    }));
    await t.db.insert(auditEvents).values(rows);

    const first = await audit();
    expect(first.results).toHaveLength(adminLimits.auditPageSize);
    const ids = first.results.map((event) => event.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const second = await audit({ before: first.next_before! });
    expect(second.results).toHaveLength(5);
    expect(second.next_before).toBeNull();
    expect(Math.max(...second.results.map((event) => event.id))).toBeLessThan(Math.min(...ids));

    const all = [...first.results, ...second.results];
    const expectFilter = async (
      query: Record<string, string | number>,
      keep: (event: AuditEvent) => boolean,
    ) => {
      const found = (await audit(query)).results.map((event) => event.id);
      expect(found.length).toBeGreaterThan(0);
      expect(found).toEqual(
        all
          .filter(keep)
          .map((event) => event.id)
          .slice(0, adminLimits.auditPageSize),
      );
    };
    await expectFilter({ actor_id: other.id }, (event) => event.actor?.id === other.id);
    await expectFilter({ resource_type: 'job' }, (event) => event.resource_type === 'job');
    await expectFilter({ action: 'product.update' }, (event) => event.action === 'product.update');
    await expectFilter({ action: 'job' }, (event) => event.action.startsWith('job.'));
    await expectFilter(
      { from: '2026-01-05', to: '2026-01-08T00:00:00Z' },
      (event) => event.at >= '2026-01-05' && event.at < '2026-01-08',
    );
    await expectFilter(
      { actor_id: admin.id, action: 'job', to: '2026-01-10' },
      (event) => event.actor?.id === admin.id && event.action.startsWith('job.') && event.at < '2026-01-10',
    );
    expect((await audit({ action: 'job.create' })).results).toEqual([]);
    expect((await audit({ action: 'jo' })).results).toEqual([]);
  });

  it('keeps the name of an actor whose account is gone', async () => {
    const gone = await buildUser(t.db, { firstname: 'Gina', lastname: 'Gone' });
    const [row] = await t.db
      .insert(auditEvents)
      .values({ actor_id: gone.id, actor_name: 'Gina Gone', action: 'job.delete', resource_type: 'job' })
      .returning();
    await t.db.delete(users).where(eq(users.id, gone.id));
    const event = (await audit()).results.find((item) => item.id === row!.id);
    expect(event?.actor).toEqual({ id: null, name: 'Gina Gone' });
  });

  it('removes entries older than the retention time in housekeeping, and only those', async () => {
    await t.db.delete(auditEvents);
    const now = new Date('2027-06-01T00:00:00Z');
    const days = (n: number) => new Date(now.getTime() - n * 86_400_000);
    await t.db.insert(auditEvents).values(
      [400, 31, 29, 1].map((age) => ({
        at: days(age),
        action: 'job.delete',
        resource_type: 'job',
        resource_id: String(age),
      })),
    );
    const job = housekeepingJobs({ storage: t.storage, auditRetentionDays: 30 }).find(
      (item) => item.name === 'audit-retention',
    )!;
    expect((await job.run({ db: t.db, now })).removed).toBe(2);
    const left = await t.db.select({ resource_id: auditEvents.resource_id }).from(auditEvents);
    expect(left.map((row) => row.resource_id).sort()).toEqual(['1', '29']);
    expect((await job.run({ db: t.db, now })).removed).toBe(0);
  });
});
