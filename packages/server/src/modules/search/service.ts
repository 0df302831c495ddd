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
import type { SessionUser } from '../../platform/request-context';
import { searchWords } from '../directory';
import { groupReaderOf } from '../groups';
import { readablePosts, readerOf } from '../posts';
import { getSettings } from '../settings';
import { isFieldIncluded } from '../users';
import { presentHit, suggestionOf } from './presenter';
import { type NamedKind, type PublishedKind, type Slice, searchRepo } from './repo';
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

/**
 * Where each kind is read: members, groups, topics and files in one statement (`named`), articles and pages in
 * another (`published`), posts in their own. The search page reads the three side by side.
 */
const namedKinds: Partial<Record<SearchModuleType, NamedKind>> = {
  search_members: 'members',
  search_groups: 'groups',
  search_topics: 'topics',
  search_files: 'files',
};
const publishedKinds: Partial<Record<SearchModuleType, PublishedKind>> = {
  search_news: 'articles',
  search_pages: 'pages',
};

/** The hits of the given kinds for a slice, presented, by kind. */
async function searchKinds(ctx: SearchContext, slice: Slice, types: readonly SearchModuleType[]) {
  const named = types.flatMap((type) => namedKinds[type] ?? []);
  const published = types.flatMap((type) => publishedKinds[type] ?? []);
  const [names, pages, posts, settings] = await Promise.all([
    named.length ? searchRepo.named(ctx.db, ctx.searcher, ctx.query, slice, named) : undefined,
    published.length
      ? searchRepo.published(ctx.db, ctx.locale, ctx.now, ctx.query, slice, published)
      : undefined,
    types.includes('search_posts')
      ? searchRepo.posts(ctx.db, readablePosts(readerOf(ctx.user)), ctx.query, slice)
      : undefined,
    named.includes('members') ? getSettings(ctx.db) : undefined,
  ]);
  const showPosition = settings ? isFieldIncluded(settings, 'position') : false;
  const found: Record<SearchModuleType, unknown[]> = {
    search_members: names?.members?.map((row) => presentHit.member(row, showPosition)) ?? [],
    search_groups: names?.groups?.map(presentHit.group) ?? [],
    search_topics: names?.topics?.map(presentHit.topic) ?? [],
    search_posts: posts?.map(presentHit.post) ?? [],
    search_files: names?.files?.map(presentHit.file) ?? [],
    search_news: pages?.articles?.map(presentHit.article) ?? [],
    search_pages: pages?.pages?.map(presentHit.page) ?? [],
  };
  return found;
}

/** The context of a search, or null when the term has no word to search (blank, punctuation only). */
function contextOf(db: Db, user: SessionUser, locale: Locale, term: string): SearchContext | null {
  const words = searchWords(term);
  if (words.length === 0) return null;
  return {
    db,
    user,
    searcher: groupReaderOf(user),
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
  const found = await searchKinds(ctx, slice, types);
  const modules: SearchModule[] = [];
  types.forEach((type) => {
    const rows = found[type];
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
  // Two statements: members, groups and topics in one, articles and pages in the other.
  const [names, pages] = await Promise.all([
    searchRepo.named(db, ctx.searcher, ctx.query, slice, ['members', 'groups', 'topics']),
    searchRepo.published(db, locale, ctx.now, ctx.query, slice, ['articles', 'pages']),
  ]);
  const lists = [
    names.members.map(suggestionOf.member),
    names.groups.map(suggestionOf.group),
    names.topics.map(suggestionOf.topic),
    pages.articles.map(suggestionOf.article),
    pages.pages.map(suggestionOf.page),
  ];
  const results: SearchSuggestion[] = [];
  for (let index = 0; results.length < max && lists.some((list) => index < list.length); index += 1) {
    for (const list of lists) {
      const item = list[index];
      if (item && results.length < max) results.push(item);
    }
  }
  return { results };
}
