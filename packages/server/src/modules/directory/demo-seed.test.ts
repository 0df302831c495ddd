import type { FilterOption, Occasion, User } from '@plaza/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { seedDemoContent } from '../../seed';

describe('the demo people in the directory', () => {
  let t: TestApp;
  let admin: TestClient;

  const names = async (path: string) => {
    const response = await admin.get(path);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().results as User[]).map((user) => `${user.firstname} ${user.lastname}`);
  };

  beforeAll(async () => {
    t = await createTestApp();
    const seeded = await seedDemoContent(t.db, { publicUrl: 'http://plaza.test' });
    admin = new TestClient(t.app);
    await admin.login(seeded.admin!.username, seeded.admin!.password);
  });
  afterAll(() => t.close());

  it('finds demo members by name prefix, skill, hobby and department, with their search vectors filled at seed time', async () => {
    expect(await names('/api/v2/users?query=Luk')).toEqual(['Lukas Weber']);
    expect(await names('/api/v2/users?query=Segeln&order_by=lastname')).toEqual([
      'Thomas Keller',
      'Finn Neumann',
      'Lukas Weber',
    ]);
    expect(await names('/api/v2/users?query=PostgreSQL&order_by=lastname')).toEqual([
      'Finn Neumann',
      'Lukas Weber',
    ]);
    expect((await names('/api/v2/users?per_page=48')).length).toBe(31);
  });

  // The demo named its search fields in English only ("Special tasks" in the German search bar).
  it('names the search fields of the search bar in the viewer’s language', async () => {
    for (const [locale, expected] of [
      ['de_DE', ['Position', 'Standort', 'Sonderaufgaben']],
      ['en_GB', ['Position', 'Location', 'Special tasks']],
    ] as const) {
      const response = await admin.get('/api/v2/users/profile_fields', { headers: { 'x-locale': locale } });
      expect(response.statusCode, response.body).toBe(200);
      expect((response.json() as { name: string }[]).map((field) => field.name)).toEqual(expected);
    }
  });

  it('offers the demo facets, department and certifications included', async () => {
    const response = await admin.get('/api/v2/users.filters', { headers: { 'x-locale': 'de_DE' } });
    const filters = response.json().results as FilterOption[];
    const labels = filters.map((filter) => filter.label);
    expect(labels).toEqual(
      expect.arrayContaining(['Standort', 'Bereich', 'Kenntnisse', 'Sprachen', 'Abteilung', 'Zertifikate']),
    );
    const department = filters.find((filter) => filter.label === 'Abteilung')!;
    const it = department.properties.find((p) => p.value === 'IT')!;
    const inIt = await names(`/api/v2/users?filters[${department.identifier}]=${it.id}&per_page=48`);
    expect(inIt).toContain('Lukas Weber');
    expect(inIt).not.toContain('Anna Schneider');
  });

  it('lists demo occasions without hidden birth years', async () => {
    const response = await admin.get('/api/v2/occasions?per_page=48');
    const occasions = response.json().results as Occasion[];
    expect(occasions.length).toBeGreaterThan(30);
    // Thomas Keller (born 1970) hides his birth year.
    const thomas = occasions.filter((occasion) => occasion.user.lastname === 'Keller');
    expect(thomas.map((occasion) => occasion.type).sort()).toEqual(['anniversary', 'birthday']);
    expect(JSON.stringify(thomas)).not.toContain('1970');
  });
});
