import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupMemberships, groups, sessions, userFollows } from '../../../src/db/schema';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildAdmin, buildGroup, buildUser } from '../../../test/factories';
import { signedIn } from '../../../test/group-helpers';
import { uploadFiles } from '../../../test/multipart';
import { usersRepo } from './repo';

describe('account deletion', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses anonymous callers and members deleting someone else', async () => {
    const target = await buildUser(t.db);
    expect((await new TestClient(t.app).delete(`/api/v2/users/${target.id}`)).statusCode).toBe(401);
    const other = await signedIn(t, await buildUser(t.db));
    expect((await other.delete(`/api/v2/users/${target.id}`)).statusCode).toBe(403);
    expect(await usersRepo.byId(t.db, target.id)).toBeDefined();
    expect((await other.delete('/api/v2/users/999999')).statusCode).toBe(404);
  });

  it('lets members delete themselves: every session ends, their avatar goes, their groups keep an admin', async () => {
    const leaving = await buildUser(t.db);
    const stayer = await buildUser(t.db);
    const later = await buildUser(t.db);
    const client = await signedIn(t, leaving);
    const secondDevice = await signedIn(t, leaving);
    const group = await buildGroup(t.db, { admins: [leaving], members: [stayer, later] });
    await t.db.insert(userFollows).values({ follower_id: stayer.id, followed_id: leaving.id });

    const png = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#c63' } })
      .png()
      .toBuffer();
    const image = (
      await uploadFiles(client, `/api/v2/users/${leaving.id}/image`, { data: png, filename: 'me.png' })
    ).json();
    const avatar = (
      await client.put(`/api/v2/users/${leaving.id}/image/${image.id}`, {
        coordinates: { x: 0, y: 0, width: 30, height: 30 },
      })
    ).json();

    const response = await client.delete(`/api/v2/users/${leaving.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });

    expect(await usersRepo.byId(t.db, leaving.id)).toBeUndefined();
    expect(await t.db.select().from(sessions).where(eq(sessions.user_id, leaving.id))).toEqual([]);
    expect((await secondDevice.get(`/api/v2/users/${stayer.id}`)).statusCode).toBe(401);
    expect((await client.get(`/api/v2/users/${stayer.id}`)).statusCode).toBe(401);
    const viewer = await signedIn(t, stayer);
    expect((await viewer.get(avatar.img_path)).statusCode).toBe(404);
    expect(await t.db.select().from(userFollows).where(eq(userFollows.followed_id, leaving.id))).toEqual([]);

    const [kept] = await t.db.select().from(groups).where(eq(groups.id, group.id));
    expect(kept).toMatchObject({ creator_id: null });
    const [heir] = await t.db
      .select()
      .from(groupMemberships)
      .where(and(eq(groupMemberships.group_id, group.id), eq(groupMemberships.role, 'admin')));
    expect(heir?.user_id).toBe(stayer.id);
  });

  it('lets an editor with the users permission delete another account', async () => {
    const target = await buildUser(t.db);
    const editor = await signedIn(t, await buildUser(t.db, { permissions: ['users'] }));
    expect((await editor.delete(`/api/v2/users/${target.id}`)).statusCode).toBe(200);
    expect(await usersRepo.byId(t.db, target.id)).toBeUndefined();
    expect((await editor.get('/api/v2/users/follows')).statusCode).toBe(200);
  });

  it('keeps the last superadmin: 409 last_superadmin, and the profile offers no deletion but says why', async () => {
    const fresh = await createTestApp();
    try {
      const only = await buildAdmin(fresh.db);
      const client = await signedIn(fresh, only);
      const profile = (await client.get(`/api/v2/users/${only.id}`)).json();
      expect(profile).toMatchObject({
        editable: true,
        deletable: false,
        deletion_blocked: 'last_superadmin',
      });
      const refused = await client.delete(`/api/v2/users/${only.id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().errors[0].code).toBe('last_superadmin');
      expect(await usersRepo.byId(fresh.db, only.id)).toBeDefined();
      const second = await buildAdmin(fresh.db);
      expect((await client.get(`/api/v2/users/${only.id}`)).json()).toMatchObject({
        deletable: true,
        deletion_blocked: null,
      });
      expect((await client.delete(`/api/v2/users/${second.id}`)).statusCode).toBe(200);
      expect((await client.delete(`/api/v2/users/${only.id}`)).statusCode).toBe(409);
      await buildAdmin(fresh.db);
      expect((await client.delete(`/api/v2/users/${only.id}`)).statusCode).toBe(200);
    } finally {
      await fresh.close();
    }
  });
});
