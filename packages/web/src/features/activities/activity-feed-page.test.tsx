import { buildStreamPagination, endpoints } from '@plaza/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testActivity } from '../../test/activity';
import { answer, stubFetch } from '../../test/fetch-stub';
import { renderInApp } from '../../test/render-in-app';
import { ActivityFeedPage } from './activity-feed-page';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const feedPage = (page: number, hasMore: boolean) =>
  answer(
    endpoints.activities.list,
    {
      results: [testActivity(page * 10, true)],
      pagination: buildStreamPagination(page, 20, hasMore),
      unread_activities: 0,
    },
    { query: { page } },
  );

const show = (path: string) => renderInApp(<ActivityFeedPage />, { path, routePath: '/:lang/activity_feed' });

describe('ActivityFeedPage', () => {
  it('links up to the next page while one follows, without knowing the last', async () => {
    stubFetch([feedPage(1, true), feedPage(2, false)]);
    const { router } = show('/en_GB/activity_feed');
    await screen.findByRole('link', { name: 'Activity 10' });
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByRole('button', { name: 'Page 1, current page' })).toBeTruthy();
    expect(within(pages).queryByRole('button', { name: 'Go to page 3' })).toBeNull();

    await userEvent.setup().click(within(pages).getByRole('button', { name: 'Go to page 2' }));
    await screen.findByRole('link', { name: 'Activity 20' });
    expect(router.state.location.search).toBe('?page=2');
    const after = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(after).getByRole('button', { name: 'Page 2, current page' })).toBeTruthy();
    expect(within(after).getByRole('button', { name: 'Go to the next page' }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it('shows no page links when the first page is the only one', async () => {
    stubFetch([feedPage(1, false)]);
    show('/en_GB/activity_feed');
    await screen.findByRole('link', { name: 'Activity 10' });
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  // A member who had just posted, liked and commented read "No activities yet": the page says what it holds.
  it('says what the feed holds, and what an empty one waits for', async () => {
    stubFetch([
      answer(
        endpoints.activities.list,
        { results: [], pagination: buildStreamPagination(1, 20, false), unread_activities: 0 },
        { query: { page: 1 } },
      ),
    ]);
    show('/en_GB/activity_feed');
    expect(
      await screen.findByText(/Nothing for you yet\. When someone comments on or likes your post/),
    ).toBeTruthy();
    expect(screen.getByText(/Your own posts, likes and comments are not listed here\./)).toBeTruthy();
  });
});
