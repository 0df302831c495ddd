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

const teasers = (n: number) =>
  Array.from({ length: n }, (_, i) => article(100 + i, `Teaser article ${i + 1}`));
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
    horizontalTeaser: { results: page === 1 ? teasers(4) : [], maxRecords: 2 },
    webNews: { results: page === 1 ? teasers(9) : [], maxRecords: 7 },
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

    await userEvent.click(screen.getByRole('combobox', { name: 'Type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Articles' }));
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
});
