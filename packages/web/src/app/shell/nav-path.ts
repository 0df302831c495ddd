import type { Locale, NavigationItem } from '@plaza/contract';

const paths: Partial<Record<NavigationItem['type'], (id: number | null) => string>> = {
  dashboard: () => '',
  'activity-feed': () => '/activity_feed',
  groups: () => '/groups',
  group: (id) => `/groups/${id}`,
  // A topic item names only its topic (`reference_id`, no group), so it opens the topic view of that news
  // topic, `/{lang}/categories/{id}`; a group's topic page would need the group's id as well.
  topic: (id) => `/categories/${id}`,
  'who-is-who': () => '/who_is_who',
  profile: (id) => `/who_is_who/${id}`,
  occasions: () => '/occasions/',
  jobs: () => '/jobs',
  job: (id) => `/jobs/${id}`,
  ratings: () => '/ratings',
  rating: (id) => `/ratings/${id}`,
  shop: () => '/shop',
  page: (id) => `/page/${id}`,
  'search-results': () => '/search_results',
  registration: () => '/registration',
  login: () => '/login',
};

/** The link of a navigation item: a route of the app under the language, or its external URL. */
export function navigationHref(item: NavigationItem, lang: Locale): string {
  if (item.type === 'external') return item.url ?? '#';
  const build = paths[item.type];
  return `/${lang}${build ? build(item.reference_id) : ''}`;
}
