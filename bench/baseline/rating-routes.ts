import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { member, pageOf } from './request';

/**
 * Employer ratings (bench/http/ratings.ts) the cheap way: the list of locations by name with their
 * count, a location's counters with its categories' counters, a page of comments older than a review,
 * and a location's reviews with their scores for the export (as JSON rows, no workbook).
 */
export function registerRatingRoutes(app: FastifyInstance, db: pg.Pool): void {
  app.get('/api/v2/ratings', async (request) => {
    member(request);
    const { page, perPage } = pageOf(request.query, 12);
    const [rows, count] = await Promise.all([
      db.query({
        name: 'ratings-list',
        text: `select id, name, city, review_count, overall_sum from locations
               order by lower(name), id limit $1 offset $2`,
        values: [perPage, (page - 1) * perPage],
      }),
      db.query<{ n: number }>({ name: 'ratings-count', text: 'select count(*)::int as n from locations' }),
    ]);
    return { results: rows.rows, total: count.rows[0]!.n };
  });

  app.get('/api/v2/ratings/:id', async (request) => {
    const viewer = member(request);
    const id = Number((request.params as { id: string }).id);
    const [location, categories] = await Promise.all([
      db.query({
        name: 'rating-location',
        text: `select l.id, l.name, l.city, l.review_count, l.overall_sum, l.recommend_count, l.last_review_at,
                 exists (select 1 from location_reviews r where r.location_id = l.id and r.user_id = $2
                         and r.year = extract(year from now())::int) as reviewed
               from locations l where l.id = $1`,
        values: [id, viewer.id],
      }),
      db.query({
        name: 'rating-categories',
        text: `select c.id, c.label_de, c.label_en, s.score_sum, s.score_count from rating_categories c
               left join location_category_scores s on s.category_id = c.id and s.location_id = $1
               where c.location_id is null or c.location_id = $1 order by c.position, c.id`,
        values: [id],
      }),
    ]);
    return { ...location.rows[0], ratings: categories.rows };
  });

  app.get('/api/v2/ratings/:id/comments', async (request) => {
    member(request);
    const id = Number((request.params as { id: string }).id);
    const page = String((request.query as { page?: string }).page ?? 'first');
    const before = page.startsWith('b') ? Number(page.slice(1)) : 2_147_483_647;
    const { rows } = await db.query({
      name: 'rating-comments',
      text: `select id, created_at, comment from location_reviews
             where location_id = $1 and comment is not null and id < $2 order by id desc limit 11`,
      values: [id, before],
    });
    return { results: rows.slice(0, 10), more: rows.length > 10 };
  });

  app.get('/api/v2/ratings/ratings_export', async (request) => {
    member(request);
    const ids = (request.query as Record<string, string | string[]>)['filters[location][]'];
    const id = Number(Array.isArray(ids) ? ids[0] : ids);
    const { rows } = await db.query({
      name: 'rating-export',
      text: `select r.id, r.created_at, r.overall, r.recommend, r.comment,
               (select json_agg(json_build_array(s.category_id, s.score)) from review_scores s where s.review_id = r.id) as scores
             from location_reviews r where r.location_id = $1 order by r.id`,
      values: [id],
    });
    return rows;
  });
}
