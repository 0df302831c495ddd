import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cartResponse } from '../../features/shop/shop-fixtures';
import { shopKeys } from '../../lib/shop';
import { stubFetch } from '../../test/fetch-stub';
import { renderInApp } from '../../test/render-in-app';
import { sessionUser } from '../../test/session-user';
import { CartLink } from './cart-link';

describe('the cart link in the app bar', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks the server nothing and shows nothing while no cart with pieces has been seen', () => {
    const calls = stubFetch([]);
    renderInApp(<CartLink />, { path: '/en_GB/groups', user: sessionUser(1) });
    expect(screen.queryByRole('link')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('links to the cart with its count once a cart with pieces is known, except on the shop pages', async () => {
    stubFetch([]);
    const { client, router } = renderInApp(<CartLink />, { path: '/en_GB/groups', user: sessionUser(1) });
    client.setQueryData(shopKeys.cart(), cartResponse());
    const link = await screen.findByRole('link', { name: 'Cart, 2 items' });
    expect(link.getAttribute('href')).toBe('/en_GB/cart');
    await act(() => router.navigate('/en_GB/shop'));
    await waitFor(() => expect(screen.queryByRole('link')).toBeNull());
  });
});
