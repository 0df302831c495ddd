import { and, asc, desc, eq, gt, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import { anyId } from '../../db/any-id';
import type { Db } from '../../db/client';
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
      ...(sign === 1 ? { last_review_at: now } : {}),
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
   * A page of a location's reviews (or only those with a comment), newest first, by keyset on the id
   * from the cursor: `size + 1` rows are read to know whether more follow in the walk's direction.
   * Answers the page's rows newest first and whether rows lie beyond each end.
   */
  async page(
    db: Db,
    locationId: number,
    cursor: ReviewCursor,
    size: number,
    commentsOnly: boolean,
  ): Promise<{ rows: ReviewRow[]; newer: boolean; older: boolean }> {
    const scope = and(
      eq(locationReviews.location_id, locationId),
      commentsOnly ? isNotNull(locationReviews.comment) : undefined,
    );
    const walk = (where: SQL | undefined, newestFirst: boolean) =>
      db
        .select(reviewFields)
        .from(locationReviews)
        .where(and(scope, where))
        .orderBy(newestFirst ? desc(locationReviews.id) : asc(locationReviews.id))
        .limit(size + 1);
    const exists = async (where: SQL) =>
      (await db.select({ id: locationReviews.id }).from(locationReviews).where(and(scope, where)).limit(1))
        .length > 0;

    if (cursor.kind === 'first' || cursor.kind === 'before') {
      const rows = await walk(cursor.kind === 'before' ? lt(locationReviews.id, cursor.id) : undefined, true);
      const older = rows.length > size;
      const page = rows.slice(0, size);
      const newer =
        cursor.kind === 'before' && (await exists(gt(locationReviews.id, page[0]?.id ?? cursor.id - 1)));
      return { rows: page, newer, older };
    }
    const rows = await walk(cursor.kind === 'after' ? gt(locationReviews.id, cursor.id) : undefined, false);
    const newer = rows.length > size;
    const page = rows.slice(0, size).reverse();
    const oldest = page.at(-1)?.id;
    const older = cursor.kind === 'after' && (await exists(lt(locationReviews.id, oldest ?? cursor.id + 1)));
    return { rows: page, newer, older };
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
