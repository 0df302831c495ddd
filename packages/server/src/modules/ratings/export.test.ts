import type { Rating } from '@plaza/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RatingsFixture, ratingsFixture } from '../../../test/ratings-fixture';

/** The workbook of an export answer, opened as a spreadsheet program would. */
async function workbookOf(payload: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  return workbook;
}

/** A sheet's rows as arrays of cell values, header first. */
function rowsOf(sheet: ExcelJS.Worksheet): unknown[][] {
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

const month = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 7) : value);

describe('the ratings export', () => {
  let f: RatingsFixture;
  let shown: { id: number };
  let hidden: { id: number };

  beforeAll(async () => {
    f = await ratingsFixture();
    shown = await f.location('Werk Nord', 'Hamburg');
    hidden = await f.location('Lager Ost', 'Leipzig');
    await f.category('Teamwork', null, 1);
    await f.category('Safety', shown.id, 2);
    await f.review(f.reviewers[0]!, shown.id, { overall: 7, recommend: true, score: [6, 9], comment: 'Gut' });
    await f.review(f.reviewers[1]!, shown.id, { overall: 4, recommend: false, score: [5, 8] });
    await f.review(f.reviewers[2]!, shown.id, {
      overall: 10,
      recommend: true,
      score: [9, 10],
      comment: 'Sehr gut',
    });
    await f.review(f.reviewers[3]!, hidden.id, {
      overall: 3,
      recommend: false,
      score: 2,
      comment: 'Geheim bleibt geheim',
    });
  });
  afterAll(() => f.t.close());

  it('is refused to visitors and to members without ratings_export, and given to exporters and superadmins', async () => {
    const url = '/api/v2/ratings/ratings_export?locale=en_GB';
    expect((await f.visitor.get(url)).statusCode).toBe(401);
    const member = await f.member.get(url);
    expect(member.statusCode).toBe(403);
    expect(member.json().errors[0].code).toBe('forbidden');
    for (const client of [f.exporter, f.admin]) {
      const response = await client.get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="ratings-\d{4}-\d{2}-\d{2}\.xlsx"$/,
      );
      expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
    }
  });

  it("holds each location's figures cell by cell as its rating page shows them, with localised headers", async () => {
    const page = (
      await f.member.get(`/api/v2/ratings/${shown.id}`, { headers: { 'x-locale': 'en_GB' } })
    ).json() as Rating;
    const response = await f.exporter.get('/api/v2/ratings/ratings_export?locale=en_GB');
    const workbook = await workbookOf(response.rawPayload);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Ratings', 'Categories', 'Reviews']);
    const [header, ...rows] = rowsOf(workbook.getWorksheet('Ratings')!);
    expect(header).toEqual([
      'Location',
      'City',
      'Ratings',
      'Overall evaluation (5 stars)',
      'Soft skills (5 stars)',
      'Recommendation',
      'Last updated',
      'Note',
    ]);
    expect(rows).toHaveLength(2);
    const [hiddenRow, shownRow] = rows as unknown[][];
    expect(shownRow!.slice(0, 6)).toEqual([
      page.title,
      page.city,
      page.total_count,
      page.overall_evaluation,
      page.softskill_5,
      page.recommendation! / 100,
    ]);
    expect(month(shownRow![6])).toBe(page.last_updated);
    expect(hiddenRow).toEqual([
      'Lager Ost',
      'Leipzig',
      1,
      undefined,
      undefined,
      undefined,
      undefined,
      'Not enough reviews yet',
    ]);
    const sheet = workbook.getWorksheet('Ratings')!;
    expect(sheet.getCell('D3').numFmt).toBe('0.00');
    expect(sheet.getCell('F3').numFmt).toBe('0%');
    expect(sheet.getCell('G3').numFmt).toBe('mm/yyyy');

    const [, ...categoryRows] = rowsOf(workbook.getWorksheet('Categories')!);
    expect(categoryRows).toEqual(page.ratings.map((r) => [page.title, r.label, r.score, r.ratings]));

    const [reviewHeader, ...reviewRows] = rowsOf(workbook.getWorksheet('Reviews')!);
    expect(reviewHeader).toEqual([
      'Location',
      'Month',
      'Overall evaluation (5 stars)',
      'Recommendation',
      'Teamwork (en) (10 stars)',
      'Safety (en) (10 stars)',
      'Comment',
    ]);
    // Only the shown location's reviews, oldest first; none of the hidden one's.
    expect(reviewRows.map((row) => [row[0], row[2], row[3], row[4], row[5], row[6]])).toEqual([
      ['Werk Nord', 3.5, 'Yes', 6, 9, 'Gut'],
      ['Werk Nord', 2, 'No', 5, 8, undefined],
      ['Werk Nord', 5, 'Yes', 9, 10, 'Sehr gut'],
    ]);
    expect(month(reviewRows[0]![1])).toBe(page.last_updated);
  });

  it('takes the filters as bracketed arrays and writes German headers and month format for de_DE', async () => {
    const response = await f.admin.get(
      `/api/v2/ratings/ratings_export?filters[location][]=${hidden.id}&filters[city][]=Leipzig&locale=de_DE`,
    );
    const workbook = await workbookOf(response.rawPayload);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Bewertungen',
      'Kategorien',
      'Einzelbewertungen',
    ]);
    const rows = rowsOf(workbook.getWorksheet('Bewertungen')!);
    expect(rows.map((row) => row[0])).toEqual(['Standort', 'Lager Ost']);
    expect(rows[1]![7]).toBe('Noch zu wenige Bewertungen');
    expect(workbook.getWorksheet('Bewertungen')!.getCell('G2').numFmt).toBe('mm.yyyy');
    expect(rowsOf(workbook.getWorksheet('Einzelbewertungen')!)).toHaveLength(1);
    const none = await f.admin.get('/api/v2/ratings/ratings_export?filters[city][]=Nowhere');
    expect(rowsOf((await workbookOf(none.rawPayload)).getWorksheet(1)!)).toHaveLength(1);
  });

  it('refuses unknown filters and locales with a 400 before writing anything', async () => {
    for (const query of ['filters[colour][]=red', 'locale=fr_FR', 'filters[location][]=x']) {
      const response = await f.admin.get(`/api/v2/ratings/ratings_export?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().errors[0].code).toBe('validation_failed');
    }
  });
});
