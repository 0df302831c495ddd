import type { AdminLocation, AdminRatingCategory, Rating } from '@plaza/contract';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { createTestApp } from './app';
import { TestClient } from './client';
import { buildAdmin, buildUser, testPassword } from './factories';

/**
 * The actors of the ratings tests (src/modules/ratings/*.test.ts): a visitor, a member, a holder of
 * `ratings_export`, a superadmin, and `reviewers` (members with ids far above anything else a test makes,
 * so an answer naming one is found by its number). `location` and `category` store as the superadmin;
 * `review` sends a member's review with every category scored alike.
 */
export async function ratingsFixture() {
  const t = await createTestApp();
  // Reviewers get ids no location, count or page of a test reaches, so a search for them finds only them.
  await t.db.execute(sql`alter table users alter column id restart with 900001`);

  async function signedIn(user: { username: string }) {
    const client = new TestClient(t.app);
    await client.login(user.username, testPassword);
    return client;
  }

  const visitor = new TestClient(t.app);
  const reviewerUsers = [];
  for (const name of ['Rosalind', 'Bartholomew', 'Cordelia', 'Desmond']) {
    reviewerUsers.push(await buildUser(t.db, { firstname: name, lastname: `Reviewer${name}` }));
  }
  const reviewers = await Promise.all(reviewerUsers.map(signedIn));
  const member = await signedIn(await buildUser(t.db));
  const exporter = await signedIn(await buildUser(t.db, { permissions: ['ratings_export'] }));
  const admin = await signedIn(await buildAdmin(t.db));

  async function location(name: string, city = 'Berlin'): Promise<AdminLocation> {
    const response = await admin.post('/api/v2/admin/locations', { name, city });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }
  async function category(
    label: string,
    locationId: number | null = null,
    position = 0,
  ): Promise<AdminRatingCategory> {
    const response = await admin.post('/api/v2/admin/rating_categories', {
      label_de: label,
      label_en: `${label} (en)`,
      position,
      location_id: locationId,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }
  /** Every category of the location as its rating page lists them. */
  async function categoriesOf(locationId: number): Promise<number[]> {
    return ((await admin.get(`/api/v2/ratings/${locationId}`)).json() as Rating).ratings.map((r) => r.id);
  }
  async function review(
    client: TestClient,
    locationId: number,
    values: { overall: number; recommend: boolean; score: number | number[]; comment?: string },
  ): Promise<Rating> {
    const ids = await categoriesOf(locationId);
    const response = await client.post(`/api/v2/ratings/${locationId}/reviews`, {
      overall_evaluation: values.overall,
      recommendation: values.recommend,
      comment: values.comment,
      scores: ids.map((id, i) => ({
        category_id: id,
        score: Array.isArray(values.score) ? values.score[i]! : values.score,
      })),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  return {
    t,
    visitor,
    member,
    exporter,
    admin,
    reviewers,
    reviewerUsers,
    location,
    category,
    review,
    signedIn,
  };
}

export type RatingsFixture = Awaited<ReturnType<typeof ratingsFixture>>;
