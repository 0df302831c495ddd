import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { TestClient } from '../../test/client';
import { seedDemoContent } from './index';

describe('demo jobs of the seed', () => {
  let t: TestApp;
  let admin: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    const seeded = await seedDemoContent(t.db, { publicUrl: 'http://plaza.test', storage: t.storage });
    admin = new TestClient(t.app);
    await admin.login(seeded.admin!.username, seeded.admin!.password);
  });
  afterAll(() => t.close());

  it('has twelve open jobs in both languages across fields and the four demo locations, and a draft', async () => {
    const list = (await admin.get('/api/v2/jobs?per_page=50')).json();
    expect(list.results).toHaveLength(12);
    const jobs = list.results as {
      locale: string;
      field: { id: string };
      location: { name: string } | null;
    }[];
    expect(new Set(jobs.map((job) => job.locale))).toEqual(new Set(['de_DE', 'en_GB']));
    expect(new Set(jobs.map((job) => job.field.id)).size).toBeGreaterThanOrEqual(10);
    expect(new Set(jobs.map((job) => job.location?.name))).toEqual(
      new Set(['Zentrale Berlin', 'Werk Hamburg', 'Standort München', 'Lager Leipzig']),
    );
    const filters = (await admin.get('/api/v2/jobs.filters')).json().results;
    expect(filters[0].properties).toHaveLength(4);
    const drafts = (await admin.get('/api/v2/admin/jobs?state=draft')).json().results;
    expect(drafts).toHaveLength(1);
    const newest = (await admin.get(`/api/v2/jobs/${list.results[0].id}`)).json();
    expect(newest).toMatchObject({
      title: 'Softwareentwicklerin / Softwareentwickler Backend',
      pagination: { prev: null, next: list.results[1].id },
    });
    expect(newest.tasks.length).toBeGreaterThan(0);
    // Each has a demo picture, served like every upload.
    expect(newest.img).toMatch(/^\/uploads\/images\//);
    expect((await admin.get(newest.img)).statusCode).toBe(200);
  });
});
