import { endpoints, type MemberAccount } from '@plaza/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, stubFetch } from '../../test/fetch-stub';
import { renderInApp } from '../../test/render-in-app';
import { sessionUser } from '../../test/session-user';
import { MembersPage } from './members-page';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const account = (id: number, firstname: string, status: MemberAccount['status']): MemberAccount => ({
  id,
  username: firstname.toLowerCase(),
  email: `${firstname.toLowerCase()}@example.com`,
  firstname,
  lastname: 'Muster',
  status,
  permissions: [],
  created_at: '2026-03-01T08:00:00.000Z',
});
const pagination = { self: 1, first: 1, last: 1, prev: null, next: null, total: 2, per_page: 20 };

const showAs = (permissions: ('users' | 'superadmin')[]) =>
  renderInApp(<MembersPage />, {
    path: '/en_GB/members',
    routePath: '/:lang/members',
    user: sessionUser(9, { permissions }),
  });

describe('MembersPage', () => {
  it('sends members without the users permission to the 403 page', () => {
    const calls = stubFetch([]);
    const { router } = showAs([]);
    expect(router.state.location.pathname).toBe('/en_GB/403');
    expect(calls).toHaveLength(0);
  });

  // Administrators had to use the CLI: no way to invite a member in the app.
  it('invites a member by email and lists the accounts with their state', async () => {
    const calls = stubFetch([
      answer(endpoints.members.list, {
        results: [account(1, 'Anna', 'active'), account(2, 'Nora', 'invited')],
        pagination,
      }),
      answer(endpoints.members.invite, account(3, 'Paul', 'invited')),
    ]);
    showAs(['users']);
    const anna = await screen.findByRole('article', { name: 'Anna Muster' });
    expect(within(anna).getByText('Active')).toBeTruthy();
    const nora = screen.getByRole('article', { name: 'Nora Muster' });
    expect(within(nora).getByRole('button', { name: 'Send invitation again' })).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Invite member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite member' });
    await user.type(within(dialog).getByRole('textbox', { name: /Email address/ }), ' paul@example.com ');
    await user.type(within(dialog).getByRole('textbox', { name: /First name/ }), 'Paul');
    await user.type(within(dialog).getByRole('textbox', { name: /Last name/ }), 'Muster');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      email: 'paul@example.com',
      firstname: 'Paul',
      lastname: 'Muster',
      language: 'en_GB',
    });
    expect(await screen.findByText('The invitation to paul@example.com has been sent.')).toBeTruthy();
  });

  // Permissions (jobs, shop, users) could only be granted with the operator CLI.
  it('lets a superadmin set the permissions of another account, never their own', async () => {
    const calls = stubFetch([
      answer(endpoints.members.list, {
        results: [
          account(1, 'Anna', 'active'),
          { ...account(9, 'Self', 'active'), permissions: ['superadmin'] },
        ],
        pagination,
      }),
      answer(
        endpoints.members.setPermissions,
        { ...account(1, 'Anna', 'active'), permissions: ['jobs', 'shop'] },
        { params: { id: 1 } },
      ),
    ]);
    showAs(['superadmin']);
    const user = userEvent.setup();
    const self = await screen.findByRole('article', { name: 'Self Muster' });
    expect(within(self).queryByRole('button', { name: 'Permissions' })).toBeNull();
    const anna = screen.getByRole('article', { name: 'Anna Muster' });
    await user.click(within(anna).getByRole('button', { name: 'Permissions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Permissions of Anna Muster' });
    const shop = within(dialog).getByRole('checkbox', { name: 'Shop' });
    expect(shop.getAttribute('aria-describedby')).toBeTruthy();
    await user.click(shop);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Jobs' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save permissions' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ permissions: ['jobs', 'shop'] });
    expect(await screen.findByText("Anna Muster's permissions have been saved.")).toBeTruthy();
  });

  it('offers a users-only manager no permissions', async () => {
    stubFetch([answer(endpoints.members.list, { results: [account(1, 'Anna', 'active')], pagination })]);
    showAs(['users']);
    const anna = await screen.findByRole('article', { name: 'Anna Muster' });
    expect(within(anna).queryByRole('button', { name: 'Permissions' })).toBeNull();
  });

  it('deactivates an account after confirmation', async () => {
    const calls = stubFetch([
      answer(endpoints.members.list, { results: [account(1, 'Anna', 'active')], pagination }),
      answer(endpoints.members.deactivate, account(1, 'Anna', 'deactivated'), { params: { id: 1 } }),
    ]);
    showAs(['superadmin']);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate account?' });
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() =>
      expect(calls.some((call) => call.url.includes('/api/v2/members/1/deactivate'))).toBe(true),
    );
  });

  it("deletes an account after confirmation, opens an account's data export, and spares superadmins", async () => {
    const boss = { ...account(2, 'Bea', 'active'), permissions: ['superadmin' as const] };
    const calls = stubFetch([
      answer(endpoints.members.list, { results: [account(1, 'Anna', 'active'), boss], pagination }),
      answer(endpoints.users.remove, { success: true }, { params: { id: 1 } }),
      answer(endpoints.personalData.statusFor, { export: null }, { params: { id: 1 } }),
    ]);
    showAs(['users']);
    const anna = await screen.findByRole('article', { name: 'Anna Muster' });
    // A users-only manager neither deletes nor exports a superadmin's account.
    const bea = screen.getByRole('article', { name: 'Bea Muster' });
    expect(within(bea).queryByRole('button', { name: 'Delete account' })).toBeNull();
    expect(within(bea).queryByRole('button', { name: 'Data' })).toBeNull();

    const user = userEvent.setup();
    await user.click(within(anna).getByRole('button', { name: 'Data' }));
    const data = await screen.findByRole('dialog', { name: 'Data of Anna Muster' });
    expect(await within(data).findByRole('button', { name: 'Export data' })).toBeTruthy();
    await user.click(within(data).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Data of Anna Muster' })).toBeNull());

    await user.click(await within(anna).findByRole('button', { name: 'Delete account' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete account?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete account' }));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'DELETE' && call.url === '/api/v2/users/1')).toBe(true),
    );
    expect(await screen.findByText('The account of Anna Muster has been deleted.')).toBeTruthy();
  });
});
