import { endpoints } from '@plaza/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, stubFetch } from '../../test/fetch-stub';
import { renderInApp } from '../../test/render-in-app';
import { LikeButton } from './like-button';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.unstubAllGlobals());

const pagination = { self: 1, first: 1, last: 1, prev: null, next: null, total: 2, per_page: 20 };

describe('LikeButton', () => {
  // The server lists who liked an item; the app never showed it.
  it('shows who likes an item, each linking to their profile', async () => {
    stubFetch([
      answer(
        endpoints.likes.list,
        {
          results: [
            { id: 4, name: 'Lina Braun', avatar: null },
            { id: 9, name: 'Jonas Fischer', avatar: null },
          ],
          pagination,
          count: 2,
          liked_by_me: false,
          can_like: true,
        },
        { query: { type: 'post', id: 7 } },
      ),
    ]);
    renderInApp(<LikeButton type="post" id={7} count={2} liked={false} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Who likes this?' }));
    const panel = await screen.findByRole('dialog', { name: '2 people like this' });
    const link = await within(panel).findByRole('link', { name: 'Jonas Fischer' });
    expect(link.getAttribute('href')).toBe('/en_GB/who_is_who/9');
    expect(within(panel).getByRole('link', { name: 'Lina Braun' })).toBeTruthy();
  });

  it('offers no list while nobody likes the item', () => {
    stubFetch([]);
    renderInApp(<LikeButton type="news" id={3} count={0} liked={false} />);
    expect(screen.queryByRole('button', { name: 'Who likes this?' })).toBeNull();
  });
});
