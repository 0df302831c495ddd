import type { Db } from '../db/client';
import { addLocation, addRatingCategory, recordReview } from '../modules/ratings';

/** Rating categories for every location, in both languages. */
const categories = [
  { label_de: 'Arbeitsatmosphäre', label_en: 'Work atmosphere' },
  { label_de: 'Vorgesetztenverhalten', label_en: 'Leadership' },
  { label_de: 'Work-Life-Balance', label_en: 'Work-life balance' },
  { label_de: 'Gehalt und Sozialleistungen', label_en: 'Pay and benefits' },
];

interface DemoReview {
  overall: number;
  recommend: boolean;
  /** Points per category (1..10), the location's own category last. */
  scores: number[];
  comment: string | null;
  monthsAgo: number;
}

/** Four sites: three with enough reviews to show, one (Leipzig) still hidden with a single review. */
const sites: {
  name: string;
  city: string;
  own?: { label_de: string; label_en: string };
  reviews: DemoReview[];
}[] = [
  {
    name: 'Zentrale Berlin',
    city: 'Berlin',
    reviews: [
      {
        overall: 9,
        recommend: true,
        scores: [9, 8, 7, 8],
        comment: 'Tolles Team und viel Vertrauen in die eigene Arbeit.',
        monthsAgo: 1,
      },
      {
        overall: 8,
        recommend: true,
        scores: [8, 7, 8, 7],
        comment: 'Friendly colleagues, flexible hours and a good canteen.',
        monthsAgo: 2,
      },
      {
        overall: 6,
        recommend: false,
        scores: [7, 5, 6, 5],
        comment: 'Entscheidungen dauern manchmal zu lange.',
        monthsAgo: 4,
      },
      { overall: 8, recommend: true, scores: [8, 8, 9, 6], comment: null, monthsAgo: 5 },
      {
        overall: 10,
        recommend: true,
        scores: [10, 9, 9, 8],
        comment: 'Beste Stelle, die ich bisher hatte.',
        monthsAgo: 7,
      },
    ],
  },
  {
    name: 'Werk Hamburg',
    city: 'Hamburg',
    own: { label_de: 'Arbeitssicherheit', label_en: 'Workplace safety' },
    reviews: [
      {
        overall: 7,
        recommend: true,
        scores: [7, 6, 6, 7, 9],
        comment: 'Sicherheit wird hier ernst genommen.',
        monthsAgo: 1,
      },
      {
        overall: 6,
        recommend: true,
        scores: [6, 6, 5, 6, 8],
        comment: 'Shift planning could be more predictable.',
        monthsAgo: 3,
      },
      {
        overall: 5,
        recommend: false,
        scores: [5, 4, 5, 6, 8],
        comment: 'Die Schichtpläne kommen oft sehr kurzfristig.',
        monthsAgo: 6,
      },
      { overall: 8, recommend: true, scores: [8, 7, 7, 7, 9], comment: null, monthsAgo: 8 },
    ],
  },
  {
    name: 'Standort München',
    city: 'München',
    reviews: [
      {
        overall: 8,
        recommend: true,
        scores: [8, 9, 7, 8],
        comment: 'Gute Weiterbildungsmöglichkeiten.',
        monthsAgo: 2,
      },
      {
        overall: 7,
        recommend: true,
        scores: [7, 7, 8, 6],
        comment: 'A great place to learn, rents nearby are high though.',
        monthsAgo: 4,
      },
      { overall: 9, recommend: true, scores: [9, 8, 8, 7], comment: null, monthsAgo: 9 },
    ],
  },
  {
    name: 'Lager Leipzig',
    city: 'Leipzig',
    reviews: [
      {
        overall: 7,
        recommend: true,
        scores: [7, 7, 7, 7],
        comment: 'Kleines, eingespieltes Team.',
        monthsAgo: 1,
      },
    ],
  },
];

/** The day a demo review was written: `monthsAgo` months before now, mid-month. */
function monthsBefore(now: Date, months: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 15, 10));
}

/**
 * Demo employer ratings: locations with categories in both languages and reviews by demo members (each
 * member reviews a location once), three locations past the anonymity threshold and one below it.
 */
export async function seedDemoRatings(db: Db, memberIds: number[], now = new Date()): Promise<void> {
  const shared: number[] = [];
  for (const [position, category] of categories.entries()) {
    shared.push(await addRatingCategory(db, { ...category, position, location_id: null }));
  }
  let reviewer = 0;
  for (const site of sites) {
    const locationId = await addLocation(db, { name: site.name, city: site.city });
    const ids = [...shared];
    if (site.own) {
      ids.push(
        await addRatingCategory(db, { ...site.own, position: categories.length, location_id: locationId }),
      );
    }
    // Oldest first, so the reviews' ids follow their dates as a real location's do.
    for (const review of [...site.reviews].sort((a, b) => b.monthsAgo - a.monthsAgo)) {
      const userId = memberIds[reviewer % memberIds.length]!;
      reviewer += 1;
      await recordReview(
        db,
        {
          locationId,
          userId,
          overall: review.overall,
          recommend: review.recommend,
          comment: review.comment,
          scores: ids.map((category_id, i) => ({ category_id, score: review.scores[i]! })),
        },
        monthsBefore(now, review.monthsAgo),
      );
    }
  }
}
