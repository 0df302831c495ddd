import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { anyId } from '../../db/any-id';
import type { Db } from '../../db/client';
import { preparedQuery } from '../../db/prepared-query';
import { locationCategoryScores, locationReviews, locations, reviewScores } from '../../db/schema';

/** A review as it is stored, without its member. */
export interface NewReview {
  locationId: number;
  userId: number;
  year: number;
  overall: number;
  recommend: boolean;
  comment: string | null;
  scores: { category_id: number; score: number }[];
}

/** A review as a page of reviews or comments reads it: nothing of its member. */
export interface ReviewRow {
  id: number;
  overall: number;
  recommend: boolean;
  comment: string | null;
  created_at: Date;
}

/** A review as a page's statement carries it (JSON: the moment as text). */
type ReviewJson = Omit<ReviewRow, 'created_at'> & { created_at: string };

/** Where a cursor page starts: the newest, the oldest, or past a review's id. */
export type ReviewCursor = { kind: 'first' } | { kind: 'last' } | { kind: 'before' | 'after'; id: number };

const reviewFields = {
  id: locationReviews.id,
  overall: locationReviews.overall,
  recommend: locationReviews.recommend,
  comment: locationReviews.comment,
  created_at: locationReviews.created_at,
};

/** Adds (sign 1) or takes away (sign -1) a review's figures from its location's counters. */
async function count(
  tx: Db,
  review: Pick<NewReview, 'locationId' | 'overall' | 'recommend' | 'scores'>,
  sign: 1 | -1,
  now: Date,
): Promise<void> {
  await tx
    .update(locations)
    .set({
      review_count: sql`${locations.review_count} + ${sign}`,
      overall_sum: sql`${locations.overall_sum} + ${sign * review.overall}`,
      recommend_count: sql`${locations.recommend_count} + ${review.recommend ? sign : 0}`,
      // The latest review's moment (a review recorded with an earlier date, as demo content is, keeps it).
      ...(sign === 1 ? { last_review_at: sql`greatest(${locations.last_review_at}, ${now})` } : {}),
    })
    .where(eq(locations.id, review.locationId));
  for (const { category_id, score } of review.scores) {
    await tx
      .insert(locationCategoryScores)
      .values({ location_id: review.locationId, category_id, score_sum: score, score_count: 1 })
      .onConflictDoUpdate({
        target: [locationCategoryScores.location_id, locationCategoryScores.category_id],
        set: {
          score_sum: sql`${locationCategoryScores.score_sum} + ${sign * score}`,
          score_count: sql`${locationCategoryScores.score_count} + ${sign}`,
        },
      });
  }
}

/** Reviews and their counters. Reviews are read only by location, never by member (anonymity). */
export const reviewRepo = {
  /**
   * Stores a member's review of a location for a year, replacing their review of that year, and moves the
   * location's counters with it, in one transaction under the location's row lock (reviews of one location
   * are counted one after the other). False when the location is gone.
   */
  async submit(db: Db, review: NewReview, now: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [location] = await tx
        .select({ id: locations.id })
        .from(locations)
        .where(eq(locations.id, review.locationId))
        .for('update');
      if (!location) return false;
      const [previous] = await tx
        .select({
          id: locationReviews.id,
          overall: locationReviews.overall,
          recommend: locationReviews.recommend,
        })
        .from(locationReviews)
        .where(
          and(
            eq(locationReviews.location_id, review.locationId),
            eq(locationReviews.user_id, review.userId),
            eq(locationReviews.year, review.year),
          ),
        );
      if (previous) {
        const scores = await tx
          .select({ category_id: reviewScores.category_id, score: reviewScores.score })
          .from(reviewScores)
          .where(eq(reviewScores.review_id, previous.id));
        await count(tx, { locationId: review.locationId, ...previous, scores }, -1, now);
        await tx.delete(locationReviews).where(eq(locationReviews.id, previous.id));
      }
      const [stored] = await tx
        .insert(locationReviews)
        .values({
          location_id: review.locationId,
          user_id: review.userId,
          year: review.year,
          overall: review.overall,
          recommend: review.recommend,
          comment: review.comment,
          created_at: now,
          updated_at: now,
        })
        .returning({ id: locationReviews.id });
      if (review.scores.length > 0) {
        await tx
          .insert(reviewScores)
          .values(
            review.scores.map((s) => ({ review_id: stored!.id, category_id: s.category_id, score: s.score })),
          );
      }
      await count(tx, review, 1, now);
      return true;
    });
  },

  /**
   * A page of a location's reviews (or only those with a comment), newest first, by keyset on the id from
   * the cursor, in one statement with the location's review count (undefined when there is no location):
   * `size + 1` rows are read to know whether more follow in the walk's direction, and whether any lie
   * beyond the cursor on its other side.
   */
  async page(
    db: Db,
    locationId: number,
    cursor: ReviewCursor,
    size: number,
    commentsOnly: boolean,
  ): Promise<{ reviewCount: number; rows: ReviewRow[]; newer: boolean; older: boolean } | undefined> {
    const newestFirst = cursor.kind === 'first' || cursor.kind === 'before';
    const query = preparedQuery(
      db,
      `review_page_${cursor.kind}_${commentsOnly ? 'comments' : 'all'}`,
      (name) => {
        const scope = sql`r.location_id = "locations"."id"${commentsOnly ? sql` and r.comment is not null` : sql``}`;
        const from = sql.placeholder('cursor');
        const bound =
          cursor.kind === 'before'
            ? sql` and r.id < ${from}`
            : cursor.kind === 'after'
              ? sql` and r.id > ${from}`
              : sql``;
        const beyond =
          cursor.kind === 'before'
            ? sql`exists (select 1 from ${locationReviews} r where ${scope} and r.id >= ${from})`
            : cursor.kind === 'after'
              ? sql`exists (select 1 from ${locationReviews} r where ${scope} and r.id <= ${from})`
              : sql`false`;
        const direction = sql.raw(newestFirst ? 'desc' : 'asc');
        return db
          .select({
            review_count: locations.review_count,
            rows: sql<ReviewJson[] | null>`(
            select json_agg(json_build_object('id', p.id, 'overall', p.overall, 'recommend', p.recommend,
              'comment', p.comment, 'created_at', p.created_at) order by p.id ${direction})
            from (select r.id, r.overall, r.recommend, r.comment, r.created_at from ${locationReviews} r
                  where ${scope}${bound} order by r.id ${direction} limit ${sql.placeholder('limit')}) p)`,
            beyond: sql<boolean>`${beyond}`,
          })
          .from(locations)
          .where(eq(locations.id, sql.placeholder('id')))
          .prepare(name);
      },
    );
    const values: Record<string, number> = { id: locationId, limit: size + 1 };
    if (cursor.kind === 'before' || cursor.kind === 'after') values.cursor = cursor.id;
    const [found] = await query.execute(values);
    if (!found) return undefined;
    const json = typeof found.rows === 'string' ? (JSON.parse(found.rows) as ReviewJson[]) : found.rows;
    const rows = (json ?? []).map((row) => ({ ...row, created_at: new Date(row.created_at) }));
    const more = rows.length > size;
    const page = rows.slice(0, size);
    return newestFirst
      ? { reviewCount: found.review_count, rows: page, newer: found.beyond, older: more }
      : { reviewCount: found.review_count, rows: page.reverse(), newer: more, older: found.beyond };
  },

  /** The category scores of these reviews. */
  async scoresOf(db: Db, reviewIds: number[]) {
    if (reviewIds.length === 0) return [];
    return db
      .select({
        review_id: reviewScores.review_id,
        category_id: reviewScores.category_id,
        score: reviewScores.score,
      })
      .from(reviewScores)
      .where(anyId(reviewScores.review_id, reviewIds));
  },

  /** The next batch of a location's reviews after an id, oldest first (the export's walk). */
  async batchAfter(db: Db, locationId: number, afterId: number, size: number): Promise<ReviewRow[]> {
    return db
      .select(reviewFields)
      .from(locationReviews)
      .where(and(eq(locationReviews.location_id, locationId), gt(locationReviews.id, afterId)))
      .orderBy(asc(locationReviews.id))
      .limit(size);
  },
};
