import { endpoints, type GroupMember } from '@plaza/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, answerError, type StubAnswer, stubFetch } from '../../../test/fetch-stub';
import { testGroup } from '../../../test/groups';
import { renderInApp } from '../../../test/render-in-app';
import { ManageMembersDialog } from './manage-members-dialog';

const person = (
  id: number,
  name: string,
  role: 'admin' | 'member',
  status: 'accepted' | 'pending' | 'applied' = 'accepted',
): GroupMember => ({
  id,
  img: null,
  names: { firstname: name.split(' ')[0] ?? '', lastname: name.split(' ')[1] ?? '' },
  combined_name: name,
  role,
  status,
  membership_id: id + 100,
});

const list = (results: GroupMember[], last = 1) => ({
  results,
  pagination: {
    self: 1,
    first: 1,
    last,
    prev: null,
    next: last > 1 ? 2 : null,
    total: results.length,
    per_page: 9,
  },
});

const group = testGroup({ permissions: ['delete', 'edit', 'manage_topics', 'post_content'] });
const users = (calls: { url: string }[]) => calls.filter((c) => c.url.startsWith('/api/v2/groups/1/users'));

afterEach(() => vi.unstubAllGlobals());

function renderDialog(answers: StubAnswer[] = []) {
  const inGroup = { params: { id: 1 } };
  const calls = stubFetch([
    answer(
      endpoints.groups.users,
      list([person(11, 'Jonas Fischer', 'admin'), person(12, 'Anna Schneider', 'member')], 3),
      inGroup,
    ),
    answer(endpoints.groups.usersSearch, list([person(12, 'Anna Schneider', 'member')]), inGroup),
    ...answers,
  ]);
  renderInApp(<ManageMembersDialog open onClose={() => {}} group={group} />);
  return calls;
}

describe('ManageMembersDialog', () => {
  it('pages the list 9 at a time and offers admin rights and removal per member', async () => {
    const calls = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Manage members of Running Club' });
    const jonas = (await within(dialog).findByText('Jonas Fischer')).closest('li') as HTMLElement;
    expect(
      within(jonas)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Remove admin', 'Remove from group']);
    const anna = within(dialog).getByText('Anna Schneider').closest('li') as HTMLElement;
    expect(
      within(anna)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Make admin', 'Remove from group']);
    expect(users(calls).some((c) => c.url.includes('type=all&page=1&per_page=9'))).toBe(true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() =>
      expect(users(calls).some((c) => c.url.includes('type=all&page=2&per_page=9'))).toBe(true),
    );
  });

  it('searches after typing stops and resets search and page when the tab changes', async () => {
    const calls = renderDialog();
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Jonas Fischer');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Go to page 2' }));
    await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Search by name' }), 'ann');
    await waitFor(() =>
      expect(
        users(calls).some((c) => c.url.includes('/users/search?type=all&page=1&per_page=9&search=ann')),
      ).toBe(true),
    );
    // Only the settled text is searched, not every keystroke.
    expect(users(calls).filter((c) => c.url.includes('/users/search'))).toHaveLength(1);

    await userEvent.click(within(dialog).getByRole('tab', { name: 'Invitations' }));
    expect(
      (within(dialog).getByRole('searchbox', { name: 'Search by name' }) as HTMLInputElement).value,
    ).toBe('');
    await waitFor(() =>
      expect(users(calls).some((c) => c.url.endsWith('/users?type=invitations&page=1&per_page=9'))).toBe(
        true,
      ),
    );
  });

  it('shows the server error of a refused action, e.g. the last admin', async () => {
    const calls = renderDialog([
      answerError(
        endpoints.groups.removeAdmin,
        409,
        { errors: [{ code: 'last_admin', message: 'last admin' }] },
        { params: { id: 1, userId: 11 } },
      ),
    ]);
    const dialog = await screen.findByRole('dialog');
    const jonas = (await within(dialog).findByText('Jonas Fischer')).closest('li') as HTMLElement;
    await userEvent.click(within(jonas).getByRole('button', { name: 'Remove admin' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'The group needs at least one admin. Make someone else an admin first.',
    );
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/v2/groups/1/admins/11')).toBe(true);
  });

  it('resends and withdraws invitations on the invitations tab', async () => {
    const calls = renderDialog([
      answer(endpoints.groups.resendInvitation, { success: true }, { params: { id: 1, userId: 11 } }),
      answer(endpoints.groups.withdrawInvitation, { success: true }, { params: { id: 1, userId: 11 } }),
    ]);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Jonas Fischer');
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Invitations' }));
    const row = (await within(dialog).findByText('Jonas Fischer')).closest('li') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Resend invitation', 'Withdraw invitation']);
    await userEvent.click(within(row).getByRole('button', { name: 'Resend invitation' }));
    expect((await within(dialog).findByRole('status')).textContent).toContain(
      'The invitation has been sent again.',
    );
    await userEvent.click(within(row).getByRole('button', { name: 'Withdraw invitation' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url}`)).toEqual([
        'POST /api/v2/groups/1/invitation_resend/11',
        'DELETE /api/v2/groups/1/invitations/11',
      ]),
    );
  });

  it('lists pending join requests on the requests tab, with their count, and answers them', async () => {
    const applied = { query: { type: 'applications' as const } };
    const answered = { success: true as const, membership: null };
    const calls = renderDialog([
      answer(
        endpoints.groups.users,
        list([person(21, 'Lea Wagner', 'member', 'applied'), person(22, 'Max Bauer', 'member', 'applied')]),
        { params: { id: 1 }, ...applied },
      ),
      answer(endpoints.groups.acceptApplication, answered, { params: { id: 121 } }),
      answer(endpoints.groups.declineApplication, answered, { params: { id: 122 } }),
    ]);
    const dialog = await screen.findByRole('dialog');
    const tab = await within(dialog).findByRole('tab', { name: 'Join requests (2)' });
    within(dialog).getByRole('tab', { name: 'All' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Join requests (2)'));
    await userEvent.keyboard('{Enter}');
    expect(tab.getAttribute('aria-selected')).toBe('true');
    const lea = (await within(dialog).findByText('Lea Wagner')).closest('li') as HTMLElement;
    expect(
      within(lea)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Accept', 'Decline']);
    await userEvent.click(within(lea).getByRole('button', { name: 'Accept' }));
    expect((await within(dialog).findByRole('status')).textContent).toContain(
      'The request has been accepted.',
    );
    const max = within(dialog).getByText('Max Bauer').closest('li') as HTMLElement;
    await userEvent.click(within(max).getByRole('button', { name: 'Decline' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url}`)).toEqual([
        'PUT /api/v2/groups/applications/121',
        'DELETE /api/v2/groups/applications/122',
      ]),
    );
  });

  it('says so when no join requests are waiting', async () => {
    renderDialog([
      answer(endpoints.groups.users, list([]), { params: { id: 1 }, query: { type: 'applications' } }),
    ]);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(await within(dialog).findByRole('tab', { name: 'Join requests (0)' }));
    expect(await within(dialog).findByText('No open join requests')).toBeTruthy();
  });
});
