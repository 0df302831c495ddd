import {
  type Locale,
  limits,
  pageSizes,
  type SearchModule,
  type SearchModuleType,
  type SearchPage,
  type SearchQuery,
  type SearchSuggestion,
  searchModuleTypes,
} from '@plaza/contract';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isSuperadmin } from '../../platform/permissions';
import type { SessionUser } from '../../platform/request-context';
import { searchWords } from '../directory';
import { readablePosts, readerOf } from '../posts';
import { getSettings } from '../settings';
import { isFieldIncluded } from '../users';
import { presentHit, suggestionOf } from './presenter';
import { type Slice, searchRepo } from './repo';
import { type Searcher, searchQuery } from './search-sql';

/** What every kind's search gets. */
interface SearchContext {
  db: Db;
  user: SessionUser;
  searcher: Searcher;
  locale: Locale;
  now: Date;
  query: SQL;
}

/** One kind's search: its results for a slice, presented. */
type KindSearch = (ctx: SearchContext, slice: Slice) => Promise<unknown[]>;

const kinds: Record<SearchModuleType, KindSearch> = {
  search_members: async (ctx, slice) => {
    const [rows, settings] = await Promise.all([
      searchRepo.members(ctx.db, ctx.query, slice),
      getSettings(ctx.db),
    ]);
    const showPosition = isFieldIncluded(settings, 'position');
    return rows.map((row) => presentHit.member(row, showPosition));
  },
  search_groups: async (ctx, slice) =>
    (await searchRepo.groups(ctx.db, ctx.searcher, ctx.query, slice)).map(presentHit.group),
  search_topics: async (ctx, slice) =>
    (await searchRepo.topics(ctx.db, ctx.searcher, ctx.query, slice)).map(presentHit.topic),
  search_posts: async (ctx, slice) =>
    (await searchRepo.posts(ctx.db, readablePosts(readerOf(ctx.user)), ctx.query, slice)).map(
      presentHit.post,
    ),
  search_news: async (ctx, slice) =>
    (await searchRepo.articles(ctx.db, ctx.locale, ctx.now, ctx.query, slice)).map(presentHit.article),
  search_pages: async (ctx, slice) =>
    (await searchRepo.pages(ctx.db, ctx.locale, ctx.now, ctx.query, slice)).map(presentHit.page),
};

/** The context of a search, or null when the term has no word to search (blank, punctuation only). */
function contextOf(db: Db, user: SessionUser, locale: Locale, term: string): SearchContext | null {
  const words = searchWords(term);
  if (words.length === 0) return null;
  return {
    db,
    user,
    searcher: { id: user.id, superadmin: isSuperadmin(user) },
    locale,
    now: new Date(),
    query: searchQuery(words),
  };
}

/**
 * The search page: a module per kind with hits on the page (or of `type` alone), in the contract's
 * order; no modules for a term without words. The kinds are read side by side.
 */
export async function searchPage(
  db: Db,
  user: SessionUser,
  locale: Locale,
  query: SearchQuery,
): Promise<SearchPage> {
  const empty = { query: query.query, page: query.page, modules: [] };
  const ctx = contextOf(db, user, locale, query.query);
  if (!ctx) return empty;
  const size = pageSizes.searchResults;
  const slice = { limit: size + 1, offset: (query.page - 1) * size };
  const types = query.type ? [query.type] : searchModuleTypes;
  const found = await Promise.all(types.map((type) => kinds[type](ctx, slice)));
  const modules: SearchModule[] = [];
  types.forEach((type, index) => {
    const rows = found[index]!;
    if (rows.length === 0) return;
    const hasMore = rows.length > size && query.page < limits.globalSearchMaxPage;
    modules.push({
      id: type,
      type,
      data: { results: rows.slice(0, size), has_more: hasMore, next_page: hasMore ? query.page + 1 : null },
    } as SearchModule);
  });
  return { ...empty, modules };
}

/**
 * Suggestions while typing: the best few members, groups, topics, articles and pages, taken in turn
 * (a member, a group, a topic, ... then the second of each) up to `limits.searchSuggestionsMax`.
 * Posts have no title to suggest; they are on the results page.
 */
export async function searchSuggestions(
  db: Db,
  user: SessionUser,
  locale: Locale,
  term: string,
): Promise<{ results: SearchSuggestion[] }> {
  const ctx = contextOf(db, user, locale, term);
  if (!ctx) return { results: [] };
  const max = limits.searchSuggestionsMax;
  const slice = { limit: max, offset: 0 };
  const lists = await Promise.all([
    searchRepo.members(db, ctx.query, slice).then((rows) => rows.map(suggestionOf.member)),
    searchRepo.groups(db, ctx.searcher, ctx.query, slice).then((rows) => rows.map(suggestionOf.group)),
    searchRepo.topics(db, ctx.searcher, ctx.query, slice).then((rows) => rows.map(suggestionOf.topic)),
    searchRepo.articles(db, locale, ctx.now, ctx.query, slice).then((rows) => rows.map(suggestionOf.article)),
    searchRepo.pages(db, locale, ctx.now, ctx.query, slice).then((rows) => rows.map(suggestionOf.page)),
  ]);
  const results: SearchSuggestion[] = [];
  for (let index = 0; results.length < max && lists.some((list) => index < list.length); index += 1) {
    for (const list of lists) {
      const item = list[index];
      if (item && results.length < max) results.push(item);
    }
  }
  return { results };
}
