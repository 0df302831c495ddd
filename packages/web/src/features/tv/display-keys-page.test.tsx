import { type DisplayKey, endpoints, type UserPermission } from '@plaza/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, stubFetch } from '../../test/fetch-stub';
import { renderInApp } from '../../test/render-in-app';
import { sessionUser } from '../../test/session-user';
import { DisplayKeysPage } from './display-keys-page';

const lobby: DisplayKey = {
  id: 1,
  name: 'Lobby',
  created_at: '2026-03-01T08:00:00.000Z',
  last_used_at: null,
};

const showAs = async (permissions: UserPermission[]) =>
  renderInApp(<DisplayKeysPage />, {
    path: '/en_GB/admin/tv',
    routePath: '/:lang/admin/tv',
    user: sessionUser(9, { permissions }),
  });

describe('DisplayKeysPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends members who are not superadmins to the 403 page', async () => {
    const calls = stubFetch([]);
    const { router } = await showAs([]);
    expect(router.state.location.pathname).toBe('/en_GB/403');
    expect(calls).toHaveLength(0);
  });

  it('lists keys, creates one and shows its TV address once', async () => {
    const calls = stubFetch([
      answer(endpoints.tv.displayKeys, { results: [lobby] }),
      answer(endpoints.tv.createDisplayKey, {
        display_key: { ...lobby, id: 2, name: 'Canteen' },
        key: 'secret-key-123',
      }),
    ]);
    await showAs(['superadmin']);
    expect(await screen.findByText('Lobby')).toBeTruthy();
    expect(screen.getByText(/Not used yet/)).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Name of the display' }), {
      target: { value: ' Canteen ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Display key created' });
    const address = within(dialog).getByRole('textbox', { name: 'TV address' }) as HTMLTextAreaElement;
    expect(address.value).toBe(`${window.location.origin}/en_GB/bubbletool_tv?key=secret-key-123`);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'Canteen' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await act(async () => {});
    expect(screen.queryByText(/secret-key-123/)).toBeNull();
  });

  it('revokes a key after confirmation', async () => {
    const calls = stubFetch([
      answer(endpoints.tv.displayKeys, { results: [lobby] }),
      answer(endpoints.tv.revokeDisplayKey, { success: true }, { params: { id: 1 } }),
    ]);
    await showAs(['superadmin']);
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke the key of Lobby' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this key?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('The key has been revoked.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE' && call.url === '/api/v2/tv/display_keys/1')).toBe(
      true,
    );
  });
});
