import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { TestClient } from '../../test/client';
import { seedDemoContent } from './index';

describe('demo ratings of the seed', () => {
  let t: TestApp;
  let admin: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    const seeded = await seedDemoContent(t.db, { publicUrl: 'http://plaza.test' });
    admin = new TestClient(t.app);
    await admin.login(seeded.admin!.username, seeded.admin!.password);
  });
  afterAll(() => t.close());

  it('has four locations, three with enough reviews to show and one still hidden, in both languages', async () => {
    const list = (await admin.get('/api/v2/ratings?locale=en_GB')).json();
    expect(list.results.map((r: { title: string; hidden: boolean }) => [r.title, r.hidden])).toEqual([
      ['Lager Leipzig', true],
      ['Standort München', false],
      ['Werk Hamburg', false],
      ['Zentrale Berlin', false],
    ]);
    const hamburg = list.results.find((r: { title: string }) => r.title === 'Werk Hamburg');
    const english = (await admin.get(`/api/v2/ratings/${hamburg.id}?locale=en_GB`)).json();
    expect(english.ratings.map((r: { label: string }) => r.label)).toEqual([
      'Work atmosphere',
      'Leadership',
      'Work-life balance',
      'Pay and benefits',
      'Workplace safety',
    ]);
    expect(english).toMatchObject({ total_count: 4, recommendation: 75 });
    const german = (await admin.get(`/api/v2/ratings/${hamburg.id}?locale=de_DE`)).json();
    expect(german.ratings[0].label).toBe('Arbeitsatmosphäre');
    const comments = (await admin.get(`/api/v2/ratings/${hamburg.id}/comments`)).json();
    expect(comments.results).toHaveLength(3);
  });
});
