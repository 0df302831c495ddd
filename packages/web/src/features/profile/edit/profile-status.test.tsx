import { endpoints, userStatuses } from '@plaza/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, stubFetch } from '../../../test/fetch-stub';
import { renderInApp } from '../../../test/render-in-app';
import { sessionUser } from '../../../test/session-user';
import { ownProfile } from '../test-profiles';
import { ProfileEditDialog } from './profile-edit-dialog';

// Rendering MUI dialogs in jsdom is slow on a busy machine; this bounds a hang, it measures nothing.
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => vi.unstubAllGlobals());

/** The server's status options, labelled unlike the bundle so the test sees which list the select shows. */
const statusOptions = {
  options: userStatuses.map((value) => ({ value, label: `Server ${value}` })),
};

function openDialog(profile = ownProfile()) {
  const calls = stubFetch([
    answer(endpoints.users.statusOptions, statusOptions),
    answer(endpoints.users.update, profile, { params: { id: 42 } }),
    answer(
      endpoints.users.saveCustomProfileFields,
      { fields: profile.custom_fields },
      { params: { id: 42 } },
    ),
  ]);
  const onClose = vi.fn();
  renderInApp(<ProfileEditDialog open profile={profile} onClose={onClose} />, { user: sessionUser(42) });
  return { calls, onClose, user: userEvent.setup() };
}

const statusSelect = () => screen.getByRole('combobox', { name: 'Status' });
const sentBody = (calls: ReturnType<typeof stubFetch>) => calls.find((call) => call.method === 'PUT')?.body;

describe('ProfileEditDialog: status', () => {
  it('shows the stored status in a labelled select with the server’s options and a none entry', async () => {
    const { user } = openDialog();
    await waitFor(() => expect(statusSelect().textContent).toBe('Server employee'));
    await user.click(statusSelect());
    const options = within(screen.getByRole('listbox', { name: 'Status' })).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Not specified',
      ...userStatuses.map((value) => `Server ${value}`),
    ]);
  });

  it('offers the bundled labels until the options have loaded', () => {
    stubFetch([]);
    renderInApp(<ProfileEditDialog open profile={ownProfile()} onClose={() => {}} />, {
      user: sessionUser(42),
    });
    expect(statusSelect().textContent).toBe('Employee');
  });

  it('picks a status by keyboard and sends its value', async () => {
    const { calls, user, onClose } = openDialog();
    await waitFor(() => expect(statusSelect().textContent).toBe('Server employee'));
    statusSelect().focus();
    await user.keyboard('{ArrowDown}');
    await screen.findByRole('listbox', { name: 'Status' });
    // The list opens on the selected option (employee); the next one down is executive.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Server employee'));
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(statusSelect().textContent).toBe('Server executive'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sentBody(calls)).toMatchObject({ status: 'executive' });
  });

  it('clears the status with the none entry (sent as null)', async () => {
    const { calls, user, onClose } = openDialog();
    await user.click(statusSelect());
    await user.click(
      within(screen.getByRole('listbox', { name: 'Status' })).getByRole('option', { name: 'Not specified' }),
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sentBody(calls)).toMatchObject({ status: null });
  });

  it('starts on none for a member without a status and leaves it null when saved', async () => {
    const { calls, user, onClose } = openDialog(ownProfile({ status: null, status_label: null }));
    // An empty select shows its label in the field, as the gender's does.
    expect((document.querySelector('input[name="status"]') as HTMLInputElement).value).toBe('');
    expect(statusSelect().textContent?.trim().replace('\u200b', '')).toBe('');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sentBody(calls)).toMatchObject({ status: null });
  });
});
