import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { member, pageOf } from './request';
import { readableGroupIds } from './streams';

/** Plaza's search: the words of a text (at most eight), each as a prefix. */
function searchTerms(text: string | undefined): string[] {
  return (text?.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8).map((word) => `${word}:*`);
}

/** Every word (parameters from `$first` on) as a prefix of a name or of a German or English stem. */
function matchesAll(terms: string[], first: number): string {
  return terms
    .map((_, i) => {
      const param = `$${first + i}`;
      return `search_vector @@ (to_tsquery('simple', ${param}) || to_tsquery('german', ${param}) || to_tsquery('english', ${param}))`;
    })
    .join(' and ');
}

/** The member directory, the quick search of members and the search across the community. */
export function registerSearchRoutes(app: FastifyInstance, db: pg.Pool): void {
  app.get('/api/v2/users', async (request) => {
    member(request);
    const terms = searchTerms((request.query as { query?: string }).query);
    const { page, perPage } = pageOf(request.query, 12);
    const [rows, count] = await Promise.all([
      db.query({
        name: `directory-${terms.length}`,
        text: `select id, username, firstname, lastname, position, location_names, img_path from users
             where ${matchesAll(terms, 3) || 'true'} order by lastname, firstname, id limit $1 offset $2`,
        values: [perPage, (page - 1) * perPage, ...terms],
      }),
      db.query<{ n: number }>({
        name: `directory-count-${terms.length}`,
        text: `select count(*)::int as n from users where ${matchesAll(terms, 1) || 'true'}`,
        values: terms,
      }),
    ]);
    return { results: rows.rows, total: count.rows[0]!.n };
  });

  app.get('/api/v2/users/search', async (request) => {
    member(request);
    const terms = searchTerms((request.query as { q?: string }).q);
    if (terms.length === 0) return { results: [] };
    const { rows } = await db.query({
      name: `quick-search-${terms.length}`,
      text: `select id, username, firstname, lastname, position, img_path from users
           where ${matchesAll(terms, 1)}
           order by ts_rank(search_vector, to_tsquery('simple', $1) || to_tsquery('german', $1) || to_tsquery('english', $1)) desc, id
           limit 8`,
      values: terms,
    });
    return { results: rows };
  });

  /**
   * The search across the community the cheap way: each kind's newest (or first) matches for every word as a
   * prefix, posts among the readable groups, no ranking and no presentation.
   */
  app.get('/api/v2/pages/search', async (request) => {
    const viewer = member(request);
    const terms = searchTerms((request.query as { query?: string }).query);
    if (terms.length === 0) return { modules: [] };
    const where = matchesAll(terms, 2);
    const n = terms.length;
    const kinds = {
      search_members: `select id, firstname, lastname, img_path, position from users
      where deactivated_at is null and ${where} limit $1`,
      search_groups: `select id, name from groups where type <> 'private' and ${where} limit $1`,
      search_topics: `select t.id, t.group_id, t.name from (select id, group_id, name from topics where ${where}) t
      join groups g on g.id = t.group_id where g.type = 'open' limit $1`,
      search_news: `select id, title, teaser from pages where type = 'article' and published
      and publish_date <= now() and ${where} order by publish_date desc limit $1`,
      search_pages: `select id, title from pages where type in ('page', 'legal') and published
      and publish_date <= now() and ${where} limit $1`,
    };
    const groupIds = await readableGroupIds(db, viewer.id);
    const [posts, ...others] = await Promise.all([
      // Among the newest 2,000 posts first, else through the GIN index (as Plaza does: left to the planner,
      // a rare word walked all million posts by the stream index).
      db.query({
        name: `global-search-posts-${n}`,
        text: `with recent as materialized (
               select id from (select id, group_id, created_at, search_vector from posts
                 order by created_at desc, id desc limit 2000) p
               where ${matchesAll(terms, 3)} and (group_id is null or group_id = any($2))
               order by created_at desc, id desc limit $1
             ), older as materialized (
               select id from (select id, group_id, created_at from posts where ${matchesAll(terms, 3)} offset 0) p
               where (select count(*) from recent) < $1 and (group_id is null or group_id = any($2))
               order by created_at desc, id desc limit $1
             )
             select id, group_id, topic_id, left(description, 300) as description, created_at from posts
             where id in (select id from recent where (select count(*) from recent) >= $1 union all select id from older)
             order by created_at desc limit $1`,
        values: [10, groupIds, ...terms],
      }),
      ...Object.entries(kinds).map(([kind, text]) =>
        db.query({ name: `global-${kind}-${n}`, text, values: [10, ...terms] }),
      ),
    ]);
    const modules = [posts, ...others]
      .map((result, i) => ({
        type: i === 0 ? 'search_posts' : Object.keys(kinds)[i - 1],
        results: result.rows,
      }))
      .filter((module) => module.results.length > 0);
    return { modules };
  });
}
