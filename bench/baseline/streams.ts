import type pg from 'pg';

/**
 * The streams of the baseline, read the cheap way: the member's readable group ids once, then the newest
 * ids of each source by its index (`limit`, no count), then the page's rows with what a stream shows
 * (author, group, topic, counters, the viewer's like, files, mentions). Named statements, so PostgreSQL
 * plans each once per connection.
 */

type Entry = { kind: 'article' | 'post'; id: number; at: Date };

/** Ids of the groups a member may read: accepted memberships and every open group. */
export async function readableGroupIds(db: pg.Pool, userId: number): Promise<number[]> {
  const { rows } = await db.query<{ ids: number[] }>({
    name: 'readable-groups',
    text: `select array(select group_id from group_memberships where user_id = $1 and status = 'accepted'
             union select id from groups where type = 'open') as ids`,
    values: [userId],
  });
  return rows[0]!.ids;
}

/** May the member read the group (open, or an accepted member)? */
export async function canReadGroup(db: pg.Pool, userId: number, groupId: number): Promise<boolean> {
  const { rows } = await db.query({
    name: 'group-read',
    text: `select 1 from groups g where g.id = $1 and (g.type = 'open' or exists (select 1 from group_memberships m
             where m.group_id = g.id and m.user_id = $2 and m.status = 'accepted'))`,
    values: [groupId, userId],
  });
  return rows.length > 0;
}

async function postRows(db: pg.Pool, viewerId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const [posts, files, mentions] = await Promise.all([
    db.query({
      name: 'post-rows',
      text: `select p.id, p.description, p.preview, p.created_at, p.group_id, g.name as group_name, p.topic_id,
               t.name as topic_name, p.author_id, u.firstname, u.lastname, u.img_path, p.like_count, p.comment_count,
               exists (select 1 from likes l where l.target_type = 'post' and l.target_id = p.id and l.user_id = $2) as liked_by_me
             from posts p
             left join users u on u.id = p.author_id
             left join groups g on g.id = p.group_id
             left join topics t on t.id = p.topic_id
             where p.id = any($1)`,
      values: [ids, viewerId],
    }),
    db.query({
      name: 'post-files',
      text: 'select post_id, id, name, mime_type, size from post_files where post_id = any($1) order by id',
      values: [ids],
    }),
    db.query({
      name: 'post-mentions',
      text: `select m.post_id, u.id, u.firstname, u.lastname from post_mentions m join users u on u.id = m.user_id
             where m.post_id = any($1)`,
      values: [ids],
    }),
  ]);
  return posts.rows.map((post) => ({
    ...post,
    files: files.rows.filter((file) => file.post_id === post.id),
    mentions: mentions.rows.filter((mention) => mention.post_id === post.id),
  }));
}

async function articleRows(db: pg.Pool, viewerId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const { rows } = await db.query({
    name: 'article-rows',
    text: `select a.id, a.title, a.teaser, a.content, a.publish_date, a.author_name, u.firstname, u.lastname,
             a.category_id, c.names as category_names, a.visibility, a.like_count, a.comment_count,
             exists (select 1 from likes l where l.target_type = 'news' and l.target_id = a.id and l.user_id = $2) as liked_by_me
           from pages a
           left join users u on u.id = a.author_id
           left join page_categories c on c.id = a.category_id
           where a.id = any($1)`,
    values: [ids, viewerId],
  });
  return rows;
}

/** The newest `limit` published articles (id and date), by the (type, publish_date) index. */
async function newestArticles(db: pg.Pool, limit: number, featured = false) {
  const { rows } = await db.query<{ id: number; at: Date }>({
    name: featured ? 'newest-featured' : 'newest-articles',
    text: `select id, publish_date as at from pages
           where type = 'article' and publish_date <= now() ${featured ? 'and featured' : ''}
           order by publish_date desc, id desc limit $1`,
    values: [limit],
  });
  return rows;
}

/** The dashboard stream: newest articles and readable posts merged; teasers and filters with page 1. */
export async function newsPage(db: pg.Pool, viewerId: number, page: number, perPage: number) {
  const enough = page * perPage + 1;
  const groupIds = await readableGroupIds(db, viewerId);
  const [articles, posts] = await Promise.all([
    newestArticles(db, enough),
    newestReadable(db, groupIds, enough),
  ]);
  const merged: Entry[] = [
    ...articles.map((row) => ({ kind: 'article' as const, ...row })),
    ...posts.map((row) => ({ kind: 'post' as const, ...row })),
  ].sort((a, b) => b.at.getTime() - a.at.getTime() || b.id - a.id);
  const entries = merged.slice((page - 1) * perPage, page * perPage);
  const ids = (kind: Entry['kind']) =>
    entries.filter((entry) => entry.kind === kind).map((entry) => entry.id);
  const [articleItems, postItems] = await Promise.all([
    articleRows(db, viewerId, ids('article')),
    postRows(db, viewerId, ids('post')),
  ]);
  const results = entries.map((entry) =>
    (entry.kind === 'article' ? articleItems : postItems).find((item) => item.id === entry.id),
  );
  const more = merged.length > page * perPage;
  if (page > 1) return { results, more };
  const [featured, latest, categories] = await Promise.all([
    newestArticles(db, 5, true),
    newestArticles(db, 7),
    db.query({
      name: 'used-categories',
      text: `select c.id, c.key, c.names from page_categories c
             where exists (select 1 from pages a where a.category_id = c.id and a.type = 'article' and a.publish_date <= now())`,
    }),
  ]);
  const teasers = await articleRows(
    db,
    viewerId,
    [...featured, ...latest].map((row) => row.id),
  );
  return { results, more, teasers, filters: categories.rows };
}

/** A group's or a topic's posts, newest first, by its index. */
export async function scopePage(
  db: pg.Pool,
  viewerId: number,
  scope: { groupId: number } | { topicId: number },
  page: number,
  perPage: number,
) {
  const byGroup = 'groupId' in scope;
  const { rows } = await db.query<{ id: number }>({
    name: byGroup ? 'group-posts' : 'topic-posts',
    text: `select id from posts where ${byGroup ? 'group_id' : 'topic_id'} = $1
           order by created_at desc, id desc limit $2 offset $3`,
    values: [byGroup ? scope.groupId : scope.topicId, perPage + 1, (page - 1) * perPage],
  });
  const ids = rows.slice(0, perPage).map((row) => row.id);
  const items = await postRows(db, viewerId, ids);
  return { results: ids.map((id) => items.find((item) => item.id === id)), more: rows.length > perPage };
}

/** `{id, at}` of the newest `limit` posts outside groups or in the given (readable) groups. */
async function newestReadable(db: pg.Pool, groupIds: number[], limit: number) {
  const { rows } = await db.query<{ id: number; at: Date }>({
    name: 'newest-readable-posts',
    text: `select id, created_at as at from posts where group_id is null or group_id = any($1)
           order by created_at desc, id desc limit $2`,
    values: [groupIds, limit],
  });
  return rows;
}

/** The newest `limit` posts a member may read, across the community (a CMS page's stream widget). */
export async function newestReadablePosts(db: pg.Pool, viewerId: number, limit: number) {
  const rows = await newestReadable(db, await readableGroupIds(db, viewerId), limit);
  const items = await postRows(
    db,
    viewerId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => items.find((item) => item.id === row.id));
}
