import {
  type Article,
  buildStreamPagination,
  type Locale,
  type NewsFilter,
  type NewsItem,
  type newsEndpoints,
  newsTeasers,
  type PageQuery,
} from '@plaza/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { ColumnRead } from '../../db/column-read';
import { notFound } from '../../platform/errors';
import { t } from '../../platform/i18n';
import type { SessionUser } from '../../platform/request-context';
import { loadGroupAccess, loadTopicAccess, requireGroupRead } from '../groups';
import {
  postPage,
  type postRowOfJson,
  postStreamSql,
  presentPostRows,
  readablePost,
  readerOf,
} from '../posts';
import { categoryName, presentArticle } from './presenter';
import {
  type ArticleJson,
  type ArticleRow,
  type ArticleSelection,
  articleOfJson,
  type FirstPageRead,
  newsRepo,
  type UsedCategory,
} from './repo';
import { firstPageTeasers, teaserArticles } from './teaser-memo';

type NewsQuery = z.output<NonNullable<(typeof newsEndpoints)['list']['query']>>;

const emptyTeasers = () => ({
  topTeaser: topTeaserOf([]),
  horizontalTeaser: { results: [], maxRecords: newsTeasers.horizontalTeaserMax },
  webNews: { results: [], maxRecords: newsTeasers.webNewsMax },
});

async function articles(db: Db, user: SessionUser | null, locale: Locale, ids: number[]): Promise<Article[]> {
  return (await newsRepo.articlesByIds(db, user?.id ?? 0, ids)).map((row) => presentArticle(row, locale));
}

/** Kept articles with the member's likes (`liked`: which of them they like). */
function withLikes(rows: ArticleRow[], liked: number[]): ArticleRow[] {
  const likes = new Set(liked);
  return rows.map((row) => ({ ...row, liked_by_me: likes.has(row.id) }));
}

/**
 * The newest articles of a selection for a CMS page's teaser modules, as a column of the page's
 * statement; a signed-out reader gets public articles only. The instance keeps each selection's articles
 * briefly (news/teaser-memo.ts): while it does, the column reads only which of them the reader likes.
 */
export function teaserArticlesRead(
  db: Db,
  reader: SessionUser | null,
  locale: Locale,
  only: Omit<ArticleSelection, 'publicOnly'>,
  limit: number,
): ColumnRead<Article[]> {
  const column = newsRepo.latestArticlesColumn({ ...only, publicOnly: !reader }, limit);
  // The column's shape names the selection but its category, a value of the statement.
  const key = `${column.shape}_${only.categoryId ?? 0}`;
  const viewer = reader?.id ?? 0;
  const kept = teaserArticles.peek(db, key);
  if (kept) {
    return {
      ...newsRepo.likedArticlesColumn(),
      values: { viewer, ids: kept.map((row) => row.id) },
      read: (liked) => withLikes(kept, liked as number[]).map((row) => presentArticle(row, locale)),
    };
  }
  const mark = teaserArticles.mark(db);
  return {
    ...column,
    values: { viewer, category: only.categoryId ?? 0 },
    read: (json) => {
      const rows = (json as ArticleJson[]).map(articleOfJson);
      teaserArticles.keep(db, key, rows, mark);
      return rows.map((row) => presentArticle(row, locale));
    },
  };
}

/** The featured articles of the top teaser slider. */
export async function topTeaser(db: Db, user: SessionUser, locale: Locale) {
  const rows = await newsRepo.latestArticles(db, user.id, { featured: true }, newsTeasers.topTeaserMax);
  return topTeaserOf(rows.map((row) => presentArticle(row, locale)));
}

/** The top teaser slider holding `results`. */
function topTeaserOf(results: Article[]) {
  return { results, options: { isCircle: true }, sliderInterval: newsTeasers.topTeaserIntervalMs };
}

/** The filters of the news stream: categories in use and the item type, labelled in the viewer's language. */
export async function newsFilters(db: Db, locale: Locale): Promise<NewsFilter[]> {
  return filtersOf(await newsRepo.usedCategories(db), locale);
}

/** The filters of the news stream for the categories in use. */
function filtersOf(categories: UsedCategory[], locale: Locale): NewsFilter[] {
  const filters: NewsFilter[] = [
    {
      id: 2,
      identifier: 'type',
      label: t(locale, 'news_filters.type'),
      properties: (['article', 'post'] as const).map((type) => ({
        id: type,
        value: t(locale, `news_filters.${type}`),
        type: 'type',
      })),
    },
  ];
  if (categories.length > 0) {
    filters.unshift({
      id: 1,
      identifier: 'category',
      label: t(locale, 'news_filters.category'),
      properties: categories.map((c) => ({
        id: c.id,
        value: categoryName(c.names, locale),
        type: 'category',
      })),
    });
  }
  return filters;
}

type StreamScope = { categories?: number[] | undefined; type?: 'article' | 'post' | undefined };

/** Whether a stream holds posts: posts have no category, so a category filter shows articles only. */
const withPosts = (scope: StreamScope) => scope.type !== 'article' && !scope.categories?.length;

/** A page of the mixed stream, with the articles and post rows its entries and teasers show. */
interface StreamPage {
  entries: { kind: 'article' | 'post'; id: number }[];
  hasMore: boolean;
  articles: ArticleRow[];
  posts: ReturnType<typeof postRowOfJson>[];
  featured: number[];
  latest: number[];
  categories: UsedCategory[];
}

/**
 * A page of the mixed stream, newest first (articles by publish date, posts by creation): its entries
 * with their articles and posts whole, merged from both sources in one statement by their indexes
 * (`newsRepo.streamPage`: it never reads more than the page's depth of either table, however large
 * the community; the contract bounds the depth), one more entry than a page to learn whether another
 * follows. The first page also shows the teasers and filters, read by the same statement.
 */
async function streamPage(
  db: Db,
  user: SessionUser,
  scope: StreamScope,
  { page, per_page }: PageQuery,
): Promise<StreamPage> {
  const postPart = withPosts(scope) ? postStreamSql(readerOf(user)) : null;
  const kept = page === 1 ? firstPageTeasers.peek(db) : undefined;
  const mark = firstPageTeasers.mark(db);
  const first: FirstPageRead | undefined =
    page !== 1
      ? undefined
      : kept
        ? { likedAmong: kept.articles.map((article) => article.id) }
        : { teasers: { featured: newsTeasers.topTeaserMax, latest: newsTeasers.webNewsMax } };
  const {
    entries: rows,
    teasers: read,
    liked,
  } = await newsRepo.streamPage(
    db,
    user.id,
    scope,
    postPart,
    { limit: per_page + 1, offset: (page - 1) * per_page },
    first,
  );
  if (read) firstPageTeasers.keep(db, read, mark);
  const lists = read ?? (kept && { ...kept, articles: withLikes(kept.articles, liked ?? []) });
  const shown = rows.slice(0, per_page);
  return {
    entries: shown.map((row) => ({ kind: row.kind, id: row.id })),
    hasMore: rows.length > per_page,
    articles: [...shown.flatMap((row) => row.article ?? []), ...(lists?.articles ?? [])],
    posts: shown.flatMap((row) => row.post ?? []),
    featured: lists?.featured ?? [],
    latest: lists?.latest ?? [],
    categories: lists?.categories ?? [],
  };
}

/**
 * The news stream: articles and the posts the member may read, newest first; with `group_id` the
 * group's posts only (the group stream). Teasers and filters come with page 1 of the dashboard stream.
 */
export async function listNews(db: Db, user: SessionUser, locale: Locale, query: NewsQuery) {
  if (query.group_id !== undefined) {
    // The page's statement holds the group read rule (`readableGroup`, the policy's rule), so posts on
    // the page prove the member may read the group; only an empty page asks the policy whether the
    // answer is a refusal (a missing or hidden group: 404, another's: 403) or an empty stream.
    const page = await postPage(db, user, { groupId: query.group_id }, query);
    if (page.results.length === 0) requireGroupRead(await loadGroupAccess(db, query.group_id, user));
    return { ...page, ...emptyTeasers(), filters: [] };
  }
  const scope = { categories: query.category, type: query.type };
  const page = await streamPage(db, user, scope, query);
  const articleItems = new Map(page.articles.map((row) => [row.id, presentArticle(row, locale)]));
  const postItems = new Map(presentPostRows(page.posts, user).map((post) => [post.item_id, post]));
  const results: NewsItem[] = page.entries.flatMap((entry) => {
    const item = entry.kind === 'article' ? articleItems.get(entry.id) : postItems.get(entry.id);
    return item ? [item] : [];
  });
  const pagination = buildStreamPagination(query.page, query.per_page, page.hasMore);
  if (query.page > 1) return { results, pagination, ...emptyTeasers(), filters: [] };
  const articlesOf = (ids: number[]) => ids.flatMap((id) => articleItems.get(id) ?? []);
  const latestArticles = articlesOf(page.latest);
  return {
    results,
    pagination,
    topTeaser: topTeaserOf(articlesOf(page.featured)),
    horizontalTeaser: {
      results: latestArticles.slice(0, newsTeasers.horizontalTeaserMax),
      maxRecords: newsTeasers.horizontalTeaserMax,
    },
    webNews: { results: latestArticles, maxRecords: newsTeasers.webNewsMax },
    filters: filtersOf(page.categories, locale),
  };
}

/** A topic's stream of posts; the topic's group read rule applies. */
export async function topicNews(db: Db, user: SessionUser, topicId: number, page: PageQuery) {
  // As the group stream: posts on the page prove the topic active and its group readable.
  const result = await postPage(db, user, { topicId }, page);
  if (result.results.length === 0) await loadTopicAccess(db, topicId, user);
  return result;
}

/** One stream item: `post-<n>` a post the member may read, `page-<n>` or `<n>` a published article. */
export async function newsItem(db: Db, user: SessionUser, locale: Locale, id: string): Promise<NewsItem> {
  const number = Number(id.replace(/^(page-|post-)/, ''));
  if (id.startsWith('post-')) return readablePost(db, user, number);
  const [article] = await articles(db, user, locale, [number]);
  if (!article) throw notFound('The article');
  return article;
}

/** What reactions need to know about an article before a like or comment (reactions is above news). */
export function newsReactionFacts(db: Db, id: number): ReturnType<typeof newsRepo.reactionFacts> {
  return newsRepo.reactionFacts(db, id);
}
