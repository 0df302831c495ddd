import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { member } from './request';
import { newestReadablePosts } from './streams';

// A CMS page and what its modules refer to (bench/http/pages.ts): the page row, then side by side the
// articles of its teasers, the newest posts of its stream (those the member may read, as Plaza shows),
// its members and its subpages' titles.
export function registerPageRoute(app: FastifyInstance, db: pg.Pool): void {
  app.get('/api/v2/pages/:id', async (request, reply) => {
    const viewer = member(request);
    const { rows } = await db.query<{
      id: number;
      title: string;
      modules: Array<{ type: string; data: Record<string, unknown> }>;
    }>({
      name: 'page',
      text: 'select id, title, modules from pages where id = $1 and published and publish_date <= now()',
      values: [Number((request.params as { id: string }).id)],
    });
    const page = rows[0];
    if (!page) return reply.status(404).send({ code: 'not_found' });
    const ids = (type: string, key: string) =>
      page.modules.filter((m) => m.type === type).flatMap((m) => (m.data[key] as number[] | undefined) ?? []);
    const articles = (name: string, text: string, values: unknown[]) => db.query({ name, text, values });
    const [teaser, news, posts, members, subpages] = await Promise.all([
      articles(
        'page-teaser',
        "select id, title, teaser, publish_date from pages where type = 'article' and published and publish_date <= now() and category_id = $1 order by publish_date desc limit 6",
        [page.modules.find((m) => m.type === 'article_teaser')?.data.category_id ?? 0],
      ),
      articles(
        'page-news',
        "select id, title, teaser, publish_date from pages where type = 'article' and published and publish_date <= now() order by publish_date desc limit 7",
        [],
      ),
      newestReadablePosts(
        db,
        viewer.id,
        Number(page.modules.find((m) => m.type === 'stream_widget')?.data.max ?? 0),
      ),
      articles(
        'page-members',
        'select id, firstname, lastname, img_path, position from users where id = any($1)',
        [ids('profile_teaser', 'user_ids')],
      ),
      articles('page-subpages', 'select id, title from pages where id = any($1) and published', [
        ids('subpage_navigation', 'page_ids'),
      ]),
    ]);
    return { ...page, references: [teaser.rows, news.rows, posts, members.rows, subpages.rows] };
  });
}
