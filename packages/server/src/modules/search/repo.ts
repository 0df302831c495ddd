import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { executeRows } from '../../db/execute-rows';
import { inlineCount, offsetClause } from '../../db/inline-count';
import { listedMembers } from '../directory';
import {
  fileOfActiveTopic,
  localisedTitle,
  readableGroupContent,
  readablePages,
  type Searcher,
  seeableGroups,
  typeList,
} from './search-sql';

/**
 * The searches of each kind. Each ranks a bounded set of candidates only: the newest `candidates`
 * matching posts, articles and pages (posts walked by the stream index for a common word, found by the
 * GIN index for a rare one), as many members, groups and topics as the GIN index gives first, so neither
 * ranking nor paging ever touches an unbounded set. A page is read with one row past it, to know whether
 * more follow, and never deeper than `limits.globalSearchMaxPage` (5 pages of 9 and one more row stay
 * within the candidates).
 */
export const candidates = 50;
/** The newest posts a common word's candidates are looked for in first (see `posts`). */
export const recentPosts = 2000;
/** From this many matches among all posts on, a word counts as frequent (see `posts`). */
export const frequentMatches = 1000;
/** The newest posts a frequent word's candidates are looked for in when the recent ones hold too few. */
const walkedPosts = 200_000;

/** Which slice of the ranked hits to read: `limit` rows (one past the page) from `offset`. */
export interface Slice {
  limit: number;
  offset: number;
}

/**
 * Runs a statement with every value inline (search-sql.ts tells why): the posts of a word too rare for
 * the newest posts.
 */
const run = <T>(db: Db, query: SQL) => executeRows<T>(db, query.inlineParams());

/**
 * Runs a statement prepared, the words and the searcher as parameters: the same text for every search,
 * planned once per connection. Planned afresh for each search, planning took longer than running them.
 * The tsquery goes in as a sub-select (`once`), so a generic plan builds it once, not for every row:
 * members, groups and topics, the newest posts (whose walk by date fixes the plan's shape), and
 * articles and pages (found through the GIN index alone, whose shape fixes theirs).
 */
const runPrepared = <T>(db: Db, query: SQL) => executeRows<T>(db, query);
const once = (query: SQL) => sql`(select ${query})`;

export interface MemberHit {
  id: number;
  firstname: string;
  lastname: string;
  img_path: string | null;
  position: string | null;
}
export interface GroupHit {
  id: number;
  name: string;
  image_path: string | null;
}
export interface TopicHit {
  id: number;
  group_id: number;
  name: string;
  group_name: string;
}
export interface FileHit {
  id: number;
  name: string;
  mime_type: string;
  size: number;
  group_id: number;
  topic_id: number | null;
  group_name: string;
  created_at: string | Date;
}
export interface PostHit {
  id: number;
  group_id: number | null;
  topic_id: number | null;
  description: string;
  created_at: string | Date;
  firstname: string | null;
  lastname: string | null;
}
export interface ArticleHit {
  id: number;
  title: string;
  teaser: string;
  publish_date: string | Date;
}
export interface PageHit {
  id: number;
  title: string;
}

/** The characters of a post read for its excerpt (the presenter cuts it shorter). */
const postTextRead = 2000;

/** The kinds found by title or name, read together in one prepared statement (`named`). */
export type NamedKind = 'members' | 'groups' | 'topics' | 'files';
/** The kinds of published pages, read together in one statement (`published`). */
export type PublishedKind = 'articles' | 'pages';

/**
 * One statement for several kinds: a `union all` of each kind's ranked slice, every row its kind and the
 * hit as JSON (the kinds' columns differ), in rank order by `pos`, after the common table expressions
 * of `ctes` when given. One statement instead of one per kind: each costs a round trip to PostgreSQL,
 * and the search page asked for six at once.
 */
async function runKinds<K extends string, R>(
  db: Db,
  parts: [K, SQL][],
  execute: (db: Db, query: SQL) => Promise<R[]>,
  ctes?: SQL,
): Promise<Record<K, unknown[]>> {
  const branches = parts.map(
    ([kind, part]) =>
      sql`select ${sql.raw(`'${kind}'`)} as kind, h.pos, row_to_json(h) as hit from (${part}) h`,
  );
  const union = sql.join(branches, sql` union all `);
  const rows = (await execute(db, ctes ? sql`with ${ctes} ${union}` : union)) as {
    kind: K;
    pos: number;
    hit: unknown;
  }[];
  const found = Object.fromEntries(parts.map(([kind]) => [kind, [] as unknown[]])) as Record<K, unknown[]>;
  for (const row of rows.sort((a, b) => Number(a.pos) - Number(b.pos))) found[row.kind].push(row.hit);
  return found;
}

/** A ranked slice: `pos` numbers the candidates in rank order, and the slice is read by it. */
const ranked = (order: SQL, slice: Slice) =>
  [
    sql`row_number() over (order by ${order}) as pos`,
    sql`order by pos limit ${inlineCount(slice.limit)}${offsetClause(slice.offset)}`,
  ] as const;

const namedParts: Record<NamedKind, (searcher: Searcher, words: SQL, slice: Slice) => SQL> = {
  /** Listed members whose document (only the fields the deployment shows, users/search-vector-sql.ts) matches. */
  members: (_searcher, words, slice) => {
    const [pos, page] = ranked(
      sql`ts_rank(u.search_vector, ${words}) desc, u.lastname, u.firstname, u.id`,
      slice,
    );
    return sql`select u.id, u.firstname, u.lastname, u.img_path, u.position, ${pos}
      from (
        select u.id from users u where ${listedMembers} and u.search_vector @@ ${words} limit ${inlineCount(candidates)}
      ) c join users u on u.id = c.id
      ${page}`;
  },
  /** Groups the searcher may know of. */
  groups: (searcher, words, slice) => {
    const [pos, page] = ranked(sql`ts_rank(g.search_vector, ${words}) desc, g.name, g.id`, slice);
    return sql`select g.id, g.name, i.path as image_path, ${pos}
      from (
        select g.id from groups g where g.search_vector @@ ${words} and ${seeableGroups(searcher)} limit ${inlineCount(candidates)}
      ) c join groups g on g.id = c.id left join images i on i.id = g.image_id
      ${page}`;
  },
  /** Active topics of groups whose content the searcher may read. */
  topics: (searcher, words, slice) => {
    const [pos, page] = ranked(sql`ts_rank(t.search_vector, ${words}) desc, t.name, t.id`, slice);
    return sql`select t.id, t.group_id, t.name, g.name as group_name, ${pos}
      from (
        select t.id from topics t join groups g on g.id = t.group_id
        where t.search_vector @@ ${words} and t.status = 'active' and ${readableGroupContent(searcher)}
        limit ${inlineCount(candidates)}
      ) c join topics t on t.id = c.id join groups g on g.id = t.group_id
      ${page}`;
  },
  /** Files, by name, of groups whose content the searcher may read (a topic's file: an active topic). */
  files: (searcher, words, slice) => {
    const [pos, page] = ranked(
      sql`ts_rank(f.search_vector, ${words}) desc, f.created_at desc, f.id desc`,
      slice,
    );
    return sql`select f.id, f.name, f.mime_type, f.size, f.group_id, f.topic_id, g.name as group_name, f.created_at, ${pos}
      from (
        select f.id from files f join groups g on g.id = f.group_id left join topics t on t.id = f.topic_id
        where f.search_vector @@ ${words} and ${fileOfActiveTopic} and ${readableGroupContent(searcher)}
        limit ${inlineCount(candidates)}
      ) c join files f on f.id = c.id join groups g on g.id = f.group_id
      ${page}`;
  },
};

/** The page types of each published kind. */
const publishedTypes: Record<PublishedKind, readonly string[]> = {
  articles: ['article'],
  pages: ['page', 'legal'],
};

/**
 * The newest `candidates` ids of a kind's types among `found`: the readable pages of every wanted type
 * that match the words, read once through the GIN index (`published`).
 */
const newestFound = (kind: PublishedKind) => sql`select id from found
  where type in (${typeList(publishedTypes[kind])})
  order by publish_date desc, id desc
  limit ${inlineCount(candidates)}`;

const publishedParts: Record<PublishedKind, (locale: string, words: SQL, slice: Slice) => SQL> = {
  /** Published news articles, titles and teasers in the locale where translated. */
  articles: (locale, words, slice) => {
    const [pos, page] = ranked(
      sql`ts_rank(p.search_vector, ${words}) desc, p.publish_date desc, p.id desc`,
      slice,
    );
    return sql`select p.id, ${localisedTitle(locale)} as title, p.teaser, p.publish_date, ${pos}
      from (${newestFound('articles')}) c join pages p on p.id = c.id
      ${page}`;
  },
  /** Published CMS and legal pages. */
  pages: (locale, words, slice) => {
    const [pos, page] = ranked(sql`ts_rank(p.search_vector, ${words}) desc, p.id desc`, slice);
    return sql`select p.id, ${localisedTitle(locale)} as title, ${pos}
      from (${newestFound('pages')}) c join pages p on p.id = c.id
      ${page}`;
  },
};

export interface NamedHits {
  members: MemberHit[];
  groups: GroupHit[];
  topics: TopicHit[];
  files: FileHit[];
}
export interface PublishedHits {
  articles: ArticleHit[];
  pages: PageHit[];
}

/** The newest `candidates` posts among the newest `walk` that match `query` and pass `visible`. */
const newestMatches = (walk: number, gate: SQL, query: SQL, visible: SQL) => sql`
  select posts.id from (
    select id, created_at, group_id, search_vector from posts
    order by created_at desc, id desc limit ${inlineCount(walk)}
  ) posts
  where ${gate}posts.search_vector @@ ${query}${visible}
  order by posts.created_at desc, posts.id desc
  limit ${inlineCount(candidates)}`;

/** The `slice` of the posts whose ids `candidates` (a CTE's name) holds, ranked for `query`, `pos` their place. */
const rankedPosts = (candidateIds: SQL, query: SQL, slice: Slice) => sql`
  select p.id, p.group_id, p.topic_id, left(p.description, ${postTextRead}) as description, p.created_at,
    a.firstname, a.lastname,
    row_number() over (order by ts_rank(p.search_vector, ${query}) desc, p.created_at desc, p.id desc) as pos
  from ${candidateIds} c join posts p on p.id = c.id left join users a on a.id = p.author_id
  order by pos
  limit ${inlineCount(slice.limit)}${offsetClause(slice.offset)}`;

export const searchRepo = {
  /** Members, groups, topics and files (those of `kinds`), in one prepared statement. */
  async named(db: Db, searcher: Searcher, query: SQL, slice: Slice, kinds: readonly NamedKind[]) {
    const words = once(query);
    const parts = kinds.map((kind): [NamedKind, SQL] => [kind, namedParts[kind](searcher, words, slice)]);
    return (await runKinds(db, parts, runPrepared)) as unknown as NamedHits;
  },

  /**
   * Published articles and pages (those of `kinds`), in one prepared statement. The pages that match
   * the words are found once for all kinds, through the GIN index (pages are thousands, not millions, so
   * even a word in every article is a short read), then each kind takes its newest candidates. Before,
   * the statement was planned per search with the words inline (planning cost more than running it) and
   * each kind read the GIN index again: 2.7 -> 0.9 ms for a common word.
   */
  async published(
    db: Db,
    locale: string,
    now: Date,
    query: SQL,
    slice: Slice,
    kinds: readonly PublishedKind[],
  ) {
    const words = once(query);
    const found = sql`found as materialized (
      select p.id, p.type, p.publish_date from pages p
      where p.search_vector @@ ${words} and ${readablePages(
        kinds.flatMap((kind) => publishedTypes[kind]),
        now,
      )})`;
    const parts = kinds.map((kind): [PublishedKind, SQL] => [
      kind,
      publishedParts[kind](locale, words, slice),
    ]);
    return (await runKinds(db, parts, runPrepared, found)) as unknown as PublishedHits;
  },

  /**
   * Posts the searcher may read (`readable`: posts/visibility-sql.ts): the newest `candidates` matches,
   * ranked. They are found in one of three ways, whatever the planner would estimate for the words:
   * - among the newest `recentPosts` posts by the stream index: a common word fills the candidates after
   *   a few hundred;
   * - when those hold fewer, and the GIN index finds at least `frequentMatches` posts with the word (a
   *   word common once, not lately: "Weihnachtsfeier" in July), by walking the stream index further,
   *   over at most `walkedPosts` posts, until the candidates are full: a word that frequent fills them
   *   long before;
   * - otherwise through the GIN index among all posts (the word is rare, so its matches are few; the read
   *   rule is applied to them afterwards, never combined with the GIN index). Only a frequent word with
   *   too few matches among the newest `walkedPosts` posts takes this way with many matches.
   * Left to itself, the planner walks the stream index for a word it cannot estimate, reading all
   * million posts for a rare one, or ANDs the GIN index with half the posts of the readable groups; and
   * sorting all matches of a frequent word by date took a second.
   *
   * The first way runs alone first, prepared (its plan is the same for every word: the walk's order and
   * bounds fix it); planning the statement of all three ways took longer than running it for a common
   * word. Only when the recent posts hold too few candidates do the other ways run, inline, so the
   * planner sees the word's frequency for the GIN index.
   */
  async posts(db: Db, readable: SQL | undefined, query: SQL, slice: Slice) {
    const visible = readable ? sql` and ${readable}` : sql``;
    const recent = await runPrepared<PostHit & { found: number }>(
      db,
      sql`with recent as materialized (${newestMatches(recentPosts, sql``, once(query), visible)})
      select n.found, hit.*
      from (select count(*)::int as found from recent) n
      left join lateral (${rankedPosts(sql`recent`, once(query), slice)}) hit on true
      order by hit.pos`,
    );
    if ((recent[0]?.found ?? 0) >= candidates) {
      // A slice past the candidates is the count's row alone, without a post.
      return recent.filter((row) => row.id !== null).map(({ found: _, ...row }) => row);
    }
    // The recent posts held too few: the walk over `walkedPosts` and the GIN index both cover them.
    return run<PostHit>(
      db,
      sql`with probe as materialized (
        select count(*) as matches from (
          select 1 from posts where search_vector @@ ${query} limit ${inlineCount(frequentMatches)}
        ) m
      ), walked as materialized (${newestMatches(walkedPosts, sql`(select matches from probe) >= ${frequentMatches} and `, query, visible)}
      ), older as materialized (
        select posts.id from (
          select id, created_at, group_id from posts where search_vector @@ ${query} offset 0
        ) posts
        where (select count(*) from walked) < ${candidates}${visible}
        order by posts.created_at desc, posts.id desc
        limit ${inlineCount(candidates)}
      ), c as (
        select id from walked where (select count(*) from walked) >= ${candidates}
        union all
        select id from older
      )
      ${rankedPosts(sql`c`, query, slice)}`,
    );
  },
};
