import type { SearchResultOf, SearchSuggestion } from '@plaza/contract/search';

/** Where a hit of each kind leads, under `/{lang}`. */
export const hitPath = {
  search_members: (lang: string, hit: SearchResultOf<'search_members'>) => `/${lang}/who_is_who/${hit.id}`,
  search_groups: (lang: string, hit: SearchResultOf<'search_groups'>) => `/${lang}/groups/${hit.id}`,
  search_topics: (lang: string, hit: SearchResultOf<'search_topics'>) =>
    `/${lang}/groups/${hit.group_id}/topics/${hit.id}`,
  /** A post in its topic or group; a post to every member in the news (`news/post-{id}`). */
  search_posts: (lang: string, hit: SearchResultOf<'search_posts'>) => {
    if (hit.group_id !== null && hit.topic_id !== null)
      return `/${lang}/groups/${hit.group_id}/topics/${hit.topic_id}`;
    if (hit.group_id !== null) return `/${lang}/groups/${hit.group_id}`;
    return `/${lang}/news/post-${hit.id}`;
  },
  /** A file in the files tab of its topic or group (where it is downloaded, beside its neighbours). */
  search_files: (lang: string, hit: SearchResultOf<'search_files'>) =>
    hit.topic_id === null
      ? `/${lang}/groups/${hit.group_id}?selectedTab=files`
      : `/${lang}/groups/${hit.group_id}/topics/${hit.topic_id}?selectedTab=files`,
  search_news: (lang: string, hit: SearchResultOf<'search_news'>) => `/${lang}/news/${hit.id}`,
  search_pages: (lang: string, hit: SearchResultOf<'search_pages'>) => `/${lang}/page/${hit.id}`,
};

/** Where a suggestion leads. */
export function suggestionPath(lang: string, suggestion: SearchSuggestion): string {
  switch (suggestion.type) {
    case 'member':
      return `/${lang}/who_is_who/${suggestion.id}`;
    case 'group':
      return `/${lang}/groups/${suggestion.id}`;
    case 'topic':
      return `/${lang}/groups/${suggestion.group_id}/topics/${suggestion.id}`;
    case 'article':
      return `/${lang}/news/${suggestion.id}`;
    case 'page':
      return `/${lang}/page/${suggestion.id}`;
  }
}

/** The search-results page of a term. */
export const searchResultsPath = (lang: string, term: string) =>
  `/${lang}/search_results?${new URLSearchParams({ q: term })}`;
