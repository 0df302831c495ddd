import { endpoints, type SearchPage } from '@plaza/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, stubFetch } from '../../test/fetch-stub';
import { renderInApp } from '../../test/render-in-app';
import { SearchResultsPage } from './search-results-page';

const empty = { results: [], has_more: false, next_page: null };

const firstPage: SearchPage = {
  query: 'Rad',
  page: 1,
  modules: [
    {
      id: 'search_members',
      type: 'search_members',
      data: { ...empty, results: [{ id: 9, combined_name: 'Rada Rot', img_path: null, position: 'Koch' }] },
    },
    {
      id: 'search_topics',
      type: 'search_topics',
      data: { ...empty, results: [{ id: 4, group_id: 2, name: 'Radtouren', group_name: 'Fahrrad' }] },
    },
    {
      id: 'search_posts',
      type: 'search_posts',
      data: {
        results: [
          {
            id: 70,
            group_id: null,
            topic_id: null,
            excerpt: 'Neue Radwege',
            author_name: 'Ingo Innen',
            created_at: '2026-01-01T10:00:00.000Z',
          },
        ],
        has_more: true,
        next_page: 2,
      },
    },
    {
      id: 'search_files',
      type: 'search_files',
      data: {
        ...empty,
        results: [
          {
            id: 5,
            name: 'Radkarte.pdf',
            type: 'application/pdf',
            size: 2048,
            link: '/api/v2/files/5',
            group_id: 2,
            topic_id: null,
            group_name: 'Fahrrad',
            created_at: '2026-01-01T08:00:00.000Z',
          },
        ],
      },
    },
  ],
};

const secondPosts: SearchPage = {
  query: 'Rad',
  page: 2,
  modules: [
    {
      id: 'search_posts',
      type: 'search_posts',
      data: {
        ...empty,
        results: [
          {
            id: 71,
            group_id: 3,
            topic_id: null,
            excerpt: 'Radfahren im Winter',
            author_name: 'Olga',
            created_at: '2026-01-01T09:00:00.000Z',
          },
        ],
      },
    },
  ],
};

describe('SearchResultsPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a section per kind with links to each hit, and more of one kind', async () => {
    const calls = stubFetch([
      answer(endpoints.search.page, firstPage, { query: { page: 1 } }),
      answer(endpoints.search.page, secondPosts, { query: { page: 2, type: 'search_posts' } }),
    ]);
    renderInApp(<SearchResultsPage />, {
      path: '/en_GB/search_results?q=Rad',
      routePath: '/:lang/search_results',
    });
    const members = await screen.findByRole('region', { name: 'Members' });
    expect(
      within(members)
        .getByRole('link', { name: /Rada Rot/ })
        .getAttribute('href'),
    ).toBe('/en_GB/who_is_who/9');
    const topics = screen.getByRole('region', { name: 'Topics' });
    expect(
      within(topics)
        .getByRole('link', { name: /Radtouren/ })
        .getAttribute('href'),
    ).toBe('/en_GB/groups/2/topics/4');
    const posts = screen.getByRole('region', { name: 'Posts' });
    expect(
      within(posts)
        .getByRole('link', { name: /Neue Radwege/ })
        .getAttribute('href'),
    ).toBe('/en_GB/news/post-70');
    const files = screen.getByRole('region', { name: 'Files' });
    const file = within(files).getByRole('link', { name: /Radkarte\.pdf/ });
    expect(file.getAttribute('href')).toBe('/en_GB/groups/2?selectedTab=files');
    expect(file.textContent).toContain('in Fahrrad · 2 KB');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Results for “Rad”');
    await userEvent.click(within(posts).getByRole('button', { name: 'Show more' }));
    const more = await within(posts).findByRole('link', { name: /Radfahren im Winter/ });
    expect(more.getAttribute('href')).toBe('/en_GB/groups/3');
    expect(within(posts).queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(calls.some((call) => call.url === '/api/v2/pages/search?query=Rad&page=2&type=search_posts')).toBe(
      true,
    );
  });

  it('searches nothing for a blank term', async () => {
    const calls = stubFetch([]);
    renderInApp(<SearchResultsPage />, {
      path: '/en_GB/search_results?q=%20',
      routePath: '/:lang/search_results',
    });
    expect(await screen.findByText('No results')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('goes to result-not-found when the search has no modules', async () => {
    stubFetch([answer(endpoints.search.page, { query: 'Nichts', page: 1, modules: [] })]);
    const view = renderInApp(<SearchResultsPage />, {
      path: '/en_GB/search_results?q=Nichts',
      routePath: '/:lang/search_results',
    });
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/en_GB/result-not-found'));
  });
});
