import { call, type SpecCall } from './call';

/** Spec 7 "Posts, comments, likes" and "Jobs, news, occasions, pages, ratings" (the built ones). */
export const contentCalls: SpecCall[] = [
  call('POST posts/file, multipart, returns id', 'POST', 'posts/file', { as: 'member', upload: 'png' }),
  call('POST posts', 'POST', 'posts', {
    as: 'member',
    body: (f) => ({
      description: '<p>Posted by the spec walk</p>',
      group_id: f.group,
      topic_id: f.topic,
      files: [],
    }),
  }),
  call('GET posts/authors', 'GET', 'posts/authors'),
  call('GET posts/options', 'GET', 'posts/options', { as: 'member' }),
  call('GET posts/options/{id}', 'GET', (f) => `posts/options/${f.group}`, { as: 'member' }),
  call('Link preview: GET media.preview with query url', 'GET', 'media.preview', {
    as: 'member',
    query: () => `url=${encodeURIComponent('https://example.org/article')}`,
  }),
  call('GET comments with type=news, id', 'GET', 'comments', { query: (f) => `type=post&id=${f.post}` }),
  call('PUT comments with type, id', 'PUT', 'comments', {
    as: 'member',
    body: (f) => ({ type: 'post', id: f.post, text: 'A comment of the spec walk' }),
  }),
  call('GET likes with type=news, id', 'GET', 'likes', { query: (f) => `type=post&id=${f.post}` }),
  call('PUT likes with type, id, like', 'PUT', 'likes', {
    as: 'member',
    body: (f) => ({ type: 'post', id: f.post, like: true }),
  }),
  call('DELETE comments/{id}', 'DELETE', (f) => `comments/${f.comment}`, { as: 'member' }),
  call('DELETE posts/file/{id}', 'DELETE', (f) => `posts/file/${f.postFile}`, { as: 'member' }),
  call('DELETE posts/{id}', 'DELETE', (f) => `posts/${f.post}`, { as: 'member' }),
  call('GET news with page', 'GET', 'news', { query: () => 'page=1' }),
  call('GET news filters with the filters as lists', 'GET', 'news', {
    query: () => 'page=1&category[]=1&category[]=2&type=article',
  }),
  call('GET news/{id}', 'GET', (f) => `news/${f.page}`),
  call('GET news/top_teaser', 'GET', 'news/top_teaser'),
  call('GET {resource}.filters: news', 'GET', 'news.filters'),
  call('GET news/topic_filter/{id}', 'GET', (f) => `news/topic_filter/${f.topic}`),
  call('GET jobs with page', 'GET', 'jobs', { query: () => 'page=1' }),
  call('GET jobs, a filter call with the filters as lists and page', 'GET', 'jobs', {
    query: () => 'page=1&filters[location][]=1&filters[field][]=it&filters[employment_type][]=full_time',
  }),
  call('GET jobs/{id}', 'GET', () => 'jobs/1', { as: 'member' }),
  call('GET {resource}.filters: jobs', 'GET', 'jobs.filters'),
  call('GET ratings with page', 'GET', 'ratings', { query: () => 'page=1' }),
  call('GET ratings/{id}', 'GET', () => 'ratings/1', { as: 'member' }),
  call('rating filters', 'GET', 'ratings.filters'),
  call('comments of a rating with page', 'GET', () => 'ratings/1/comments', { query: () => 'page=first' }),
  call('GET ratings/{id}/all_reviews_for_location', 'GET', () => 'ratings/1/all_reviews_for_location'),
  call(
    'GET ratings/ratings_export with the filters as bracketed arrays and locale',
    'GET',
    'ratings/ratings_export',
    {
      query: () => 'filters[location][]=1&filters[city][]=Berlin&locale=en_GB',
    },
  ),
  call('GET occasions with page', 'GET', 'occasions', { query: () => 'page=1' }),
  call('occasions/feed', 'GET', 'occasions/feed'),
  call('occasions/anniversaries', 'GET', 'occasions/anniversaries', { query: () => 'page=1' }),
  call('occasions/birthdays', 'GET', 'occasions/birthdays', { query: () => 'page=1' }),
  call('occasions search and filter with query and page', 'GET', 'occasions', {
    query: () => 'query=Test&page=1&filters[type][]=birthday&filters[locations][]=Berlin',
  }),
  call('GET {resource}.filters: occasions', 'GET', 'occasions.filters'),
  call('GET pages/{id}', 'GET', (f) => `pages/${f.page}`),
  call('GET legal_pages', 'GET', 'legal_pages'),
  call('GET pages/search with page and query', 'GET', 'pages/search', { query: () => 'page=1&query=Spec' }),
  call('GET previews/{id}', 'GET', 'previews/0123456789abcdef0123456789abcdef'),
];
