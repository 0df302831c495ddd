import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { TestClient } from '../../test/client';
import { seedDemoContent } from './index';

describe('demo groups of the seed', () => {
  let t: TestApp;
  let admin: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    const seeded = await seedDemoContent(t.db, { publicUrl: 'http://plaza.test' });
    admin = new TestClient(t.app);
    await admin.login(seeded.admin!.username, seeded.admin!.password);
  });
  afterAll(() => t.close());

  it('gives the admin groups of every kind, an invitation, an application and a suggestion', async () => {
    const own = (await admin.get('/api/v2/groups')).json();
    expect(own.results.map((g: { name: string }) => g.name)).toEqual([
      'Berlin Office',
      'Book Circle',
      'Product Guild',
      'Running Club',
    ]);
    expect(new Set(own.results.map((g: { type: string }) => g.type))).toEqual(
      new Set(['open', 'approval', 'private']),
    );
    const publicGroups = (await admin.get('/api/v2/public_groups')).json();
    expect(publicGroups.results.map((g: { name: string }) => g.name)).toEqual([
      'Photography',
      'Sustainability Team',
    ]);

    const invitations = (await admin.get('/api/v2/groups/invitations')).json().results;
    expect(invitations).toEqual([expect.objectContaining({ name: 'Leadership Circle', status: 'pending' })]);
    const applications = (await admin.get('/api/v2/groups/applications')).json().results;
    expect(applications).toEqual([expect.objectContaining({ name: 'Product Guild', status: 'applied' })]);
    const suggestions = (await admin.get('/api/v2/topics/suggestions')).json().results;
    expect(suggestions).toEqual([
      expect.objectContaining({ group: expect.objectContaining({ name: 'Book Circle' }) }),
    ]);

    const feed = (await admin.get('/api/v2/activities')).json().results;
    expect(feed.map((a: { type: string }) => a.type).sort()).toEqual(['application', 'invite']);
    expect(feed.find((a: { type: string }) => a.type === 'invite').membership).toEqual({
      id: invitations[0].membership_id,
      status: 'pending',
    });

    const guild = own.results.find((g: { name: string }) => g.name === 'Product Guild');
    const page = (await admin.get(`/api/v2/groups/${guild.id}`)).json();
    expect(page.topics).toHaveLength(3);
    expect(page.member_count).toBe(5);
  });
});
