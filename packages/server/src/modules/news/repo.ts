import { and, desc, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { anyId } from '../../db/any-id';
import type { Db } from '../../db/client';
import { inlineCount } from '../../db/inline-count';
import { preparedQuery } from '../../db/prepared-query';
import { images, likes, pageCategories, pageFiles, pages, users } from '../../db/schema';

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

/** The published articles of a selection (the category is the placeholder `category`). */
function selectionCondition(only: ArticleSelection): SQL | undefined {
  return and(
    publishedArticles,
    only.featured ? sql`${pages.featured}` : undefined,
    only.categoryId ? eq(pages.category_id, values.category) : undefined,
    only.publicOnly ? sql`${pages.visibility} = 'all'` : undefined,
  );
}

/** What a news stream holds beside visibility. */
export interface NewsScope {
  categories?: number[];
  type?: 'article' | 'post';
}

/** `{id, at}` of the newest published articles (of the categories `categories` when `byCategory`). */
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
/** A newest article as JSON carries it (the date as text). */
type NewestArticleJson = { id: number; at: string };

/** The article lists of the news stream's first page (`newsRepo.firstPageLists`). */
export interface FirstPageLists {
  newest: { id: number; at: Date }[];
  featured: number[];
  latest: number[];
  categories: UsedCategory[];
  /** The articles of the three lists, whole, for the viewer. */
  articles: ArticleRow[];
}

/** An article row as JSON carries it (`articleJson`): the date as text. */
type ArticleJson = Omit<ArticleRow, 'publish_date'> & { publish_date: string };

/**
 * The articles of `ids` (a subquery) as one JSON array of objects keyed as `articleFields`, for a
 * statement that reads them beside other things; joined as `selectArticles` joins them (the fields name
 * these tables and the author's alias).
 */
function articleJson(ids: SQL): SQL<ArticleJson[]> {
  const fields = Object.entries(articleFields(values.viewer)).flatMap(([key, value]) => [
    sql.raw(`'${key}'`),
    value,
  ]);
  return sql<
    ArticleJson[]
  >`(select coalesce(json_agg(json_build_object(${sql.join(fields, sql`, `)})), '[]'::json)
    from pages
    left join users article_author on article_author.id = pages.author_id
    left join images on images.id = pages.image_id
    left join page_categories on page_categories.id = pages.category_id
    where pages.id in (${ids}))`;
}

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
   * `{id, at}` of the newest published articles of the scope (none when the scope wants posts only),
   * newest first by the publish-date index.
   */
  async newestArticles(db: Db, scope: NewsScope, limit: number): Promise<{ id: number; at: Date }[]> {
    if (scope.type === 'post') return [];
    const byCategory = Boolean(scope.categories?.length);
    const query = preparedQuery(db, `articles_newest_${byCategory ? 'c' : ''}_${limit}`, (name) =>
      newestArticlesQuery(db, byCategory, limit).prepare(name),
    );
    return query.execute({ categories: scope.categories });
  },
  /**
   * What the first page of the news stream reads of the articles, in one statement: `{id, at}` of the
   * newest of the scope (as `newestArticles`), the ids of the newest featured ones and of the newest of
   * all (the teasers), the categories in use (the filters), and the articles of those lists whole for
   * the viewer (a page shows some of the newest, the teasers all of theirs): the stream's first page
   * is this and the newest posts side by side, one round trip.
   */
  async firstPageLists(
    db: Db,
    viewerId: number,
    scope: NewsScope,
    limit: number,
    teasers: { featured: number; latest: number },
  ): Promise<FirstPageLists> {
    const byCategory = Boolean(scope.categories?.length);
    const shape = `${scope.type === 'post' ? 'p' : byCategory ? 'c' : ''}_${limit}_${teasers.featured}_${teasers.latest}`;
    const query = preparedQuery(db, `articles_first_page_${shape}`, (name) => {
      const ids = (only: ArticleSelection, count: number) =>
        db
          .select({ id: pages.id })
          .from(pages)
          .where(selectionCondition(only))
          .orderBy(desc(pages.publish_date), desc(pages.id))
          .limit(inlineCount(count));
      const newestIds =
        scope.type === 'post'
          ? sql`select null::int where false`
          : sql`select n.id from (${newestArticlesQuery(db, byCategory, limit)}) n`;
      const newest =
        scope.type === 'post'
          ? sql<NewestArticleJson[]>`'[]'::json`
          : sql<
              NewestArticleJson[]
            >`(select coalesce(json_agg(json_build_object('id', n.id, 'at', n.publish_date)), '[]'::json) from (${newestArticlesQuery(db, byCategory, limit)}) n)`;
      const featured = ids({ featured: true }, teasers.featured);
      const latest = ids({}, teasers.latest);
      return db
        .select({
          newest,
          featured: sql<number[]>`array(${featured})`,
          latest: sql<number[]>`array(${latest})`,
          categories: sql<
            UsedCategory[]
          >`(select coalesce(json_agg(c), '[]'::json) from (${usedCategoriesQuery(db)}) c)`,
          articles: articleJson(sql`${newestIds} union (${featured}) union (${latest})`),
        })
        .from(sql`(select 1) as one`)
        .prepare(name);
    });
    const [row] = await query.execute({ viewer: viewerId, categories: scope.categories });
    return {
      newest: row!.newest.map((entry) => ({ id: entry.id, at: new Date(entry.at) })),
      featured: row!.featured,
      latest: row!.latest,
      categories: row!.categories,
      articles: row!.articles.map((article) => ({
        ...article,
        publish_date: new Date(article.publish_date),
      })),
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
