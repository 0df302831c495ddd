import { and, desc, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { anyId } from '../../db/any-id';
import type { Db } from '../../db/client';
import type { ColumnRead } from '../../db/column-read';
import { inlineCount } from '../../db/inline-count';
import { jsonObject } from '../../db/json-object';
import { preparedQuery } from '../../db/prepared-query';
import { images, likes, pageCategories, pageFiles, pages, users } from '../../db/schema';
import { type PostStreamJson, postRowOfJson, type postStreamSql } from '../posts';

export type PageRow = typeof pages.$inferSelect;

const author = alias(users, 'article_author');

function articleFields(viewerId: Placeholder) {
  return {
    id: pages.id,
    title: pages.title,
    teaser: pages.teaser,
    content: pages.content,
    publish_date: pages.publish_date,
    author_name: pages.author_name,
    author_firstname: author.firstname,
    author_lastname: author.lastname,
    author_img: author.img_path,
    image_path: images.path,
    category_id: pages.category_id,
    category_names: pageCategories.names,
    visibility: pages.visibility,
    comments_allowed: pages.comments_allowed,
    likes_allowed: pages.likes_allowed,
    likes_count: pages.like_count,
    comments_count: pages.comment_count,
    attachments: sql<
      { id: number; name: string; type: string }[]
    >`(select coalesce(json_agg(json_build_object('id', ${pageFiles.id}, 'name', ${pageFiles.name}, 'type', ${pageFiles.mime_type}) order by ${pageFiles.id}), '[]'::json) from ${pageFiles} where ${pageFiles.page_id} = ${pages.id})`,
    liked_by_me: sql<boolean>`exists (select 1 from ${likes} where ${likes.target_type} = 'news' and ${likes.target_id} = ${pages.id} and ${likes.user_id} = ${viewerId})`,
  };
}

/** The values of the article queries, filled in when a prepared query runs (`db/prepared-query.ts`). */
const values = {
  viewer: sql.placeholder('viewer'),
  id: sql.placeholder('id'),
  ids: sql.placeholder('ids'),
  category: sql.placeholder('category'),
  categories: sql.placeholder('categories'),
};

function selectArticles(db: Db) {
  return db
    .select(articleFields(values.viewer))
    .from(pages)
    .leftJoin(author, eq(author.id, pages.author_id))
    .leftJoin(images, eq(images.id, pages.image_id))
    .leftJoin(pageCategories, eq(pageCategories.id, pages.category_id));
}

/** An article with its author, image, category, counts and the viewer's like. */
export type ArticleRow = Awaited<ReturnType<typeof selectArticles>>[number];

/**
 * Published news articles (type `article`, published, publish date reached), with no parameter: the
 * constants are written into the text and the database's own clock decides "reached". A statement
 * without parameters is planned once per connection; with parameters PostgreSQL kept planning the
 * first page's article lists again on every call (0.45 ms, more than running them), and a generic plan
 * could not use the partial index of featured articles for `featured = $1`.
 */
const publishedArticles = sql`${pages.type} = 'article' and ${pages.published} and ${pages.publish_date} <= now()`;

/** Which articles a teaser shows. */
export interface ArticleSelection {
  featured?: boolean;
  categoryId?: number | null;
  publicOnly?: boolean;
}

/** Which conditions of a selection its query holds: part of the query's shape. */
const selectionShape = (only: ArticleSelection) =>
  `${only.featured ? 'f' : ''}${only.categoryId ? 'c' : ''}${only.publicOnly ? 'p' : ''}`;

/** The published articles of a selection (the category a placeholder, `category` unless given). */
function selectionCondition(
  only: ArticleSelection,
  category: Placeholder = values.category,
): SQL | undefined {
  return and(
    publishedArticles,
    only.featured ? sql`${pages.featured}` : undefined,
    only.categoryId ? eq(pages.category_id, category) : undefined,
    only.publicOnly ? sql`${pages.visibility} = 'all'` : undefined,
  );
}

/** What a news stream holds beside visibility. */
export interface NewsScope {
  categories?: number[];
  type?: 'article' | 'post';
}

/** The newest published articles (of the categories `categories` when `byCategory`), by the publish-date index. */
function newestArticlesQuery(db: Db, byCategory: boolean, limit: number) {
  return db
    .select({ id: pages.id, at: pages.publish_date })
    .from(pages)
    .where(and(publishedArticles, byCategory ? anyId(pages.category_id, values.categories) : undefined))
    .orderBy(desc(pages.publish_date), desc(pages.id))
    .limit(inlineCount(limit));
}

/** Categories with a published article: a probe per category, not a join over every article. */
function usedCategoriesQuery(db: Db) {
  return db
    .select({ id: pageCategories.id, key: pageCategories.key, names: pageCategories.names })
    .from(pageCategories)
    .where(
      sql`exists (select 1 from ${pages} where ${pages.category_id} = ${pageCategories.id} and ${publishedArticles})`,
    )
    .orderBy(pageCategories.key, pageCategories.id);
}

/** A category in use, as the filters show it. */
export type UsedCategory = { id: number; key: string; names: Record<string, string> };
/** The teasers and filters of the news stream's first page (`teaserFields`). */
export interface TeaserLists {
  featured: number[];
  latest: number[];
  categories: UsedCategory[];
  /** The articles of both teaser lists, whole, for the viewer. */
  articles: ArticleRow[];
}

/** The post part of a stream statement (the posts module's `postStreamSql` for the member). */
type PostStreamParts = ReturnType<typeof postStreamSql>;
/** A post's stream row (as the posts module reads it back). */
type PostStreamRow = ReturnType<typeof postRowOfJson>;

/** An entry of a later stream page with its article or post whole. */
export interface StreamPageRow {
  kind: 'article' | 'post';
  id: number;
  article: ArticleRow | null;
  post: PostStreamRow | null;
}

/** An entry of a stream page as its statement carries it. */
type EntryJson = {
  kind: StreamPageRow['kind'];
  id: number;
  article: ArticleJson | null;
  post: PostStreamJson | null;
};

/** An article row as JSON carries it (`articleJson`): the date as text. */
export type ArticleJson = Omit<ArticleRow, 'publish_date'> & { publish_date: string };

/** The tables of `articleJson` and `articleObject`, joined as `selectArticles` joins them. */
const articleTables = sql`from pages
    left join users article_author on article_author.id = pages.author_id
    left join images on images.id = pages.image_id
    left join page_categories on page_categories.id = pages.category_id`;

/**
 * The articles of `ids` (a subquery) as one JSON array of objects keyed as `articleFields`, newest
 * first, for a statement that reads them beside other things; joined as `selectArticles` joins them
 * (the fields name these tables and the author's alias).
 */
function articleJson(ids: SQL, viewer: Placeholder = values.viewer): SQL<ArticleJson[]> {
  return sql<ArticleJson[]>`(select coalesce(json_agg(${jsonObject(articleFields(viewer))}
      order by pages.publish_date desc, pages.id desc), '[]'::json)
    ${articleTables} where pages.id in (${ids}))`;
}

/** The article `id` (SQL of the enclosing statement) as JSON, as `articleJson` carries each. */
function articleObject(id: SQL): SQL<ArticleJson | null> {
  return sql<ArticleJson | null>`(select ${jsonObject(articleFields(values.viewer))} ${articleTables} where pages.id = ${id})`;
}

/** An article row as JSON carried it, with its date again. */
export const articleOfJson = (article: ArticleJson): ArticleRow => ({
  ...article,
  publish_date: new Date(article.publish_date),
});

/** How many articles each teaser list shows. */
export interface TeaserSizes {
  featured: number;
  latest: number;
}

/**
 * What a first page reads beside its entries: its teasers and filters (`teaserFields`), or, when the
 * instance keeps those (news/teaser-memo.ts), only which of their articles `likedAmong` the viewer likes.
 */
export type FirstPageRead = { teasers: TeaserSizes } | { likedAmong: number[] };

/** The teaser lists as their statement's columns carry them (`teaserFields`). */
type TeaserListsJson = Omit<TeaserLists, 'articles'> & { articles: ArticleJson[] };

/**
 * What the news stream's first page shows beside its entries, as columns of its statement: the ids of
 * the newest featured articles and of the newest of all (the teasers), the categories in use (the
 * filters), and the teasers' articles whole for the viewer.
 */
function teaserFields(db: Db, teasers: TeaserSizes) {
  const ids = (only: ArticleSelection, count: number) =>
    db
      .select({ id: pages.id })
      .from(pages)
      .where(selectionCondition(only))
      .orderBy(desc(pages.publish_date), desc(pages.id))
      .limit(inlineCount(count));
  const featured = ids({ featured: true }, teasers.featured);
  const latest = ids({}, teasers.latest);
  return {
    featured: sql<number[]>`array(${featured})`,
    latest: sql<number[]>`array(${latest})`,
    categories: sql<
      UsedCategory[]
    >`(select coalesce(json_agg(c), '[]'::json) from (${usedCategoriesQuery(db)}) c)`,
    articles: articleJson(sql`(${featured}) union (${latest})`),
  };
}

/** Which of the articles `ids` the viewer likes: a probe of the like index per article. */
const likedArticles = (viewer: Placeholder, ids: Placeholder) =>
  sql<number[]>`array(select ${likes.target_id} from ${likes}
    where ${likes.user_id} = ${viewer} and ${likes.target_type} = 'news' and ${anyId(likes.target_id, ids)})`;

/** Queries on news articles, and the stream that mixes them with posts; each prepared once per shape. */
export const newsRepo = {
  /** Published articles by id, in the order of `ids`. */
  async articlesByIds(db: Db, viewerId: number, ids: number[]): Promise<ArticleRow[]> {
    if (ids.length === 0) return [];
    const query = preparedQuery(db, 'articles_by_ids', (name) =>
      selectArticles(db)
        .where(and(publishedArticles, anyId(pages.id, values.ids)))
        .prepare(name),
    );
    const rows = await query.execute({ viewer: viewerId, ids });
    return ids.flatMap((id) => rows.filter((row) => row.id === id));
  },
  /** The newest published articles matching a condition, whole, in one statement (a teaser module). */
  async latestArticles(
    db: Db,
    viewerId: number,
    only: ArticleSelection,
    limit: number,
  ): Promise<ArticleRow[]> {
    const query = preparedQuery(db, `articles_latest_${selectionShape(only)}_${limit}`, (name) =>
      selectArticles(db)
        .where(selectionCondition(only))
        .orderBy(desc(pages.publish_date), desc(pages.id))
        .limit(inlineCount(limit))
        .prepare(name),
    );
    return query.execute({ viewer: viewerId, category: only.categoryId });
  },
  /**
   * The newest published articles matching a condition, whole for the viewer, newest first, as one JSON
   * array (`articleOfJson` reads each back): a column of another module's statement (a CMS page's
   * teaser modules, `ColumnRead`), with the values `viewer` and `category`.
   */
  latestArticlesColumn(only: ArticleSelection, limit: number): Pick<ColumnRead<never>, 'shape' | 'sql'> {
    return {
      shape: `articles_${selectionShape(only)}_${limit}`,
      sql: (value) =>
        articleJson(
          sql`select ${pages.id} from ${pages} where ${selectionCondition(only, value('category'))}
            order by ${pages.publish_date} desc, ${pages.id} desc limit ${inlineCount(limit)}`,
          value('viewer'),
        ),
    };
  },
  /**
   * Which of the articles `ids` the viewer likes, as a column of another module's statement (a CMS
   * page's teaser module whose articles the instance keeps), with the values `viewer` and `ids`.
   */
  likedArticlesColumn(): Pick<ColumnRead<never>, 'shape' | 'sql'> {
    return { shape: 'articles_liked', sql: (value) => likedArticles(value('viewer'), value('ids')) };
  },
  /** A published article's reaction settings, or undefined. */
  async reactionFacts(db: Db, id: number) {
    const query = preparedQuery(db, 'article_reaction_facts', (name) =>
      db
        .select({
          id: pages.id,
          comments_allowed: pages.comments_allowed,
          likes_allowed: pages.likes_allowed,
        })
        .from(pages)
        .where(and(publishedArticles, eq(pages.id, values.id)))
        .prepare(name),
    );
    const [row] = await query.execute({ id });
    return row;
  },
  /**
   * A page of the mixed stream in one statement: the newest `offset + limit` articles of the scope (by
   * the publish-date index) and, when `postPart` is given, the newest of the posts the member may read
   * (by the posts' index), merged newest first; the page's `limit` entries each with its article or
   * post whole. The merge reads both indexes together and stops at the page's end, and only the page's
   * rows leave the database. On the first page the same statement also reads the teaser lists and
   * filters, or which of the kept teasers' articles the viewer likes (`FirstPageRead`): a page is one
   * statement, one round trip.
   */
  async streamPage(
    db: Db,
    viewerId: number,
    scope: NewsScope,
    postPart: PostStreamParts | null,
    { limit, offset }: { limit: number; offset: number },
    first?: FirstPageRead,
  ): Promise<{ entries: StreamPageRow[]; teasers: TeaserLists | null; liked: number[] | null }> {
    const teasers = first && 'teasers' in first ? first.teasers : undefined;
    const likedAmong = first && 'likedAmong' in first ? first.likedAmong : undefined;
    const withArticles = scope.type !== 'post';
    const byCategory = Boolean(scope.categories?.length);
    const articleShape = withArticles ? (byCategory ? 'c' : 'a') : '';
    const teaserShape = teasers ? `${teasers.featured}_${teasers.latest}` : likedAmong ? 'liked' : '';
    const shape = `${articleShape}_${postPart?.shape ?? ''}_${limit}_${offset}_${teaserShape}`;
    const query = preparedQuery(db, `news_stream_page_${shape}`, (name) => {
      const enough = offset + limit;
      const sources = [
        withArticles
          ? sql`(select 'article'::text as kind, n.id, n.publish_date as at from (${newestArticlesQuery(db, byCategory, enough)}) n)`
          : undefined,
        postPart ? sql`(${postPart.newestEntries(enough)})` : undefined,
      ].filter((source) => source !== undefined);
      const entry = jsonObject({
        kind: sql`e.kind`,
        id: sql`e.id`,
        article: sql`case when e.kind = 'article' then ${articleObject(sql`e.id`)} end`,
        post: sql`case when e.kind = 'post' then ${postPart?.rowJson(sql`e.id`) ?? sql`null`} end`,
      });
      return db
        .select({
          entries: sql<
            EntryJson[]
          >`(select coalesce(json_agg(${entry} order by e.at desc, e.kind, e.id desc), '[]'::json)
            from (select m.kind, m.id, m.at from (${sql.join(sources, sql` union all `)}) m
              order by m.at desc, m.kind, m.id desc limit ${inlineCount(limit)} offset ${inlineCount(offset)}) e)`,
          ...(teasers ? teaserFields(db, teasers) : {}),
          ...(likedAmong ? { liked: likedArticles(values.viewer, values.ids) } : {}),
        })
        .from(sql`(select 1) as one`)
        .prepare(name);
    });
    const [row] = await query.execute({ viewer: viewerId, categories: scope.categories, ids: likedAmong });
    const { entries, liked, ...lists } = row! as {
      entries: EntryJson[];
      liked?: number[];
    } & Partial<TeaserListsJson>;
    return {
      entries: entries.map((entry) => ({
        kind: entry.kind,
        id: entry.id,
        article: entry.article ? articleOfJson(entry.article) : null,
        post: entry.post ? postRowOfJson(entry.post) : null,
      })),
      teasers:
        lists.articles === undefined
          ? null
          : {
              featured: lists.featured!,
              latest: lists.latest!,
              categories: lists.categories!,
              articles: lists.articles.map(articleOfJson),
            },
      liked: liked ?? null,
    };
  },
  /** Categories with a published article: a probe per category, not a join over every article. */
  async usedCategories(db: Db) {
    const query = preparedQuery(db, 'articles_used_categories', (name) =>
      usedCategoriesQuery(db).prepare(name),
    );
    return query.execute();
  },
};
