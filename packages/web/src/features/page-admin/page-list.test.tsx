import { type AdminPageListItem, endpoints } from '@plaza/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, stubFetch } from '../../test/fetch-stub';
import { renderInApp } from '../../test/render-in-app';
import { sessionUser } from '../../test/session-user';
import { PageListPage } from './page-list-page';

afterEach(() => vi.unstubAllGlobals());

const item = (id: number, title: string, patch: Partial<AdminPageListItem> = {}): AdminPageListItem => ({
  id,
  type: 'page',
  title,
  status: 'published',
  has_unpublished_changes: false,
  visibility: 'members',
  assigned_as: [],
  updated_at: '2026-03-01T08:00:00.000Z',
  ...patch,
});

const showList = (permissions: 'superadmin'[] = ['superadmin'], path = '/en_GB/admin/pages') =>
  renderInApp(<PageListPage />, {
    path,
    routePath: '/:lang/admin/pages',
    user: sessionUser(1, { permissions }),
  });

describe('PageListPage', () => {
  it('sends members who are not superadmins to the 403 page', () => {
    const calls = stubFetch([]);
    const { router } = showList([]);
    expect(router.state.location.pathname).toBe('/en_GB/403');
    expect(calls).toHaveLength(0);
  });

  it('lists pages with their state and assignments and loads more with `before`', async () => {
    const calls = stubFetch([
      answer(endpoints.pages.adminList, {
        results: [
          item(9, 'Imprint', { type: 'legal', assigned_as: ['imprint'] }),
          item(8, 'Summer party', { status: 'draft', type: 'article', has_unpublished_changes: true }),
          item(5, 'Canteen', { has_unpublished_changes: true, visibility: 'all' }),
        ],
        next_before: 5,
      }),
      answer(
        endpoints.pages.adminList,
        { results: [item(2, 'Old news', { status: 'unpublished' })], next_before: null },
        {
          query: { before: 5 },
        },
      ),
    ]);
    showList();
    const list = await screen.findByRole('list', { name: 'Pages' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByRole('link', { name: 'Imprint' }).getAttribute('href')).toBe(
      '/en_GB/admin/pages/9',
    );
    expect(rows[0]!.textContent).toContain('Legal page · Members only · Imprint · changed 01.03.2026');
    expect(within(rows[1]!).getByText('Draft')).toBeTruthy();
    expect(within(rows[2]!).getByText('Unpublished changes')).toBeTruthy();
    expect(rows[2]!.textContent).toContain('Everyone (public)');

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Old news' })).toBeTruthy();
    expect(calls.at(-1)?.url).toBe('/api/v2/admin/pages?before=5');
    expect(screen.getByText('Offline')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('filters by type', async () => {
    const calls = stubFetch([
      answer(endpoints.pages.adminList, { results: [item(1, 'Any')], next_before: null }),
      answer(
        endpoints.pages.adminList,
        { results: [item(3, 'Terms', { type: 'legal' })], next_before: null },
        {
          query: { type: 'legal' },
        },
      ),
    ]);
    const { router } = showList();
    await screen.findByRole('link', { name: 'Any' });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('combobox', { name: 'Show' }));
    await user.click(await screen.findByRole('option', { name: 'Legal page' }));
    expect(await screen.findByRole('link', { name: 'Terms' })).toBeTruthy();
    expect(calls.at(-1)?.url).toBe('/api/v2/admin/pages?type=legal');
    expect(router.state.location.search).toBe('?type=legal');
  });

  it('creates a page from a title and a type and opens it in the editor', async () => {
    const calls = stubFetch([
      answer(endpoints.pages.adminList, { results: [], next_before: null }),
      answer(endpoints.pages.adminCreate, {
        id: 12,
        status: 'draft',
        has_unpublished_changes: true,
        draft: {
          type: 'article',
          title: 'Hello',
          teaser: '',
          visibility: 'members',
          comments_allowed: false,
          likes_allowed: false,
          share_options: null,
          modules: [],
        },
        preview_id: 'abcdefghijklmnopqrst',
        assigned_as: [],
        updated_at: '2026-03-01T08:00:00.000Z',
      }),
    ]);
    const { router } = showList();
    expect(await screen.findByText('There are no pages yet.')).toBeTruthy();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'New page' }));
    const dialog = await screen.findByRole('dialog', { name: 'New page' });
    await user.click(within(dialog).getByRole('button', { name: 'Create page' }));
    expect(within(dialog).getByText('Please fill in this field.')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Hello');
    await user.click(within(dialog).getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Article' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create page' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en_GB/admin/pages/12'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ title: 'Hello', type: 'article' });
  });
});
