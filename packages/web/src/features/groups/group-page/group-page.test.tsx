import {
  endpoints,
  type Group,
  type GroupMember,
  type GroupPermission,
  type Settings,
} from '@plaza/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, answerError, type StubAnswer, stubFetch } from '../../../test/fetch-stub';
import { renderInApp, testSettings } from '../../../test/render-in-app';
import { GroupPage } from './group-page';

const member = (id: number, name: string): GroupMember => ({
  id,
  img: null,
  names: { firstname: name.split(' ')[0] ?? '', lastname: name.split(' ')[1] ?? '' },
  combined_name: name,
  role: 'member',
  status: 'accepted',
  membership_id: id + 100,
});

function group(permissions: GroupPermission[]): Group {
  return {
    id: 1,
    name: 'Running Club',
    description: 'Tuesday evening runs',
    image: null,
    type: 'open',
    free_to_join: true,
    member_count: 2,
    permissions,
    membership: { id: 7, status: 'accepted', role: permissions.includes('edit') ? 'admin' : 'member' },
    infos: { title: 'Running Club', description: 'Tuesday evening runs', img: null },
    topics: Array.from({ length: 7 }, (_, i) => ({
      id: i + 1,
      name: `Topic ${i + 1}`,
      date: `2026-03-0${i + 1}`,
    })),
    files: [],
    members: {
      results: [],
      pagination: { self: 1, first: 1, last: 1, prev: null, next: null, total: 0, per_page: 15 },
    },
  };
}

const page = (results: GroupMember[], next: number | null = null) => ({
  results,
  pagination: {
    self: 1,
    first: 1,
    last: next ? 2 : 1,
    prev: null,
    next,
    total: results.length,
    per_page: 15,
  },
});

function renderGroup(
  permissions: GroupPermission[],
  {
    path = '/en_GB/groups/1',
    order = undefined as Settings['group_options']['group_tabs_order'] | undefined,
    answers = [] as StubAnswer[],
  } = {},
) {
  const calls = stubFetch([
    answer(endpoints.groups.get, group(permissions), { params: { id: 1 } }),
    answer(endpoints.groups.users, page([member(11, 'Anna Schneider'), member(12, 'Jonas Fischer')], 2), {
      params: { id: 1 },
    }),
    ...answers,
  ]);
  const settings = testSettings(order ? { group_options: { group_tabs_order: order } } : {});
  const view = renderInApp(<GroupPage />, { path, routePath: '/:lang/groups/:id', settings });
  return { calls, ...view };
}

afterEach(() => vi.unstubAllGlobals());

describe('GroupPage', () => {
  it('shows the tabs in the order of group_tabs_order and opens the first one', async () => {
    renderGroup(['leave', 'post_content'], { order: ['members', 'info', 'topics', 'files'] });
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Members', 'Info', 'Topics', 'Files']);
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');
    expect((await screen.findByRole('link', { name: 'Anna Schneider' })).getAttribute('href')).toBe(
      '/en_GB/who_is_who/11',
    );
  });

  it('opens the tab named in selectedTab and keeps a chosen tab in the query', async () => {
    const { router } = renderGroup(['leave', 'post_content'], { path: '/en_GB/groups/1?selectedTab=info' });
    expect((await screen.findByRole('tab', { name: 'Info' })).getAttribute('aria-selected')).toBe('true');
    await userEvent.click(screen.getByRole('tab', { name: 'Topics' }));
    expect(router.state.location.search).toBe('?selectedTab=topics');
    expect(screen.getByRole('tab', { name: 'Topics' }).getAttribute('aria-selected')).toBe('true');
  });

  it('lists 5 topics first and 5 more on "show more", with DD.MM.YYYY dates', async () => {
    renderGroup(['leave', 'post_content']);
    await screen.findByRole('link', { name: 'Topic 1' });
    expect(screen.getAllByRole('link', { name: /^Topic / })).toHaveLength(5);
    expect(screen.getByText('01.03.2026')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(screen.getAllByRole('link', { name: /^Topic / })).toHaveLength(7);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('asks for 15 members a page on desktop and 8 on phones', async () => {
    const desktop = renderGroup(['post_content'], { path: '/en_GB/groups/1?selectedTab=members' });
    await screen.findByRole('link', { name: 'Anna Schneider' });
    expect(desktop.calls.some((c) => c.url.includes('/users?type=all&page=1&per_page=15'))).toBe(true);
    desktop.unmount();

    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: true,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
    }));
    const phone = renderGroup(['post_content'], { path: '/en_GB/groups/1?selectedTab=members' });
    await screen.findByRole('link', { name: 'Anna Schneider' });
    expect(phone.calls.some((c) => c.url.includes('/users?type=all&page=1&per_page=8'))).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(phone.calls.some((c) => c.url.includes('page=2&per_page=8'))).toBe(true));
  });

  it('gives a member suggest and leave, and no admin buttons', async () => {
    renderGroup(['leave', 'post_content']);
    const toolbar = await screen.findByRole('group', { name: 'Group actions' });
    const names = within(toolbar)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(names).toEqual(['Suggest topic', 'Leave group']);
  });

  it('gives an admin edit, create topic, manage members and delete', async () => {
    renderGroup(['delete', 'edit', 'manage_topics', 'post_content']);
    const toolbar = await screen.findByRole('group', { name: 'Group actions' });
    const names = within(toolbar)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(names).toEqual(['Edit group', 'Create topic', 'Manage members', 'Delete group']);
  });

  it('leaves after the confirmation and goes to the groups list', async () => {
    const { calls, router } = renderGroup(['leave', 'post_content'], {
      answers: [answer(endpoints.groups.leave, { success: true }, { params: { id: 1 } })],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Leave group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave group?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en_GB/groups'));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      '/api/v2/groups/members/1',
    ]);
  });

  it('goes to the error route of a failed load', async () => {
    stubFetch([
      answerError(
        endpoints.groups.get,
        403,
        { errors: [{ code: 'forbidden', message: 'No' }] },
        { params: { id: 1 } },
      ),
    ]);
    const { router } = renderInApp(<GroupPage />, {
      path: '/en_GB/groups/1',
      routePath: '/:lang/groups/:id',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/en_GB/403'));
  });

  it('treats an id that is not a number as not found', async () => {
    stubFetch([]);
    const { router } = renderInApp(<GroupPage />, {
      path: '/en_GB/groups/abc',
      routePath: '/:lang/groups/:id',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/en_GB/404'));
  });
});
