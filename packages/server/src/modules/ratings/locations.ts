import type { Db } from '../../db/client';
import { type CategoryValues, locationsRepo } from './repo';
import { reviewRepo } from './review-repo';
import { reviewYear } from './service';

/** Every location as `{ id, name }` by name, for other modules' choices (the jobs administration). */
export async function locationOptions(db: Db): Promise<{ id: number; name: string }[]> {
  return (await locationsRepo.all(db)).map((row) => ({ id: row.id, name: row.name }));
}

/** Adds a location (demo content and tools; members' calls go through the administration's checks). */
export async function addLocation(db: Db, values: { name: string; city: string }): Promise<number> {
  return (await locationsRepo.insert(db, values)).id;
}

/** Adds a rating category (demo content and tools). */
export async function addRatingCategory(db: Db, values: CategoryValues): Promise<number> {
  return (await locationsRepo.insertCategory(db, values)).id;
}

/** Records a member's review as of `at`, with the counters, as a member's review call does (demo content). */
export async function recordReview(
  db: Db,
  review: {
    locationId: number;
    userId: number;
    overall: number;
    recommend: boolean;
    comment: string | null;
    scores: { category_id: number; score: number }[];
  },
  at: Date,
): Promise<void> {
  await reviewRepo.submit(db, { ...review, year: reviewYear(at) }, at);
}
