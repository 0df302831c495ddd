import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/client';
import { type RatingsFixture, ratingsFixture } from '../../../test/ratings-fixture';

/** Every cell of a workbook as text, sheet by sheet. */
async function workbookText(payload: Buffer): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const cells: string[] = [];
  for (const sheet of workbook.worksheets) {
    cells.push(sheet.name);
    sheet.eachRow((row) => {
      row.eachCell((cell) => {
        cells.push(cell.value instanceof Date ? cell.value.toISOString() : String(cell.value));
      });
    });
  }
  return cells.join('\n');
}

/** Keys of every object in a JSON answer. */
function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keysOf(item, into);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      into.add(key);
      keysOf(child, into);
    }
  }
  return into;
}

describe('reviewer anonymity', () => {
  let f: RatingsFixture;
  let location: { id: number };
  let hiddenLocation: { id: number };
  /** What would name a reviewer: ids, first and last names, usernames, emails. */
  let identifying: string[];

  beforeAll(async () => {
    f = await ratingsFixture();
    location = await f.location('Werk Nord', 'Hamburg');
    hiddenLocation = await f.location('Lager Ost', 'Leipzig');
    await f.category('Teamwork');
    for (const [i, reviewer] of f.reviewers.slice(0, 3).entries()) {
      await f.review(reviewer, location.id, {
        overall: 6 + i,
        recommend: i !== 1,
        score: 5 + i,
        comment: `Kommentar ${i}`,
      });
    }
    await f.review(f.reviewers[3]!, hiddenLocation.id, {
      overall: 2,
      recommend: false,
      score: 2,
      comment: 'Nur einer',
    });
    identifying = f.reviewerUsers.flatMap((user) => [
      String(user.id),
      user.firstname,
      user.lastname,
      user.username,
      user.email,
    ]);
    // The reviewers' ids are far from any other number of these answers (the fixture moves them past 900000).
    expect(f.reviewerUsers.every((user) => user.id > 900_000)).toBe(true);
  });
  afterAll(() => f.t.close());

  const calls = (): [
    string,
    (
      c: TestClient,
    ) => Promise<{ statusCode: number; body: string; rawPayload: Buffer; headers: Record<string, unknown> }>,
  ][] => [
    ['list', (c) => c.get('/api/v2/ratings')],
    ['filters', (c) => c.get('/api/v2/ratings.filters')],
    ['summary card', (c) => c.get('/api/v2/ratings.card')],
    ['card', (c) => c.get(`/api/v2/ratings.card?location_id=${location.id}`)],
    ['rating', (c) => c.get(`/api/v2/ratings/${location.id}`)],
    ['hidden rating', (c) => c.get(`/api/v2/ratings/${hiddenLocation.id}`)],
    ['comments', (c) => c.get(`/api/v2/ratings/${location.id}/comments`)],
    ['last comments', (c) => c.get(`/api/v2/ratings/${location.id}/comments?page=last&per_page=1`)],
    ['hidden comments', (c) => c.get(`/api/v2/ratings/${hiddenLocation.id}/comments`)],
    ['all reviews', (c) => c.get(`/api/v2/ratings/${location.id}/all_reviews_for_location`)],
    ['hidden reviews', (c) => c.get(`/api/v2/ratings/${hiddenLocation.id}/all_reviews_for_location`)],
    ['export', (c) => c.get('/api/v2/ratings/ratings_export?locale=en_GB')],
    [
      'export de',
      (c) => c.get(`/api/v2/ratings/ratings_export?filters[location][]=${location.id}&locale=de_DE`),
    ],
    [
      'review',
      (c) =>
        c.post(`/api/v2/ratings/${location.id}/reviews`, {
          overall_evaluation: 6,
          recommendation: true,
          scores: [],
        }),
    ],
    ['admin locations', (c) => c.get('/api/v2/admin/locations')],
    ['admin categories', (c) => c.get('/api/v2/admin/rating_categories')],
  ];

  const actors = (): [string, TestClient][] => [
    ['a visitor', f.visitor],
    ['a member', f.member],
    ['a reviewer', f.reviewers[0]!],
    ['a superadmin', f.admin],
    ['a ratings exporter', f.exporter],
  ];

  it('never names a reviewer in any answer or workbook, whoever asks', async () => {
    let workbooks = 0;
    for (const [actor, client] of actors()) {
      for (const [name, send] of calls()) {
        const response = await send(client);
        expect(response.statusCode, `${name} as ${actor}`).toBeLessThan(500);
        const xlsx = String(response.headers['content-type']).includes('spreadsheetml');
        const text = xlsx ? await workbookText(response.rawPayload) : response.body;
        if (xlsx) workbooks += 1;
        for (const value of identifying) {
          expect(text.includes(value), `${name} as ${actor} carries "${value}"`).toBe(false);
        }
        if (!xlsx && response.body.startsWith('{')) {
          const keys = keysOf(JSON.parse(response.body));
          for (const key of [
            'user',
            'user_id',
            'author',
            'reviewer',
            'username',
            'email',
            'firstname',
            'lastname',
          ]) {
            expect(keys.has(key), `${name} as ${actor} has the key ${key}`).toBe(false);
          }
        }
      }
    }
    expect(workbooks).toBe(4);
  });

  it('dates comments and reviews by month only, and keeps a hidden location without scores or comments', async () => {
    const comments = (await f.member.get(`/api/v2/ratings/${location.id}/comments`)).json();
    for (const comment of comments.results) expect(comment.create_date).toMatch(/^\d{4}-\d{2}$/);
    const reviews = (await f.member.get(`/api/v2/ratings/${location.id}/all_reviews_for_location`)).json();
    for (const review of reviews.results) expect(review.create_date).toMatch(/^\d{4}-\d{2}$/);
    expect((await f.member.get(`/api/v2/ratings/${location.id}`)).json().last_updated).toMatch(
      /^\d{4}-\d{2}$/,
    );
    const hidden = (await f.member.get(`/api/v2/ratings/${hiddenLocation.id}`)).json();
    expect(hidden).toMatchObject({
      hidden: true,
      overall_evaluation: null,
      softskill_5: null,
      recommendation: null,
      last_updated: null,
    });
    expect((await f.member.get(`/api/v2/ratings/${hiddenLocation.id}/comments`)).body).not.toContain(
      'Nur einer',
    );
  });
});
