import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
// The contract's constants by path: esbuild bundles them in (packages stay external, and the
// contract's package points at TypeScript sources).
import { limits } from '../../packages/contract/src/constants';
import type { Bus } from './bus';
import { member, pageOf } from './request';
import { canReadGroup, newsPage, readableGroupIds, scopePage } from './streams';

/** The streams and what is written to them: news, activities, comments, new posts and likes. */
export function registerStreamRoutes(app: FastifyInstance, db: pg.Pool, bus: Bus): void {
  app.get('/api/v2/news', async (request, reply) => {
    const viewer = member(request);
    const { page, perPage } = pageOf(request.query, 20);
    const groupId = Number((request.query as { group_id?: string }).group_id ?? 0);
    if (!groupId) return newsPage(db, viewer.id, page, perPage);
    if (!(await canReadGroup(db, viewer.id, groupId))) return reply.status(404).send({ code: 'not_found' });
    return scopePage(db, viewer.id, { groupId }, page, perPage);
  });

  app.get('/api/v2/news/topic_filter/:id', async (request, reply) => {
    const viewer = member(request);
    const { page, perPage } = pageOf(request.query, 20);
    const topicId = Number((request.params as { id: string }).id);
    const { rows } = await db.query<{ group_id: number }>({
      name: 'topic-group',
      text: 'select group_id from topics where id = $1',
      values: [topicId],
    });
    if (!rows[0] || !(await canReadGroup(db, viewer.id, rows[0].group_id))) {
      return reply.status(404).send({ code: 'not_found' });
    }
    return scopePage(db, viewer.id, { topicId }, page, perPage);
  });

  app.get('/api/v2/activities', async (request) => {
    const viewer = member(request);
    const { page, perPage } = pageOf(request.query, 20);
    const [items, unread] = await Promise.all([
      db.query({
        name: 'activities',
        text: `select a.id, a.actor_id, u.img_path, a.type, a.text, a.url, a.read, a.old, a.created_at,
               a.membership_id, a.membership_status
             from activities a left join users u on u.id = a.actor_id
             where a.user_id = $1 order by a.created_at desc, a.id desc limit $2 offset $3`,
        values: [viewer.id, perPage + 1, (page - 1) * perPage],
      }),
      db.query<{ n: number }>({
        name: 'unread-activities-feed',
        text: 'select count(*)::int as n from (select 1 from activities where user_id = $1 and not read limit $2) u',
        values: [viewer.id, limits.maxUnreadCount + perPage],
      }),
    ]);
    return {
      results: items.rows.slice(0, perPage),
      more: items.rows.length > perPage,
      unread_activities: unread.rows[0]!.n,
    };
  });

  app.get('/api/v2/activities/unread_activities', async (request) => {
    const viewer = member(request);
    const { rows } = await db.query<{ n: number }>({
      name: 'unread-activities',
      text: 'select count(*)::int as n from (select 1 from activities where user_id = $1 and not read limit $2) u',
      values: [viewer.id, limits.maxUnreadCount],
    });
    return { unread_activities: rows[0]!.n };
  });

  app.get('/api/v2/comments', async (request) => {
    member(request);
    const query = request.query as { type: string; id: string };
    const { page, perPage } = pageOf(request.query, 20);
    const { rows } = await db.query({
      name: 'comments',
      text: `select c.id, c.text, c.created_at, u.id as author_id, u.firstname, u.lastname, u.img_path
           from comments c join users u on u.id = c.author_id
           where c.target_type = $1 and c.target_id = $2 order by c.created_at, c.id limit $3 offset $4`,
      values: [query.type, Number(query.id), perPage, (page - 1) * perPage],
    });
    return { results: rows };
  });
  app.post('/api/v2/posts', async (request, reply) => {
    const author = member(request);
    const body = request.body as { description: string; group_id?: number | null; topic_id?: number | null };
    if (body.group_id && !(await readableGroupIds(db, author.id)).includes(body.group_id)) {
      return reply.status(403).send({ code: 'forbidden' });
    }
    const { rows } = await db.query({
      name: 'insert-post',
      text: `insert into posts (author_id, written_by, group_id, topic_id, description) values ($1, $1, $2, $3, $4)
           returning id, created_at`,
      values: [author.id, body.group_id ?? null, body.topic_id ?? null, body.description],
    });
    return reply.status(201).send(rows[0]);
  });

  app.put('/api/v2/comments', async (request) => {
    const author = member(request);
    const body = request.body as { type: 'post' | 'news'; id: number; text: string };
    const { rows } = await db.query<{ id: number; created_at: Date }>({
      name: 'insert-comment',
      text: `insert into comments (target_type, target_id, author_id, text) values ($1, $2, $3, $4)
           returning id, created_at`,
      values: [body.type, body.id, author.id, body.text],
    });
    if (body.type === 'post') {
      // The post's author hears of it, as in Plaza: an activity row, then the event on the bus.
      const activity = await db.query<{ id: number; user_id: number }>({
        name: 'comment-activity',
        text: `insert into activities (user_id, actor_id, type, text, url, target_type, target_id)
             select p.author_id, $2, 'comment', $3, '/news/post-' || p.id, 'post', p.id from posts p
             where p.id = $1 and p.author_id <> $2 returning id, user_id`,
        values: [body.id, author.id, `${author.firstname} ${author.lastname} commented on your post.`],
      });
      const row = activity.rows[0];
      if (row) {
        await bus.publish(
          `user:${row.user_id}:notifications`,
          JSON.stringify({ kind: 'activity', id: row.id }),
        );
      }
    }
    return rows[0];
  });

  app.put('/api/v2/likes', async (request) => {
    const viewer = member(request);
    const body = request.body as { type: 'post' | 'news'; id: number; like: boolean };
    await db.query({
      name: body.like ? 'like' : 'unlike',
      text: body.like
        ? `insert into likes (target_type, target_id, user_id) values ($1, $2, $3) on conflict do nothing`
        : 'delete from likes where target_type = $1 and target_id = $2 and user_id = $3',
      values: [body.type, body.id, viewer.id],
    });
    return { liked_by_me: body.like };
  });
}
