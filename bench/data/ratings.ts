import { type Area, type FillContext, literal, textArray } from './context';
import { memberCount } from './people';
import { closings, openings, subjects } from './words';

/** Employer sites at scale 1 (jobs refer to them too). */
export const locationsAtScale1 = 50;
/** Reviews at scale 1, spread unevenly: the first location has the most (the export's largest). */
export const reviewsAtScale1 = 100_000;

/** How many locations the generated community has. */
export const locationCount = (ctx: FillContext) => ctx.count(locationsAtScale1, 4);

const cities = [
  'Berlin',
  'Hamburg',
  'München',
  'Köln',
  'Frankfurt',
  'Stuttgart',
  'Leipzig',
  'Dresden',
  'Bremen',
  'Hannover',
];
const categories = [
  ['Arbeitsatmosphäre', 'Work atmosphere'],
  ['Vorgesetztenverhalten', 'Leadership'],
  ['Work-Life-Balance', 'Work-life balance'],
  ['Gehalt und Sozialleistungen', 'Pay and benefits'],
  ['Weiterbildung', 'Training'],
] as const;

/**
 * Locations with rating categories (five for all, one of the first location's own), reviews by members
 * (a member's reviews fall in different calendar years, so none replaces another), their category scores,
 * and the counters the ratings module keeps with each review, computed once at the end.
 */
export const ratings: Area = {
  name: 'ratings',
  async fill(ctx) {
    const { rand, below, pick } = ctx.random;
    const members = memberCount(ctx);
    const locations = locationCount(ctx);
    const reviews = ctx.count(reviewsAtScale1, 20);
    await ctx.table(
      'locations',
      `insert into locations (id, name, city, created_at, updated_at) overriding system value
       select l, 'Standort ' || l, (${textArray(cities)})[1 + (l - 1) % ${cities.length}],
         ${ctx.now} - interval '3 years', ${ctx.now} - interval '3 years'
       from generate_series(1, ${locations}) l`,
    );
    await ctx.table(
      'rating_categories',
      `insert into rating_categories (id, label_de, label_en, position, location_id) overriding system value values ${categories
        .map(([de, en], i) => `(${i + 1}, ${literal(de)}, ${literal(en)}, ${i}, null)`)
        .join(
          ', ',
        )}, (${categories.length + 1}, 'Arbeitssicherheit', 'Workplace safety', ${categories.length}, 1)`,
    );
    // Review n: a location weighted towards the first ones (the square of a uniform number). Reviews come
    // in blocks of one per member, a calendar year each, the oldest block first; inside a block the day
    // rises with n over the year (up to today in this year's), so ids follow time as in a real community,
    // and a member's reviews fall in different years, so none replaces another.
    const location = `(1 + floor(${rand('n', 'ratings.location')} ^ 2 * ${locations})::int)`;
    const lastBlock = Math.floor((reviews - 1) / members);
    const yearsBack = `(${lastBlock} - (n - 1) / ${members})`;
    const year = `(extract(year from ${ctx.now})::int - ${yearsBack})`;
    const months = `(case when ${yearsBack} = 0 then extract(month from ${ctx.now})::int else 12 end)`;
    /** The review's day in its year's span, 0 up to 28 days times its months. */
    const dayOfSpan = `floor(((n - 1) % ${members})::float8 / ${members} * ${months} * 28)::int`;
    const month = `(1 + ${dayOfSpan} / 28)`;
    const day = `(1 + ${dayOfSpan} % 28)`;
    const overall = `(1 + ${below('n', 'ratings.overall', 10)})`;
    await ctx.table(
      'location_reviews',
      `insert into location_reviews (id, location_id, user_id, year, overall, recommend, comment, created_at, updated_at)
       overriding system value
       select n, l, u, y, o, o >= 5 + ${below('n', 'ratings.recommend', 3)},
         case when ${rand('n', 'ratings.comment')} < 0.4 then
           ${pick(openings, 'n', 'ratings.opening')} || ' ' || ${pick(subjects, 'n', 'ratings.subject')} || '. ' || ${pick(closings, 'n', 'ratings.closing')}
         end,
         least(make_timestamptz(y, m, d, 10, 0, 0), ${ctx.now} - interval '1 hour'),
         least(make_timestamptz(y, m, d, 10, 0, 0), ${ctx.now} - interval '1 hour')
       from (
         select n, ${location} as l, 1 + (n - 1) % ${members} as u, ${year} as y, ${month} as m, ${day} as d, ${overall} as o
         from generate_series(1, ${reviews}) n
       ) r`,
    );
    await ctx.table(
      'review_scores',
      `insert into review_scores (review_id, category_id, score)
       select r.id, c.id, greatest(1, least(10, r.overall - 2 + ${below('r.id * 8 + c.id', 'ratings.score', 5)}))
       from location_reviews r
       join rating_categories c on c.location_id is null or c.location_id = r.location_id`,
    );
    await ctx.step(
      'ratings counters',
      `update locations l set review_count = c.n, overall_sum = c.overall, recommend_count = c.yes, last_review_at = c.latest
        from (select location_id, count(*)::int as n, sum(overall)::int as overall,
                count(*) filter (where recommend)::int as yes, max(created_at) as latest
              from location_reviews group by location_id) c
        where c.location_id = l.id`,
      `insert into location_category_scores (location_id, category_id, score_sum, score_count)
        select r.location_id, s.category_id, sum(s.score)::int, count(*)::int
        from review_scores s join location_reviews r on r.id = s.review_id
        group by r.location_id, s.category_id`,
    );
    await ctx.run('analyze location_category_scores');
  },
};
