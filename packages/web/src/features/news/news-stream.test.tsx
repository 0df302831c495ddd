import { type Article, endpoints, type NewsFilter, type NewsList } from '@plaza/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, stubFetch } from '../../test/fetch-stub';
import { renderInApp } from '../../test/render-in-app';
import { NewsStream } from './news-stream';

vi.setConfig({ testTimeout: 30_000 });

function article(n: number, title = `Article ${n}`): Article {
  return {
    id: `page-${n}`,
    item_id: n,
    meta: { type: 'article' },
    title,
    teaser: `Teaser ${n}`,
    content: '<p>Text</p>',
    publish_date: '2026-11-20T10:00:00Z',
    author: { name: 'Editorial team', avatar: null },
    images: { title: null, slider: [], teaser: null, images: [] },
    attachments: [],
    category: null,
    visibility: 'members',
    comments_allowed: true,
    likes_allowed: true,
    likes_count: 0,
    comments_count: 0,
    liked_by_me: false,
  };
}

const teasers = (n: number, first = 100) =>
  Array.from({ length: n }, (_, i) => article(first + i, `Teaser article ${first + i}`));
const filters: NewsFilter[] = [
  {
    id: 1,
    identifier: 'type',
    label: 'Type',
    properties: [
      { id: 'article', value: 'Articles', type: 'option' },
      { id: 'post', value: 'Posts', type: 'option' },
    ],
  },
];

/** A news list answer for a page and its items. */
function listPage(page: number, items: Article[], next: number | null): NewsList {
  return {
    results: items,
    pagination: {
      self: page,
      first: 1,
      last: null,
      prev: page > 1 ? page - 1 : null,
      next,
      total: null,
      per_page: 2,
    },
    topTeaser: { results: page === 1 ? teasers(3) : [], options: { isCircle: false }, sliderInterval: 5000 },
    horizontalTeaser: { results: page === 1 ? teasers(4, 200) : [], maxRecords: 2 },
    webNews: { results: page === 1 ? teasers(9, 300) : [], maxRecords: 7 },
    filters,
  };
}

/** Answers `GET /api/v2/news` by its page and type query. */
function stubNews() {
  return stubFetch([
    answer(endpoints.news.list, listPage(2, [article(2), article(3)], null), { query: { page: 2 } }),
    answer(endpoints.news.list, listPage(1, [article(1), article(2)], 2), { query: { page: 1 } }),
    answer(endpoints.news.list, listPage(1, [article(9, 'Only articles')], null), {
      query: { type: 'article' },
    }),
  ]);
}

const streamTitles = () =>
  screen
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent)
    .filter((text) => text?.startsWith('Article') || text === 'Only articles');

afterEach(() => vi.unstubAllGlobals());

describe('NewsStream', () => {
  it('page 1 fills the list, later pages append, a filter starts again at page 1', async () => {
    stubNews();
    renderInApp(<NewsStream renderPost={() => null} />, { path: '/en_GB' });
    await screen.findByRole('heading', { name: 'Article 1' });
    expect(streamTitles()).toEqual(['Article 1', 'Article 2']);

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('heading', { name: 'Article 3' });
    // Article 2 moved to page 2 meanwhile; it is shown once.
    expect(streamTitles()).toEqual(['Article 1', 'Article 2', 'Article 3']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Articles');
    await screen.findByRole('heading', { name: 'Only articles' });
    expect(streamTitles()).toEqual(['Only articles']);
    await userEvent.click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(streamTitles()).toEqual(['Article 1', 'Article 2']));
  });

  it('shows at most 2 horizontal teasers and 7 web news, and the top teaser with its controls', async () => {
    stubNews();
    renderInApp(<NewsStream renderPost={() => null} />, { path: '/en_GB' });
    const horizontal = await screen.findByRole('list', { name: 'Featured articles' });
    expect(horizontal.querySelectorAll('li')).toHaveLength(2);
    const webNews = screen.getByRole('region', { name: 'Web news' });
    expect(webNews.querySelectorAll('li')).toHaveLength(7);
    expect(screen.getByRole('group', { name: '1 of 3' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Next story' }));
    expect(screen.getByRole('group', { name: '2 of 3' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Previous story' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous story' }));
    expect(screen.getByRole('group', { name: '3 of 3' })).toBeTruthy();
  });

  // The same article stood in the top teaser, a horizontal teaser, the stream and the web news.
  it('shows an article once: in the first place that has it', async () => {
    const twice = article(100, 'Teaser article 100');
    const page: NewsList = {
      ...listPage(1, [twice, article(1)], null),
      horizontalTeaser: { results: [twice, article(201, 'Side 201')], maxRecords: 2 },
      webNews: { results: [twice, article(1), article(301, 'Web 301')], maxRecords: 7 },
    };
    stubFetch([answer(endpoints.news.list, page, { query: { page: 1 } })]);
    renderInApp(<NewsStream renderPost={() => null} />, { path: '/en_GB' });
    await screen.findByRole('heading', { name: 'Article 1' });
    expect(screen.getAllByText('Teaser article 100')).toHaveLength(1);
    expect(screen.getAllByText('Article 1')).toHaveLength(1);
    expect(screen.getAllByText('Side 201')).toHaveLength(1);
    expect(screen.getByRole('region', { name: 'Web news' }).querySelectorAll('li')).toHaveLength(1);
  });

  it('leaves the teasers out on phones: the stream starts at the top and shows their articles', async () => {
    stubFetch([answer(endpoints.news.list, listPage(1, [article(1)], null), { query: { page: 1 } })]);
    renderInApp(<NewsStream renderPost={() => null} compact />, { path: '/en_GB' });
    await screen.findByRole('heading', { name: 'Article 1' });
    expect(screen.queryByRole('list', { name: 'Featured articles' })).toBeNull();
    expect(screen.queryByRole('group', { name: '1 of 3' })).toBeNull();
  });
});
