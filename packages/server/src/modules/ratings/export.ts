import { PassThrough, type Readable } from 'node:stream';
import type { Locale, RatingExportQuery } from '@plaza/contract';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/client';
import { forbidden } from '../../platform/errors';
import { t } from '../../platform/i18n';
import type { SessionUser } from '../../platform/request-context';
import { ratingPolicy } from './policy';
import { categoryLabel, presentRating } from './presenter';
import { type CategoryRow, type CategoryScoreRow, type LocationRow, locationsRepo } from './repo';
import { reviewRepo } from './review-repo';

/** Reviews read per query while the workbook is written (a keyset walk by id). */
const batchSize = 2_000;

export const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Number formats of the workbook; the month's separator follows the language (Excel localises the rest). */
const formats = (locale: Locale) => ({
  month: locale === 'de_DE' ? 'mm.yyyy' : 'mm/yyyy',
  average: '0.00',
  percent: '0%',
  count: '0',
});

/** The first day of a YYYY-MM month as a date cell (UTC midnight, as Excel keeps dates without zone). */
const monthCell = (month: string | null) => (month ? new Date(`${month}-01T00:00:00Z`) : null);
const monthOfDate = (moment: Date) => new Date(Date.UTC(moment.getUTCFullYear(), moment.getUTCMonth(), 1));

interface ExportData {
  locale: Locale;
  locations: LocationRow[];
  categories: CategoryRow[];
  /** Categories of each location with their counters, as the rating page reads them. */
  scores: Map<number, CategoryScoreRow[]>;
}

/**
 * The ratings workbook: the filtered locations' figures (as their rating pages show them), their category
 * averages and their anonymous reviews (month, scores, recommendation, comment; never the member), each
 * hidden location only with its count. Written as a stream while the reviews are read in batches, so
 * the largest location costs neither a large buffer nor a long first byte. Refused unless the member
 * may export (superadmin or `ratings_export`).
 */
export async function exportRatings(
  db: Db,
  user: SessionUser,
  query: RatingExportQuery,
  requestLocale: Locale,
): Promise<Readable> {
  if (!ratingPolicy.can(user, 'export'))
    throw forbidden('Only superadmins and ratings exporters may export ratings.');
  const locale = query.locale ?? requestLocale;
  const [locations, categories] = await Promise.all([
    locationsRepo.matching(db, query.filters),
    locationsRepo.categories(db),
  ]);
  const scores = new Map<number, CategoryScoreRow[]>();
  for (const location of locations)
    scores.set(location.id, await locationsRepo.categoriesOf(db, location.id));
  const out = new PassThrough();
  writeWorkbook(db, out, { locale, locations, categories, scores }).catch((error: unknown) =>
    out.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return out;
}

async function writeWorkbook(db: Db, out: PassThrough, data: ExportData): Promise<void> {
  const { locale, locations, categories, scores } = data;
  const text = (key: string) => t(locale, `ratings.export.${key}`);
  const format = formats(locale);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });

  const summary = workbook.addWorksheet(text('sheet_ratings'));
  summary.columns = [
    { header: text('location'), key: 'location', width: 32 },
    { header: text('city'), key: 'city', width: 20 },
    { header: text('total_count'), key: 'total', width: 12, style: { numFmt: format.count } },
    { header: text('overall_evaluation'), key: 'overall', width: 16, style: { numFmt: format.average } },
    { header: text('softskill_5'), key: 'softskill', width: 16, style: { numFmt: format.average } },
    { header: text('recommendation'), key: 'recommendation', width: 16, style: { numFmt: format.percent } },
    { header: text('last_updated'), key: 'updated', width: 14, style: { numFmt: format.month } },
    { header: text('note'), key: 'note', width: 28 },
  ];
  const categorySheet = workbook.addWorksheet(text('sheet_categories'));
  categorySheet.columns = [
    { header: text('location'), key: 'location', width: 32 },
    { header: text('category'), key: 'category', width: 28 },
    { header: text('category_score'), key: 'score', width: 16, style: { numFmt: format.average } },
    { header: text('category_count'), key: 'count', width: 12, style: { numFmt: format.count } },
  ];
  for (const location of locations) {
    const rating = presentRating(location, scores.get(location.id) ?? [], locale, false);
    summary
      .addRow({
        location: rating.title,
        city: rating.city,
        total: rating.total_count,
        overall: rating.overall_evaluation,
        softskill: rating.softskill_5,
        recommendation: rating.recommendation === null ? null : rating.recommendation / 100,
        updated: monthCell(rating.last_updated),
        note: rating.hidden ? text('hidden') : null,
      })
      .commit();
    if (rating.hidden) continue;
    for (const category of rating.ratings) {
      categorySheet
        .addRow({
          location: rating.title,
          category: category.label,
          score: category.score,
          count: category.ratings,
        })
        .commit();
    }
  }
  summary.commit();
  categorySheet.commit();

  const reviews = workbook.addWorksheet(text('sheet_reviews'));
  reviews.columns = [
    { header: text('location'), key: 'location', width: 32 },
    { header: text('month'), key: 'month', width: 12, style: { numFmt: format.month } },
    { header: text('review_overall'), key: 'overall', width: 16, style: { numFmt: '0.0' } },
    { header: text('recommendation'), key: 'recommendation', width: 14 },
    ...categories.map((category) => ({
      header: `${categoryLabel(category, locale)} (${text('points')})`,
      key: `c${category.id}`,
      width: 18,
      style: { numFmt: format.count },
    })),
    { header: text('comment'), key: 'comment', width: 60 },
  ];
  const yes = text('yes');
  const no = text('no');
  for (const location of locations) {
    if (!ratingPolicy.isShown(location.review_count)) continue;
    let after = 0;
    for (;;) {
      // A download the client gave up on reads no further.
      if (out.destroyed) return;
      const batch = await reviewRepo.batchAfter(db, location.id, after, batchSize);
      if (batch.length === 0) break;
      const batchScores = await reviewRepo.scoresOf(
        db,
        batch.map((row) => row.id),
      );
      const byReview = new Map<number, Record<string, number>>();
      for (const s of batchScores) {
        const cells = byReview.get(s.review_id) ?? {};
        cells[`c${s.category_id}`] = s.score;
        byReview.set(s.review_id, cells);
      }
      for (const row of batch) {
        reviews
          .addRow({
            location: location.name,
            month: monthOfDate(row.created_at),
            overall: row.overall / 2,
            recommendation: row.recommend ? yes : no,
            ...byReview.get(row.id),
            comment: row.comment ?? null,
          })
          .commit();
      }
      after = batch.at(-1)!.id;
      if (batch.length < batchSize) break;
    }
  }
  reviews.commit();
  await workbook.commit();
}
