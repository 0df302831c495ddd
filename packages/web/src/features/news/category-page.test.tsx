import { type Article, endpoints, type NewsFilter, type NewsList } from '@plaza/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, stubFetch } from '../../test/fetch-stub';
import { renderInApp } from '../../test/render-in-app';
import { CategoryPage } from './category-page';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

function article(n: number): Article {
  return {
    id: `page-${n}`,
    item_id: n,
    meta: { type: 'article' },
    title: `Article ${n}`,
    teaser: `Teaser ${n}`,
    content: '<p>Text</p>',
    publish_date: '2026-11-20T10:00:00Z',
    author: { name: 'Editorial team', avatar: null },
    images: { title: null, slider: [], teaser: null, images: [] },
    attachments: [],
    category: { id: 4, name: 'Company' },
    visibility: 'members',
    comments_allowed: false,
    likes_allowed: false,
    likes_count: 0,
    comments_count: 0,
    liked_by_me: false,
  };
}

const filters: NewsFilter[] = [
  {
    id: 1,
    identifier: 'category',
    label: 'Category',
    properties: [{ id: 4, value: 'Company', type: 'option' }],
  },
];

function listPage(page: number, items: Article[], next: number | null): NewsList {
  return {
    results: items,
    pagination: { self: page, first: 1, last: null, prev: null, next, total: null, per_page: 2 },
    topTeaser: { results: [], options: { isCircle: false }, sliderInterval: 5000 },
    horizontalTeaser: { results: [], maxRecords: 2 },
    webNews: { results: [], maxRecords: 7 },
    filters,
  };
}

describe('CategoryPage', () => {
  it("shows the category's articles under its name, 'load more' appends", async () => {
    const user = userEvent.setup();
    const calls = stubFetch([
      answer(endpoints.news.filters, { results: filters }),
      answer(endpoints.news.list, listPage(1, [article(1), article(2)], 2), { query: { page: 1 } }),
      answer(endpoints.news.list, listPage(2, [article(3)], null), { query: { page: 2 } }),
    ]);
    renderInApp(<CategoryPage renderPost={() => null} />, {
      path: '/en_GB/categories/4',
      routePath: '/:lang/categories/:id',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Company' })).toBeTruthy();
    await screen.findByRole('heading', { level: 2, name: 'Article 2' });
    expect(calls.some((call) => call.url.includes('category=4'))).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('heading', { level: 2, name: 'Article 3' });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('goes to 404 for an unknown category', async () => {
    stubFetch([answer(endpoints.news.filters, { results: filters })]);
    const { router } = renderInApp(<CategoryPage renderPost={() => null} />, {
      path: '/en_GB/categories/99',
      routePath: '/:lang/categories/:id',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/en_GB/404'));
  });
});
