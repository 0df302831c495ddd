import { adminLimits } from '@plaza/contract';
import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildAdmin, buildUser, testPassword } from '../../../test/factories';
import { uploadFiles } from '../../../test/multipart';
import { auditEvents } from '../../db/schema';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: '#1f5fa8' } })
    .png()
    .toBuffer();

describe('logo and favicon', () => {
  let t: TestApp;
  let admin: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    admin = new TestClient(t.app);
    await admin.login((await buildAdmin(t.db)).username, testPassword);
  });
  afterAll(() => t.close());

  it('refuses visitors (401), members and users administrators (403)', async () => {
    const member = new TestClient(t.app);
    await member.login((await buildUser(t.db)).username, testPassword);
    const usersAdmin = new TestClient(t.app);
    await usersAdmin.login((await buildUser(t.db, { permissions: ['users'] })).username, testPassword);
    const file = { data: await png(40, 40), filename: 'logo.png' };
    for (const client of [new TestClient(t.app), member, usersAdmin]) {
      const expected = client === member || client === usersAdmin ? 403 : 401;
      expect((await uploadFiles(client, '/api/v2/admin/branding/logo', file)).statusCode).toBe(expected);
      expect((await client.delete('/api/v2/admin/branding/favicon')).statusCode).toBe(expected);
    }
    expect((await uploadFiles(admin, '/api/v2/admin/branding/banner', file)).statusCode).toBe(400);
  });

  it('takes a logo by its content, whatever its name, and serves it for good with nosniff', async () => {
    const upload = await uploadFiles(admin, '/api/v2/admin/branding/logo', {
      data: await png(3000, 500),
      filename: 'logo.exe',
      type: 'application/x-msdownload',
    });
    expect(upload.statusCode).toBe(200);
    const url = upload.json().value.company.logo_url as string;
    expect(url).toMatch(/^\/api\/v2\/branding\/logo\/[0-9a-f]{20}\.png$/);
    expect((await new TestClient(t.app).get('/api/v2/settings')).json().company.logo_url).toBe(url);

    const served = await new TestClient(t.app).get(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    // Re-encoded inside 1200 x 600 px.
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 200]);

    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.resource_type, 'branding'))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(audit).toMatchObject({ action: 'branding.logo', resource_id: 'logo' });
    expect((audit!.after as { company: { logo_url: string } }).company.logo_url).toBe(url);

    const removed = await admin.delete('/api/v2/admin/branding/logo');
    expect(removed.json().value.company.logo_url).toBeNull();
    // The file stays for the versions that name it.
    expect((await new TestClient(t.app).get(url)).statusCode).toBe(200);
  });

  it('renders the favicon as 32 px and 180 px squares', async () => {
    const upload = await uploadFiles(admin, '/api/v2/admin/branding/favicon', {
      data: await png(64, 48),
      filename: 'icon.png',
    });
    expect(upload.statusCode).toBe(200);
    const url = upload.json().value.company.favicon_url as string;
    expect(url).toMatch(/^\/api\/v2\/branding\/favicon\/[0-9a-f]{20}-32\.png$/);
    for (const [address, size] of [
      [url, 32],
      [url.replace(/-32\.png$/, '-180.png'), 180],
    ] as const) {
      const served = await admin.get(address);
      const meta = await sharp(served.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', size, size]);
    }
    const versions = (await admin.get('/api/v2/admin/documents/settings/versions')).json();
    expect(versions.results[0].value.company.favicon_url).toBe(url);
  });

  it('refuses what is not an image (415), an empty or too large file, and unknown files (404)', async () => {
    const text = await uploadFiles(admin, '/api/v2/admin/branding/logo', {
      data: Buffer.from('just some text, not a picture'),
      filename: 'logo.png',
      type: 'image/png',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().errors[0].code).toBe('unsupported_media_type');
    const svg = await uploadFiles(admin, '/api/v2/admin/branding/favicon', {
      data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      filename: 'icon.svg',
    });
    expect(svg.statusCode).toBe(415);
    const empty = await uploadFiles(admin, '/api/v2/admin/branding/logo', {
      data: Buffer.alloc(0),
      filename: 'logo.png',
    });
    expect(empty.statusCode).toBe(400);
    const large = await uploadFiles(admin, '/api/v2/admin/branding/logo', {
      data: Buffer.concat([await png(10, 10), Buffer.alloc(adminLimits.brandingImageBytesMax)]),
      filename: 'logo.png',
    });
    expect(large.statusCode).toBe(413);
    const visitor = new TestClient(t.app);
    expect((await visitor.get('/api/v2/branding/logo/0000.png')).statusCode).toBe(404);
    expect((await visitor.get('/api/v2/branding/logo/..%2Fx.png')).statusCode).toBe(400);
  });
});
