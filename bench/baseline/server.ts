// The baseline of the HTTP benchmarks: a bare Fastify + node-postgres server on the same database,
// answering Plaza's paths by reading the same rows the cheap way (no ORM, named statements, only the
// columns needed, no validation or serialisation schemas). It reads the session from Plaza's cookie
// as Plaza stores it (SHA-256 of the token), so it takes the same signed-in clients. Its figures are
// what this machine and database can do; Plaza's budgets are ratios of them.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyRequest } from 'fastify';
import pg from 'pg';
// The contract's constants by path: esbuild bundles them in (packages stay external, and the
// contract's package points at TypeScript sources).
import { limits } from '../../packages/contract/src/constants';
import { createBus } from './bus';
import { canReadGroup, newestReadablePosts, newsPage, readableGroupIds, scopePage } from './streams';

interface Member {
  id: number;
  firstname: string;
  lastname: string;
  permissions: string[];
  selected_language: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    member: Member | null;
  }
}

/** The repository (bench/lib/servers.ts says where): the web build and the texts are read from it. */
const root = process.env.PLAZA_ROOT ?? process.cwd();
// A fixed-size pool as Plaza's (server db/client.ts): connections stay open between the bench's runs.
const db = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, min: 10 });
const bus = await createBus(process.env.REDIS_URL || undefined);
const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'warn' } });
await app.register(websocket);

const sessionCookie = /(?:^|;\s*)plaza_session=([^;]+)/;

app.decorateRequest('member', null);
app.addHook('onRequest', async (request) => {
  const token = sessionCookie.exec(request.headers.cookie ?? '')?.[1];
  if (!token) return;
  const { rows } = await db.query<Member>({
    name: 'session',
    text: `select u.id, u.firstname, u.lastname, u.permissions, u.selected_language
           from sessions s join users u on u.id = s.user_id where s.id = $1 and s.expires_at > now()`,
    values: [createHash('sha256').update(token).digest('hex')],
  });
  request.member = rows[0] ?? null;
});

function member(request: FastifyRequest): Member {
  if (!request.member) throw Object.assign(new Error('not signed in'), { statusCode: 401 });
  return request.member;
}

const pageOf = (query: unknown, perPage: number) => {
  const q = query as { page?: string; per_page?: string };
  return { page: Math.max(1, Number(q.page ?? 1)), perPage: Math.min(100, Number(q.per_page ?? perPage)) };
};

app.get('/hello', async () => ({ hello: 'world' }));
app.get('/healthz', async () => ({ status: 'ok' }));
app.get('/readyz', async () => {
  await db.query('select 1');
  return { status: 'ready' };
});

const settingsRows = (keys: string[]) =>
  db.query<{ key: string; value: unknown }>({
    name: `settings-${keys.join('-')}`,
    text: 'select key, value from app_settings where key = any($1)',
    values: [keys],
  });

app.get('/api/v2/settings', async () => (await settingsRows(['settings'])).rows[0]?.value ?? {});

async function sessionAnswer(request: FastifyRequest) {
  const { rows } = await settingsRows(['settings', 'menu']);
  return {
    isAuthenticated: Boolean(request.member),
    user: request.member,
    settings: rows.find((row) => row.key === 'settings')?.value,
    routes: rows.find((row) => row.key === 'menu')?.value,
  };
}

app.get('/api/v2/auth/is_authenticated', sessionAnswer);

// A member's dashboard page as Plaza sends it (server platform/app-page.ts): the web build's index.html
// with the session, the language's texts and the news stream's first page in a JSON element.
const indexHtml = readFileSync(path.join(root, 'packages/web/dist/index.html'), 'utf8');
const texts = (locale: string) =>
  JSON.stringify(
    Object.fromEntries(
      readdirSync(path.join(root, 'packages/contract/locales', locale))
        .filter((file) => file.endsWith('.json'))
        .sort()
        .map((file) => [
          file.slice(0, -'.json'.length),
          JSON.parse(readFileSync(path.join(root, 'packages/contract/locales', locale, file), 'utf8')),
        ]),
    ),
  );
const textsByLocale = new Map(['de_DE', 'en_GB'].map((locale) => [locale, texts(locale)]));
app.get('/:lang', async (request, reply) => {
  const { lang } = request.params as { lang: string };
  const viewer = member(request);
  const [session, news] = await Promise.all([sessionAnswer(request), newsPage(db, viewer.id, 1, 10)]);
  const answers = `{"session":${JSON.stringify(session)},"texts":${textsByLocale.get(lang) ?? '{}'},"news":${JSON.stringify(news)}}`;
  const element = `<script id="answers" type="application/json">${answers.replace(/</g, '\\u003c')}</script>`;
  return reply.type('text/html; charset=utf-8').send(indexHtml.replace('</head>', () => `${element}</head>`));
});

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
// A CMS page and what its modules refer to (bench/http/pages.ts): the page row, then side by side the
// articles of its teasers, the newest posts of its stream (those the member may read, as Plaza shows),
// its members and its subpages' titles.
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

// The chat (bench/http/chat.ts): a message stored and published to each participant's topic, a
// conversation's newest messages, and the member's conversations with their latest message.
app.post('/api/v2/messages/create', async (request, reply) => {
  const sender = member(request);
  const { message } = request.body as { message: { recipient: number; text: string; client_id: string } };
  const participants = await db.query<{ user_id: number }>({
    name: 'chat-participants',
    text: 'select user_id from conversation_participants where conversation_id = $1',
    values: [message.recipient],
  });
  if (!participants.rows.some((row) => row.user_id === sender.id))
    return reply.status(404).send({ code: 'not_found' });
  const { rows } = await db.query<{ id: number; created_at: Date }>({
    name: 'chat-insert',
    text: `with m as (insert into chat_messages (conversation_id, sender_id, client_id, text) values ($1, $2, $3, $4)
             returning id, created_at)
           update conversations set last_message_id = m.id, last_message_at = m.created_at from m where conversations.id = $1
           returning m.id, m.created_at`,
    values: [message.recipient, sender.id, message.client_id, message.text],
  });
  const stored = { ...rows[0], conversation_id: message.recipient, sender_id: sender.id, text: message.text };
  const event = JSON.stringify({ kind: 'message', message: stored });
  await Promise.all(participants.rows.map((row) => bus.publish(`user:${row.user_id}:chat`, event)));
  return stored;
});

app.get('/api/v2/messages/history', async (request, reply) => {
  const viewer = member(request);
  const recipient = Number((request.query as { recipient?: string }).recipient);
  const { rows } = await db.query({
    name: 'chat-history',
    text: `select m.id, m.sender_id, m.text, m.created_at, u.firstname, u.lastname, u.img_path
           from chat_messages m left join users u on u.id = m.sender_id
           where m.conversation_id = $1
             and exists (select 1 from conversation_participants p where p.conversation_id = $1 and p.user_id = $2)
           order by m.id desc limit 31`,
    values: [recipient, viewer.id],
  });
  if (rows.length === 0) return reply.status(404).send({ code: 'not_found' });
  return { results: rows.slice(0, 30).reverse(), has_more: rows.length > 30 };
});

app.get('/api/v2/messages/conversations', async (request) => {
  const viewer = member(request);
  const { rows } = await db.query({
    name: 'chat-conversations',
    text: `select c.id, c.type, c.name, c.last_message_at, m.text, m.sender_id,
             (select json_agg(json_build_object('id', u.id, 'firstname', u.firstname, 'lastname', u.lastname))
              from conversation_participants q join users u on u.id = q.user_id where q.conversation_id = c.id) as participants
           from conversation_participants p
           join conversations c on c.id = p.conversation_id
           left join chat_messages m on m.id = c.last_message_id
           where p.user_id = $1 order by c.last_message_at desc, c.id desc limit 21`,
    values: [viewer.id],
  });
  return { results: rows.slice(0, 20), next: rows.length > 20 ? 'more' : null };
});

// A group's member list (bench/http/groups.ts) the cheap way: the accepted members, admins first, then
// by name, a page of them and their count, for a member of the group.
app.get('/api/v2/groups/:id/users', async (request, reply) => {
  const viewer = member(request);
  const groupId = Number((request.params as { id: string }).id);
  const { page, perPage } = pageOf(request.query, 15);
  const [rows, count] = await Promise.all([
    db.query({
      name: 'group-members',
      text: `select u.id, u.img_path, u.firstname, u.lastname, m.role from group_memberships m join users u on u.id = m.user_id
             where m.group_id = $1 and m.status = 'accepted'
               and exists (select 1 from group_memberships v where v.group_id = $1 and v.user_id = $4 and v.status = 'accepted')
             order by m.role = 'admin' desc, lower(u.lastname), lower(u.firstname), u.id limit $2 offset $3`,
      values: [groupId, perPage, (page - 1) * perPage, viewer.id],
    }),
    db.query<{ n: number }>({
      name: 'group-members-count',
      text: `select count(*)::int as n from group_memberships where group_id = $1 and status = 'accepted'`,
      values: [groupId],
    }),
  ]);
  if (rows.rows.length === 0 && page === 1) return reply.status(403).send({ code: 'forbidden' });
  return { results: rows.rows, total: count.rows[0]!.n };
});

// Coming birthdays and work anniversaries (bench/http/occasions.ts) the cheap way: for each kind the
// rest of this year and then next year's first days of the listed members by the day of the year (Plaza's
// day indexes), merged here; no 29 February rule, no presentation.
const dayOf = (column: string) => `(extract(month from ${column}) * 100 + extract(day from ${column}))`;
const comingOf = (column: string, kind: string) =>
  `(select id, firstname, lastname, img_path, ${column} as origin, '${kind}' as type, 0 as later from users
    where ${column} is not null and agb_nda_accepted and deactivated_at is null and ${dayOf(column)} >= $1
    order by ${dayOf(column)}, lower(lastname), lower(firstname), id limit $2)
   union all
   (select id, firstname, lastname, img_path, ${column}, '${kind}', 1 from users
    where ${column} is not null and agb_nda_accepted and deactivated_at is null and ${dayOf(column)} < $1
    order by ${dayOf(column)}, lower(lastname), lower(firstname), id limit $2)`;
const occasionsText = `select * from (${comingOf('birthday', 'birthday')} union all ${comingOf('entry_date', 'anniversary')}) o
  order by later, extract(month from origin), extract(day from origin), lower(lastname), lower(firstname), id limit $2 offset $3`;

async function comingOccasions(request: FastifyRequest, limit: number, offset: number) {
  member(request);
  const now = new Date();
  const { rows } = await db.query({
    name: 'occasions',
    text: occasionsText,
    values: [(now.getMonth() + 1) * 100 + now.getDate(), offset + limit, offset],
  });
  return rows;
}

app.get('/api/v2/occasions/feed', async (request) => ({
  results: await comingOccasions(request, Number((request.query as { limit?: string }).limit ?? 6), 0),
}));

app.get('/api/v2/occasions', async (request) => {
  const { page, perPage } = pageOf(request.query, 12);
  const [results, count] = await Promise.all([
    comingOccasions(request, perPage, (page - 1) * perPage),
    db.query<{ n: number }>({
      name: 'occasions-count',
      text: `select (count(birthday) + count(entry_date))::int as n from users where agb_nda_accepted and deactivated_at is null`,
    }),
  ]);
  return { results, total: count.rows[0]!.n };
});

app.get('/api/v2/cable', { websocket: true }, (socket, request) => {
  if (!request.member) return socket.close(4401, 'not signed in');
  const memberId = request.member.id;
  const subscriptions: Array<() => void> = [];
  socket.on('message', (raw: Buffer) => {
    const message = JSON.parse(raw.toString()) as { command: string; channel?: string };
    if (message.command === 'ping') return socket.send('{"type":"pong"}');
    if (message.command !== 'subscribe') return;
    const channel = message.channel === 'ChatChannel' ? 'ChatChannel' : 'NotificationChannel';
    const topic = channel === 'ChatChannel' ? `user:${memberId}:chat` : `user:${memberId}:notifications`;
    void bus
      .subscribe(topic, (payload) =>
        socket.send(`{"type":"message","channel":"${channel}","message":${payload}}`),
      )
      .then((unsubscribe) => {
        subscriptions.push(unsubscribe);
        socket.send(`{"type":"confirm_subscription","channel":"${channel}"}`);
      });
  });
  socket.on('close', () => {
    for (const unsubscribe of subscriptions) unsubscribe();
  });
  socket.send('{"type":"welcome"}');
});

// The bench ends the baseline when it is done with it; nothing of its state needs finishing.
process.on('SIGTERM', () => process.exit(0));
process.on('SIGINT', () => process.exit(0));

await app.listen({ port: Number(process.env.PORT ?? 3999), host: process.env.HOST ?? '127.0.0.1' });
