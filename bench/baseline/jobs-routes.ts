import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { member } from './request';

// The jobs board (bench/http/jobs.ts) the cheap way: open jobs of the location and employment type
// filters, newest published first, a page of them with location name and image (the page's ids walked
// first, then joined), and a job with the ids of its neighbours in that list; fields as stored, no labels.

/** The list's filters of a request's address (`filters[location][]=1`), as arrays of text. */
function filtersOf(request: FastifyRequest): { locations: number[] | null; types: string[] | null } {
  const params = new URLSearchParams(request.url.split('?')[1] ?? '');
  const all = (key: string) => [...params.getAll(`filters[${key}][]`), ...params.getAll(`filters[${key}]`)];
  const locations = all('location').map(Number);
  const types = all('employment_type');
  return { locations: locations.length ? locations : null, types: types.length ? types : null };
}

const listed = (alias: string) =>
  `${alias}.state = 'open' and ($1::int[] is null or ${alias}.location_id = any($1)) and ($2::text[] is null or ${alias}.employment_type = any($2))`;

export function registerJobsRoutes(app: FastifyInstance, db: pg.Pool): void {
  app.get('/api/v2/jobs', async (request) => {
    member(request);
    const { locations, types } = filtersOf(request);
    const query = request.query as { page?: string; per_page?: string };
    const perPage = Math.min(100, Number(query.per_page ?? 20));
    const page = Math.max(1, Number(query.page ?? 1));
    const { rows } = await db.query({
      name: 'jobs-list',
      text: `select j.id, j.title, j.locale, j.field, j.employment_type, j.location_id, l.name as location_name, i.path
             from (select id, published_at from jobs j where ${listed('j')}
                   order by published_at desc, id desc limit $3 offset $4) p
             join jobs j on j.id = p.id
             left join locations l on l.id = j.location_id left join images i on i.id = j.image_id
             order by p.published_at desc, p.id desc`,
      values: [locations, types, perPage + 1, (page - 1) * perPage],
    });
    return { results: rows.slice(0, perPage), next: rows.length > perPage ? page + 1 : null };
  });

  app.get('/api/v2/jobs/:id', async (request, reply) => {
    member(request);
    const { locations, types } = filtersOf(request);
    const { rows } = await db.query({
      name: 'jobs-get',
      text: `select j.id, j.title, j.locale, j.field, j.employment_type, j.location_id, l.name as location_name,
               i.path, j.available_in, j.tasks, j.profile, j.offer, j.published_at,
               (select n.id from jobs n where ${listed('n')} and (n.published_at, n.id) > (j.published_at, j.id)
                order by n.published_at, n.id limit 1) as prev,
               (select n.id from jobs n where ${listed('n')} and (n.published_at, n.id) < (j.published_at, j.id)
                order by n.published_at desc, n.id desc limit 1) as next
             from jobs j left join locations l on l.id = j.location_id left join images i on i.id = j.image_id
             where j.id = $3 and j.state = 'open'`,
      values: [locations, types, Number((request.params as { id: string }).id)],
    });
    if (!rows[0]) return reply.status(404).send({ code: 'not_found' });
    return rows[0];
  });
}
