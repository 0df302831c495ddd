import { endpoints } from '@plaza/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, stubFetch } from '../../test/fetch-stub';
import { renderInApp } from '../../test/render-in-app';
import { sessionUser } from '../../test/session-user';
import { FollowsPage } from './follows-page';

afterEach(() => vi.unstubAllGlobals());

const pagination = { self: 1, first: 1, last: 1, prev: null, next: null, total: 1, per_page: 12 };

describe('FollowsPage', () => {
  // The server had the list of followed members (users/follows); no page showed it.
  it('lists the members the viewer follows, each card opening the profile', async () => {
    stubFetch([
      answer(
        endpoints.users.follows,
        {
          results: [sessionUser(8, { firstname: 'Lina', lastname: 'Braun', position: 'Designerin' })],
          pagination,
        },
        { query: { page: 1 } },
      ),
    ]);
    renderInApp(<FollowsPage />, { path: '/en_GB/follows', user: sessionUser(3) });
    expect(await screen.findByRole('heading', { name: 'People I follow', level: 1 })).toBeTruthy();
    const link = await screen.findByRole('link', { name: /Lina Braun/ });
    expect(link.getAttribute('href')).toBe('/en_GB/who_is_who/8');
    expect(document.title).toBe('People I follow - Plaza');
  });

  it('says how to follow someone when the list is empty', async () => {
    stubFetch([answer(endpoints.users.follows, { results: [], pagination: { ...pagination, total: 0 } })]);
    renderInApp(<FollowsPage />, { path: '/en_GB/follows', user: sessionUser(3) });
    expect(await screen.findByText(/You do not follow anyone yet/)).toBeTruthy();
  });
});
