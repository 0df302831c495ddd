import { z } from 'zod';
import { limits } from './constants';
import { defineEndpoint } from './endpoint';
import { text } from './text';

/**
 * The search across the community (spec: "Search results", section 7 `GET pages/search with page and
 * query`, section 8 "Result-not-found appears when search has no modules").
 *
 * One term searches members, groups, topics, posts, group files (by name), news articles and CMS pages with PostgreSQL full-text
 * search: every word must match, as a German or English stem or as the prefix of a word ("Entw" finds
 * "Entwicklung", "Häuser" finds "Haus"). Only what the searcher may see is found: listed members by the
 * profile fields the deployment shows, groups the searcher may see, topics and posts of groups whose
 * content they may read, files of those groups and of their active topics, published articles and pages
 * whose publish date has come.
 *
 * The answer is a "search page": one module per kind that has hits on the page asked for, in the order
 * of `searchModuleTypes`. No module means no hits (the web then shows result-not-found). Each kind is
 * ranked among its best candidates only (the newest matches for posts), so the cost of a search stays
 * bounded however common the word; `has_more` and `next_page` tell whether a kind has another page.
 */
export const searchModuleTypes = [
  'search_members',
  'search_groups',
  'search_topics',
  'search_posts',
  'search_files',
  'search_news',
  'search_pages',
] as const;
export type SearchModuleType = (typeof searchModuleTypes)[number];

/** The search term: trimmed; blank answers an empty search page (no query runs). */
export const searchTermSchema = text()
  .max(limits.globalSearchMaxLength)
  .transform((value) => value.trim());

export const searchQuerySchema = z.object({
  query: searchTermSchema.default(''),
  /** The page of every kind (or of `type` alone), `pageSizes.searchResults` hits each. */
  page: z.coerce.number().int().min(1).max(limits.globalSearchMaxPage).default(1),
  /** Only this kind (the "more" of one section); all kinds when left out. */
  type: z.enum(searchModuleTypes).optional(),
});
export type SearchQuery = z.output<typeof searchQuerySchema>;

export const searchMemberResultSchema = z.object({
  id: z.number().int(),
  combined_name: z.string(),
  img_path: z.string().nullable(),
  /** Null when the member has none or the deployment hides positions. */
  position: z.string().nullable(),
});
export const searchGroupResultSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.string().nullable(),
});
export const searchTopicResultSchema = z.object({
  id: z.number().int(),
  group_id: z.number().int(),
  name: z.string(),
  group_name: z.string(),
});
/** Most characters of a post's excerpt (plain text, cut at a word with an ellipsis). */
export const searchExcerptMaxLength = 200;
export const searchPostResultSchema = z.object({
  id: z.number().int(),
  /** Null for a post to every member (shown in the news stream). */
  group_id: z.number().int().nullable(),
  topic_id: z.number().int().nullable(),
  /** Plain text, at most `searchExcerptMaxLength` characters. */
  excerpt: z.string(),
  author_name: z.string(),
  /** ISO 8601. */
  created_at: z.string(),
});
/** A file shared in a group or one of its topics, found by its name. */
export const searchFileResultSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The MIME type. */
  type: z.string(),
  /** Bytes. */
  size: z.number().int(),
  /** The permission-checked download (`GET /api/v2/files/:id`). */
  link: z.string(),
  group_id: z.number().int(),
  /** Null for a file of the group itself. */
  topic_id: z.number().int().nullable(),
  group_name: z.string(),
  /** ISO 8601. */
  created_at: z.string(),
});
export const searchArticleResultSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  teaser: z.string(),
  /** ISO 8601. */
  publish_date: z.string(),
});
export const searchPageResultSchema = z.object({
  id: z.number().int(),
  title: z.string(),
});

/** The results of one kind: a page of hits, and whether another page follows. */
function searchModule<T extends SearchModuleType, R extends z.ZodType>(type: T, result: R) {
  return z.object({
    /** The kind again (one module per kind). */
    id: z.literal(type),
    type: z.literal(type),
    data: z.object({
      results: z.array(result),
      has_more: z.boolean(),
      next_page: z.number().int().nullable(),
    }),
  });
}

export const searchModuleSchema = z.discriminatedUnion('type', [
  searchModule('search_members', searchMemberResultSchema),
  searchModule('search_groups', searchGroupResultSchema),
  searchModule('search_topics', searchTopicResultSchema),
  searchModule('search_posts', searchPostResultSchema),
  searchModule('search_files', searchFileResultSchema),
  searchModule('search_news', searchArticleResultSchema),
  searchModule('search_pages', searchPageResultSchema),
]);
export type SearchModule = z.infer<typeof searchModuleSchema>;
export type SearchModuleOf<T extends SearchModuleType> = Extract<SearchModule, { type: T }>;
export type SearchResultOf<T extends SearchModuleType> = SearchModuleOf<T>['data']['results'][number];

export const searchPageSchema = z.object({
  /** The term as searched (trimmed). */
  query: z.string(),
  page: z.number().int(),
  modules: z.array(searchModuleSchema),
});
export type SearchPage = z.infer<typeof searchPageSchema>;

/**
 * A suggestion while typing in the shell's search box (spec 3 "Suggestion": id, title), not in the
 * spec's calls: `GET /api/v2/search/suggestions?q=`. `type` says what it is and, with `group_id` for
 * topics, where it leads: a member's profile, a group, a topic, a news article or a CMS page.
 */
export const searchSuggestionTypes = ['member', 'group', 'topic', 'article', 'page'] as const;
export type SearchSuggestionType = (typeof searchSuggestionTypes)[number];
export const searchSuggestionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  type: z.enum(searchSuggestionTypes),
  /** The topic's group (topics only), else null. */
  group_id: z.number().int().nullable(),
});
export type SearchSuggestion = z.infer<typeof searchSuggestionSchema>;

const tags = ['search'];
export const searchEndpoints = {
  page: defineEndpoint({
    method: 'GET',
    path: '/api/v2/pages/search',
    summary:
      'Search across the community: a module per kind with hits (members, groups, topics, posts, files, news, pages); a blank query answers no modules',
    tags,
    access: 'user',
    query: searchQuerySchema,
    response: searchPageSchema,
  }),
  suggestions: defineEndpoint({
    method: 'GET',
    path: '/api/v2/search/suggestions',
    summary: `Suggestions while typing in the shell's search box: at most ${limits.searchSuggestionsMax} members, groups, topics, articles and pages`,
    tags,
    access: 'user',
    /** The typed text as `q`, or as `query` like the spec's suggestion calls write it. */
    query: z
      .object({ q: searchTermSchema.optional(), query: searchTermSchema.optional() })
      .transform(({ q, query }) => ({ q: q ?? query ?? '' })),
    response: z.object({ results: z.array(searchSuggestionSchema) }),
  }),
};
