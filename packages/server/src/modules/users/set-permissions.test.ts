import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildUser, testPassword } from '../../../test/factories';
import { setUserPermissions } from './set-permissions';

describe("an operator's permission change (user:set-permissions)", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("grants and takes away ratings_export for the member's open session at once", async () => {
    const user = await buildUser(t.db);
    const client = new TestClient(t.app);
    await client.login(user.username, testPassword);
    const exportStatus = async () => (await client.get('/api/v2/ratings/ratings_export')).statusCode;
    expect(await exportStatus()).toBe(403);
    expect(await setUserPermissions(t.db, user.username, ['ratings_export', 'ratings_export'])).toEqual([
      'ratings_export',
    ]);
    expect(await exportStatus()).toBe(200);
    await setUserPermissions(t.db, user.username, []);
    expect(await exportStatus()).toBe(403);
  });

  it('refuses an unknown member or permission', async () => {
    await expect(setUserPermissions(t.db, 'nobody.here', [])).rejects.toThrow(/not found/);
    const user = await buildUser(t.db);
    await expect(setUserPermissions(t.db, user.username, ['root'])).rejects.toThrow();
  });
});
