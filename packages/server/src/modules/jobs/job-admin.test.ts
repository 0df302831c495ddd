import type { AdminJob } from '@plaza/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildAdmin, buildUser, testPassword } from '../../../test/factories';
import { uploadFiles } from '../../../test/multipart';
import { locations } from '../../db/schema';

/** The jobs administration: who may manage, the states, validation and the job's image. */
describe('jobs administration', () => {
  let t: TestApp;
  let visitor: TestClient;
  let member: TestClient;
  let usersAdmin: TestClient;
  let jobsAdmin: TestClient;
  let admin: TestClient;
  let berlin: number;

  async function signedIn(user: { username: string }) {
    const client = new TestClient(t.app);
    await client.login(user.username, testPassword);
    return client;
  }

  const input = () => ({
    title: 'Projektleitung Logistik',
    locale: 'de_DE',
    field: 'logistics',
    location_id: berlin,
    employment_type: 'full_time',
    available_in: '2027-03-01',
    tasks: ['Touren planen', 'Team führen'],
    profile: 'Erfahrung in der Logistik.',
    offer: 'Ein gutes Team.',
  });

  async function create(client = admin): Promise<AdminJob> {
    const response = await client.post('/api/v2/admin/jobs', input());
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  const picture = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 20 } } })
      .png()
      .toBuffer();

  beforeAll(async () => {
    t = await createTestApp();
    visitor = new TestClient(t.app);
    member = await signedIn(await buildUser(t.db));
    usersAdmin = await signedIn(await buildUser(t.db, { permissions: ['users'] }));
    jobsAdmin = await signedIn(await buildUser(t.db, { permissions: ['jobs'] }));
    admin = await signedIn(await buildAdmin(t.db));
    const [place] = await t.db.insert(locations).values({ name: 'Berlin' }).returning({ id: locations.id });
    berlin = place!.id;
  });
  afterAll(() => t.close());

  it('refuses every administration call to visitors (401), members and users administrators (403)', async () => {
    const job = await create();
    const calls = [
      (c: TestClient) => c.get('/api/v2/admin/jobs'),
      (c: TestClient) => c.get('/api/v2/admin/jobs/locations'),
      (c: TestClient) => c.post('/api/v2/admin/jobs', input()),
      (c: TestClient) => c.get(`/api/v2/admin/jobs/${job.id}`),
      (c: TestClient) => c.put(`/api/v2/admin/jobs/${job.id}`, input()),
      (c: TestClient) => c.post(`/api/v2/admin/jobs/${job.id}/publish`),
      (c: TestClient) => c.post(`/api/v2/admin/jobs/${job.id}/close`),
      (c: TestClient) => c.delete(`/api/v2/admin/jobs/${job.id}/image`),
      (c: TestClient) => c.delete(`/api/v2/admin/jobs/${job.id}`),
    ];
    for (const call of calls) {
      expect((await call(visitor)).statusCode).toBe(401);
      expect((await call(member)).statusCode).toBe(403);
      expect((await call(usersAdmin)).statusCode).toBe(403);
    }
    const upload = (c: TestClient) =>
      uploadFiles(c, `/api/v2/admin/jobs/${job.id}/image`, { data: Buffer.from('x'), filename: 'a.png' });
    expect((await upload(member)).statusCode).toBe(403);
    expect((await upload(usersAdmin)).statusCode).toBe(403);
    const stored = (await admin.get(`/api/v2/admin/jobs/${job.id}`)).json();
    expect(stored).toMatchObject({ state: 'draft', title: 'Projektleitung Logistik', img: null });
  });

  it('lets superadmins and the jobs permission create, edit, publish, close and delete', async () => {
    for (const client of [admin, jobsAdmin]) {
      const job = await create(client);
      expect(job).toMatchObject({
        state: 'draft',
        published_at: null,
        closed_at: null,
        tasks: ['Touren planen', 'Team führen'],
      });
      const saved = await client.put(`/api/v2/admin/jobs/${job.id}`, {
        ...input(),
        title: 'Leitung Lager',
        tasks: [],
      });
      expect(saved.json()).toMatchObject({ title: 'Leitung Lager', tasks: [] });

      const published = (await client.post(`/api/v2/admin/jobs/${job.id}/publish`)).json();
      expect(published.state).toBe('open');
      expect(published.published_at).toEqual(expect.any(String));
      expect((await member.get(`/api/v2/jobs/${job.id}`)).json()).toMatchObject({
        title: 'Leitung Lager',
        available_in: '2027-03-01',
        location: { id: berlin, name: 'Berlin' },
      });
      const again = await client.post(`/api/v2/admin/jobs/${job.id}/publish`);
      expect(again.statusCode).toBe(409);
      expect(again.json().errors[0].code).toBe('conflict');

      const closed = (await client.post(`/api/v2/admin/jobs/${job.id}/close`)).json();
      expect(closed).toMatchObject({ state: 'closed', closed_at: expect.any(String) });
      expect((await client.post(`/api/v2/admin/jobs/${job.id}/close`)).statusCode).toBe(409);
      expect((await member.get(`/api/v2/jobs/${job.id}`)).statusCode).toBe(404);

      const reopened = (await client.post(`/api/v2/admin/jobs/${job.id}/publish`)).json();
      expect(reopened).toMatchObject({
        state: 'open',
        closed_at: null,
        published_at: published.published_at,
      });

      const list = (await client.get('/api/v2/admin/jobs', { query: { state: 'open' } })).json();
      expect(list.results.map((row: { id: number }) => row.id)).toContain(job.id);

      expect((await client.delete(`/api/v2/admin/jobs/${job.id}`)).json()).toEqual({ success: true });
      expect((await client.get(`/api/v2/admin/jobs/${job.id}`)).statusCode).toBe(404);
      expect((await client.delete(`/api/v2/admin/jobs/${job.id}`)).statusCode).toBe(404);
      expect((await member.get(`/api/v2/jobs/${job.id}`)).statusCode).toBe(404);
    }
  });

  it('pages the administration list by `before` and lists the locations', async () => {
    const list = (await admin.get('/api/v2/admin/jobs')).json();
    expect(list.next_before).toBeNull();
    const ids = list.results.map((row: { id: number }) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect((await admin.get('/api/v2/admin/jobs/locations')).json()).toEqual({
      results: [{ id: berlin, name: 'Berlin' }],
    });
  });

  it('refuses bad fields with a 400 naming them', async () => {
    const job = await create();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...input(), title: '  ' }, 'title'],
      [{ ...input(), location_id: 999_999 }, 'location_id'],
      [{ ...input(), available_in: '2027-02-30' }, 'available_in'],
      [{ ...input(), field: 'astronomy' }, 'field'],
      [{ ...input(), employment_type: 'forever' }, 'employment_type'],
      [{ ...input(), tasks: Array.from({ length: 21 }, () => 'x') }, 'tasks'],
      [{ ...input(), state: 'open' }, ''],
    ];
    for (const [body, field] of cases) {
      const response = await admin.put(`/api/v2/admin/jobs/${job.id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(response.json().errors)).toContain(field);
    }
    expect((await admin.get(`/api/v2/admin/jobs/${job.id}`)).json().state).toBe('draft');
  });

  it('stores the image as a 306 px square WebP checked by its content, and drops it with the job', async () => {
    const job = await create(jobsAdmin);
    const fake = await uploadFiles(jobsAdmin, `/api/v2/admin/jobs/${job.id}/image`, {
      data: Buffer.from('not an image at all, just text'),
      filename: 'photo.png',
      type: 'image/png',
    });
    expect(fake.statusCode).toBeGreaterThanOrEqual(400);
    expect(fake.statusCode).toBeLessThan(500);

    const first = await uploadFiles(jobsAdmin, `/api/v2/admin/jobs/${job.id}/image`, {
      data: await picture(800, 400),
      filename: 'wide.png',
    });
    expect(first.statusCode, first.body).toBe(200);
    const img: string = first.json().img;
    expect(img).toMatch(/^\/uploads\/images\/.+\.webp$/);
    const file = await jobsAdmin.get(img);
    expect(file.statusCode).toBe(200);
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 306, height: 306 });

    const second = await uploadFiles(jobsAdmin, `/api/v2/admin/jobs/${job.id}/image`, {
      data: await picture(100, 300),
      filename: 'tall.png',
    });
    expect(second.json().img).not.toBe(img);
    expect((await jobsAdmin.get(img)).statusCode).toBe(404);

    const removed = (await jobsAdmin.delete(`/api/v2/admin/jobs/${job.id}/image`)).json();
    expect(removed.img).toBeNull();
    expect((await jobsAdmin.get(second.json().img)).statusCode).toBe(404);

    const third = await uploadFiles(jobsAdmin, `/api/v2/admin/jobs/${job.id}/image`, {
      data: await picture(64, 64),
      filename: 'small.png',
    });
    expect((await jobsAdmin.delete(`/api/v2/admin/jobs/${job.id}`)).statusCode).toBe(200);
    expect((await jobsAdmin.get(third.json().img)).statusCode).toBe(404);
  });

  it('links the administration page for superadmins and the jobs permission only', async () => {
    const links = async (client: TestClient) =>
      (
        (await client.get('/api/v2/auth/is_authenticated', { query: { locale: 'en_GB' } })).json().session
          .administrationRoutes as {
          key: string;
          link: string;
        }[]
      )
        .filter((item) => item.key === 'jobs')
        .map((item) => item.link);
    expect(await links(admin)).toEqual(['/en_GB/admin/jobs']);
    expect(await links(jobsAdmin)).toEqual(['/en_GB/admin/jobs']);
    expect(await links(member)).toEqual([]);
    expect(await links(usersAdmin)).toEqual([]);
  });
});
