import type { Rating, RatingComments, RatingList } from '@plaza/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/client';
import { type RatingsFixture, ratingsFixture } from '../../../test/ratings-fixture';

describe('employer ratings', () => {
  let f: RatingsFixture;
  let plant: { id: number };
  let office: { id: number };

  beforeAll(async () => {
    f = await ratingsFixture();
    plant = await f.location('Werk Nord', 'Hamburg');
    office = await f.location('Büro Mitte', 'Berlin');
    await f.category('Teamwork', null, 1);
    await f.category('Pay', null, 2);
    await f.category('Canteen', plant.id, 3);
  });
  afterAll(() => f.t.close());

  it('refuses every ratings call to visitors (401) and the administration to members (403)', async () => {
    const reads = [
      (c: TestClient) => c.get('/api/v2/ratings'),
      (c: TestClient) => c.get('/api/v2/ratings.filters'),
      (c: TestClient) => c.get('/api/v2/ratings.card'),
      (c: TestClient) => c.get(`/api/v2/ratings/${plant.id}`),
      (c: TestClient) => c.get(`/api/v2/ratings/${plant.id}/comments`),
      (c: TestClient) => c.get(`/api/v2/ratings/${plant.id}/all_reviews_for_location`),
      (c: TestClient) => c.get('/api/v2/ratings/ratings_export'),
      (c: TestClient) =>
        c.post(`/api/v2/ratings/${plant.id}/reviews`, {
          overall_evaluation: 5,
          recommendation: true,
          scores: [],
        }),
    ];
    for (const call of reads) expect((await call(f.visitor)).statusCode).toBe(401);
    const admin = [
      (c: TestClient) => c.get('/api/v2/admin/locations'),
      (c: TestClient) => c.post('/api/v2/admin/locations', { name: 'X' }),
      (c: TestClient) => c.put(`/api/v2/admin/locations/${plant.id}`, { name: 'X' }),
      (c: TestClient) => c.delete(`/api/v2/admin/locations/${plant.id}`),
      (c: TestClient) => c.get('/api/v2/admin/rating_categories'),
      (c: TestClient) => c.post('/api/v2/admin/rating_categories', { label_de: 'X', label_en: 'X' }),
      (c: TestClient) => c.put('/api/v2/admin/rating_categories/1', { label_de: 'X', label_en: 'X' }),
      (c: TestClient) => c.delete('/api/v2/admin/rating_categories/1'),
    ];
    for (const call of admin) {
      expect((await call(f.visitor)).statusCode).toBe(401);
      expect((await call(f.member)).statusCode).toBe(403);
      expect((await call(f.exporter)).statusCode).toBe(403);
    }
    expect((await f.admin.get(`/api/v2/ratings/${plant.id}`)).json().title).toBe('Werk Nord');
  });

  it('hides a location below three reviews, then shows the figures kept by its counters', async () => {
    const first = await f.review(f.reviewers[0]!, plant.id, {
      overall: 8,
      recommend: true,
      score: [6, 8, 10],
      comment: 'Gutes Team',
    });
    expect(first).toMatchObject({
      hidden: true,
      overall_evaluation: null,
      softskill_5: null,
      total_count: 1,
    });
    expect(first.ratings.map((r) => r.label)).toEqual(['Teamwork', 'Pay', 'Canteen']);
    expect(first.ratings.every((r) => r.score === null && r.ratings === null)).toBe(true);
    const comments = (await f.member.get(`/api/v2/ratings/${plant.id}/comments`)).json() as RatingComments;
    expect(comments).toMatchObject({ hidden: true, results: [] });
    const hiddenReviews = await f.member.get(`/api/v2/ratings/${plant.id}/all_reviews_for_location`);
    expect(hiddenReviews.json()).toMatchObject({ hidden: true, results: [] });
    const list = (await f.member.get('/api/v2/ratings')).json() as RatingList;
    expect(list.results.find((r) => r.id === plant.id)).toMatchObject({
      hidden: true,
      score: null,
      count: 1,
    });

    await f.review(f.reviewers[1]!, plant.id, { overall: 6, recommend: false, score: [4, 6, 8] });
    const third = await f.review(f.reviewers[2]!, plant.id, {
      overall: 10,
      recommend: true,
      score: [8, 10, 9],
      comment: 'Top',
    });
    // Overall points 8, 6, 10: 8 points = 4 stars; categories: Teamwork 6 points, Pay 8, Canteen 9.
    expect(third).toMatchObject({
      hidden: false,
      overall_evaluation: 4,
      recommendation: 67,
      total_count: 3,
      last_updated: new Date().toISOString().slice(0, 7),
    });
    expect(third.ratings).toEqual([
      { id: expect.any(Number), label: 'Teamwork', score: 6, ratings: 3 },
      { id: expect.any(Number), label: 'Pay', score: 8, ratings: 3 },
      { id: expect.any(Number), label: 'Canteen', score: 9, ratings: 3 },
    ]);
    // Soft skills: (18 + 24 + 27) / 9 points = 7.67 points = 3.83 stars.
    expect(third.softskill_5).toBe(3.83);
    const english = (
      await f.member.get(`/api/v2/ratings/${plant.id}`, { headers: { 'x-locale': 'en_GB' } })
    ).json();
    expect(english.ratings[0].label).toBe('Teamwork (en)');
  });

  it('replaces a second review in the same year and moves the counters with it', async () => {
    const before = (await f.reviewers[0]!.get(`/api/v2/ratings/${plant.id}`)).json() as Rating;
    expect(before.reviewed_this_year).toBe(true);
    const after = await f.review(f.reviewers[0]!, plant.id, {
      overall: 2,
      recommend: false,
      score: [2, 2, 3],
      comment: 'Leider schlechter',
    });
    // Overall points 2, 6, 10 = 6 points = 3 stars; one of three recommends.
    expect(after).toMatchObject({ total_count: 3, overall_evaluation: 3, recommendation: 33 });
    expect(after.ratings.map((r) => [r.score, r.ratings])).toEqual([
      [4.67, 3],
      [6, 3],
      [6.67, 3],
    ]);
    const comments = (await f.member.get(`/api/v2/ratings/${plant.id}/comments`)).json() as RatingComments;
    expect(comments.results.map((c) => c.text)).toEqual(['Leider schlechter', 'Top']);
    expect(comments.results[0]!.create_date).toMatch(/^\d{4}-\d{2}$/);
    expect((await f.member.get(`/api/v2/ratings/${plant.id}`)).json().reviewed_this_year).toBe(false);
  });

  it('refuses a review that misses or repeats a category, scores off the scale, or names no location', async () => {
    const ids = (await f.member.get(`/api/v2/ratings/${office.id}`))
      .json()
      .ratings.map((r: { id: number }) => r.id);
    const send = (body: object, id = office.id) => f.member.post(`/api/v2/ratings/${id}/reviews`, body);
    const base = { overall_evaluation: 5, recommendation: true };
    expect((await send({ ...base, scores: [{ category_id: ids[0], score: 5 }] })).statusCode).toBe(400);
    const twice = [ids[0], ids[0]].map((id: number) => ({ category_id: id, score: 5 }));
    expect((await send({ ...base, scores: twice })).json().errors[0].field).toBe('scores');
    const all = ids.map((id: number) => ({ category_id: id, score: 5 }));
    expect((await send({ ...base, overall_evaluation: 11, scores: all })).statusCode).toBe(400);
    expect((await send({ ...base, overall_evaluation: 0, scores: all })).statusCode).toBe(400);
    expect((await send({ ...base, scores: all.map((s: object) => ({ ...s, score: 4.5 })) })).statusCode).toBe(
      400,
    );
    expect((await send({ ...base, scores: all }, 999_999)).statusCode).toBe(404);
    expect((await send({ ...base, scores: all, comment: 'x'.repeat(2_001) })).statusCode).toBe(400);
    expect((await f.member.get(`/api/v2/ratings/${office.id}`)).json().total_count).toBe(0);
  });

  it('filters and pages the list, and answers the filters in the {resource}.filters form', async () => {
    const filters = (await f.member.get('/api/v2/ratings.filters')).json().results;
    expect(filters.map((x: { identifier: string }) => x.identifier)).toEqual(['location', 'city']);
    expect(filters[1].properties.map((p: { id: string }) => p.id)).toEqual(['Berlin', 'Hamburg']);
    const byCity = (await f.member.get('/api/v2/ratings?filters[city][]=Hamburg')).json() as RatingList;
    expect(byCity.results.map((r) => r.title)).toEqual(['Werk Nord']);
    const byIds = (
      await f.member.get(`/api/v2/ratings?filters[location][]=${office.id}&filters[location][]=${plant.id}`)
    ).json();
    expect(byIds.results.map((r: { title: string }) => r.title)).toEqual(['Büro Mitte', 'Werk Nord']);
    const both = await f.member.get(
      `/api/v2/ratings?filters[location][]=${office.id}&filters[city][]=Hamburg`,
    );
    expect(both.json().results).toEqual([]);
    const second = (await f.member.get('/api/v2/ratings?page=2&per_page=1')).json() as RatingList;
    expect(second.results.map((r) => r.title)).toEqual(['Werk Nord']);
    expect(second.pagination).toMatchObject({ self: 2, prev: 1, next: null, last: 2, total: 2 });
    const past = (await f.member.get('/api/v2/ratings?page=5&per_page=1')).json() as RatingList;
    expect(past.results).toEqual([]);
    expect(second.can_export).toBe(false);
    expect((await f.exporter.get('/api/v2/ratings')).json().can_export).toBe(true);
    expect((await f.member.get('/api/v2/ratings?filters[colour][]=red')).statusCode).toBe(400);
    expect((await f.member.get('/api/v2/ratings?filters[location][]=abc')).statusCode).toBe(400);
    expect((await f.member.get('/api/v2/ratings?page=0')).statusCode).toBe(400);
  });

  it('pages comments by cursor: first, older, newer, last, and both ends', async () => {
    const place = await f.location('Lager Süd', 'München');
    const writers = [...f.reviewers, f.member, f.exporter, f.admin];
    for (const [i, writer] of writers.entries()) {
      await f.review(writer, place.id, {
        overall: 6,
        recommend: true,
        score: 6,
        comment: `Kommentar ${i + 1}`,
      });
    }
    const page = async (cursor: string) =>
      (
        await f.member.get(`/api/v2/ratings/${place.id}/comments?per_page=3&page=${cursor}`)
      ).json() as RatingComments;
    const first = await page('first');
    expect(first.results.map((c) => c.text)).toEqual(['Kommentar 7', 'Kommentar 6', 'Kommentar 5']);
    expect(first.pagination).toMatchObject({
      first: null,
      prev: null,
      next: expect.stringMatching(/^b\d+$/),
      last: 'last',
    });
    const older = await page(first.pagination.next!);
    expect(older.results.map((c) => c.text)).toEqual(['Kommentar 4', 'Kommentar 3', 'Kommentar 2']);
    expect(older.pagination.prev).toMatch(/^a\d+$/);
    const back = await page(older.pagination.prev!);
    expect(back.results.map((c) => c.text)).toEqual(['Kommentar 7', 'Kommentar 6', 'Kommentar 5']);
    expect(back.pagination.prev).toBeNull();
    const oldest = await page(older.pagination.next!);
    expect(oldest.results.map((c) => c.text)).toEqual(['Kommentar 1']);
    expect(oldest.pagination).toMatchObject({ next: null, last: null, first: 'first' });
    const last = await page('last');
    expect(last.results.map((c) => c.text)).toEqual(['Kommentar 3', 'Kommentar 2', 'Kommentar 1']);
    expect(last.pagination).toMatchObject({ next: null, prev: expect.stringMatching(/^a\d+$/) });
    expect((await page('b1')).results).toEqual([]);
    const reviews = await f.member.get(`/api/v2/ratings/${place.id}/all_reviews_for_location?per_page=2`);
    expect(reviews.json().results[0]).toEqual({
      create_date: expect.stringMatching(/^\d{4}-\d{2}$/),
      overall_evaluation: 6,
      recommendation: true,
      scores: [
        { id: expect.any(Number), score: 6 },
        { id: expect.any(Number), score: 6 },
      ],
      comment: 'Kommentar 7',
    });
    for (const bad of ['zero', 'b0', 'a99999999999', 'b-1']) {
      const response = await f.member.get(`/api/v2/ratings/${place.id}/comments?page=${bad}`);
      expect(response.statusCode, bad).toBe(400);
    }
    expect((await f.member.get('/api/v2/ratings/999999/comments')).statusCode).toBe(404);
  });

  it('gives the employer-rating card of a location and of every location together', async () => {
    const card = (await f.member.get(`/api/v2/ratings.card?location_id=${plant.id}`)).json();
    expect(card).toEqual({ id: plant.id, title: 'Werk Nord', hidden: false, score: 3, ratings: 3 });
    // Every shown location together (the plant's 3 and the store's 7 reviews, 3 stars each); the office's
    // single review (hidden) counts for nothing, or it could be worked out from the sums.
    await f.review(f.reviewers[3]!, office.id, { overall: 10, recommend: true, score: 10 });
    const all = (await f.member.get('/api/v2/ratings.card')).json();
    expect(all).toEqual({ id: null, title: null, hidden: false, score: 3, ratings: 10 });
    expect((await f.member.get('/api/v2/ratings.card?location_id=999999')).statusCode).toBe(404);
  });

  it('lets superadmins keep locations and categories, within the contract limits', async () => {
    const created = await f.location('Temporär');
    const renamed = await f.admin.put(`/api/v2/admin/locations/${created.id}`, {
      name: 'Umbenannt',
      city: 'Köln',
    });
    expect(renamed.json()).toMatchObject({ name: 'Umbenannt', city: 'Köln', review_count: 0 });
    expect((await f.admin.post('/api/v2/admin/locations', { name: '' })).statusCode).toBe(400);
    const cat = await f.category('Parking', created.id);
    const moved = await f.admin.put(`/api/v2/admin/rating_categories/${cat.id}`, {
      label_de: 'Parken',
      label_en: 'Parking',
      location_id: null,
    });
    expect(moved.json()).toMatchObject({ label_de: 'Parken', location_id: null });
    const unknown = await f.admin.post('/api/v2/admin/rating_categories', {
      label_de: 'A',
      label_en: 'A',
      location_id: 999_999,
    });
    expect(unknown.statusCode).toBe(404);
    expect((await f.admin.delete(`/api/v2/admin/rating_categories/${cat.id}`)).statusCode).toBe(200);
    expect((await f.admin.delete(`/api/v2/admin/locations/${created.id}`)).statusCode).toBe(200);
    expect((await f.admin.delete(`/api/v2/admin/locations/${created.id}`)).statusCode).toBe(404);
    expect((await f.member.get(`/api/v2/ratings/${created.id}`)).statusCode).toBe(404);
  });
});
