import { endpoints, type Membership } from '@plaza/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, answerError, stubFetch } from '../../test/fetch-stub';
import { renderInApp } from '../../test/render-in-app';
import { MembershipDialog } from './membership-dialog';

const invitation: Membership = {
  id: 5,
  membership_id: 5,
  type: 'invite',
  status: 'pending',
  image: null,
  name: 'Gardeners',
  description: 'We grow things.',
  group_id: 42,
  user_details: { user_id: 3, image: null, combined_name: 'Ada Lovelace' },
};
const application: Membership = {
  ...invitation,
  id: 7,
  membership_id: 7,
  type: 'application',
  status: 'applied',
  user_details: { user_id: 4, image: null, combined_name: 'Alan Turing' },
};
const answered = { success: true, membership: { id: 5, status: 'accepted', role: 'member' } } as const;

// Rendering MUI dialogs in jsdom is slow on a busy machine; this bounds a hang, it measures nothing.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => vi.unstubAllGlobals());

const disabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;

describe('MembershipDialog', () => {
  it('accepts an invitation, then shows the accepted hint and a way into the group', async () => {
    const calls = stubFetch([answer(endpoints.groups.acceptInvitation, answered, { params: { id: 5 } })]);
    const onAnswered = vi.fn();
    const user = userEvent.setup();
    renderInApp(<MembershipDialog membership={invitation} onClose={() => {}} onAnswered={onAnswered} />);
    expect(screen.getByText('Ada Lovelace invited you to join this group.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect((await screen.findByRole('status')).textContent).toContain('You accepted the invitation');
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Open group' }).getAttribute('href')).toBe('/en_GB/groups/42');
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['PUT /api/v2/groups/invitations/5']);
    expect(onAnswered).toHaveBeenCalledWith('You joined Gardeners.');
  });

  it('declines an application through the applications call and shows the declined hint', async () => {
    const calls = stubFetch([
      answer(endpoints.groups.declineApplication, { success: true, membership: null }, { params: { id: 7 } }),
    ]);
    const user = userEvent.setup();
    renderInApp(<MembershipDialog membership={application} onClose={() => {}} />);
    expect(screen.getByText('Alan Turing would like to join this group.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect((await screen.findByRole('status')).textContent).toContain(
      'You declined the request of Alan Turing.',
    );
    expect(calls[0]).toMatchObject({ method: 'DELETE', url: '/api/v2/groups/applications/7' });
    expect(screen.queryByRole('link', { name: 'Open group' })).toBeNull();
  });

  it('shows the server refusal and keeps the answer open', async () => {
    stubFetch([
      answerError(
        endpoints.groups.acceptApplication,
        403,
        { errors: [{ code: 'forbidden', message: 'x' }] },
        { params: { id: 7 } },
      ),
    ]);
    const user = userEvent.setup();
    renderInApp(<MembershipDialog membership={application} onClose={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect((await screen.findByRole('alert')).textContent).toContain('You are not allowed to do this.');
    await waitFor(() => expect(disabled(screen.getByRole('button', { name: 'Accept' }))).toBe(false));
  });

  it('shows the hint at once for an answered membership', () => {
    renderInApp(<MembershipDialog membership={{ ...invitation, status: 'declined' }} onClose={() => {}} />);
    expect(screen.getByRole('status').textContent).toContain('You declined the invitation.');
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });
});
