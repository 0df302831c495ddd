import { endpoints } from '@plaza/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, answerError, type StubAnswer, stubFetch } from '../../../test/fetch-stub';
import { renderInApp, testSettings } from '../../../test/render-in-app';
import { sessionUser } from '../../../test/session-user';
import { ownProfile } from '../test-profiles';
import { ProfileEditDialog } from './profile-edit-dialog';

// Rendering MUI dialogs in jsdom is slow on a busy machine; this bounds a hang, it measures nothing.
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => vi.unstubAllGlobals());

const genders = {
  options: [
    { value: 'female', label: 'female' },
    { value: 'male', label: 'male' },
    { value: 'diverse', label: 'diverse' },
  ],
};

function openDialog({
  profile = ownProfile(),
  settings = testSettings(),
  answers = [],
}: {
  profile?: ReturnType<typeof ownProfile>;
  settings?: ReturnType<typeof testSettings>;
  answers?: StubAnswer[];
} = {}) {
  const calls = stubFetch([
    answer(endpoints.users.genderOptions, genders),
    answer(endpoints.users.listOptions, {
      locations: [],
      areas: [],
      skills: ['Rust'],
      languages: [],
      special_tasks: [],
    }),
    answer(endpoints.users.update, profile, { params: { id: 42 } }),
    answer(
      endpoints.users.saveCustomProfileFields,
      { fields: profile.custom_fields },
      { params: { id: 42 } },
    ),
    ...answers,
  ]);
  const onClose = vi.fn();
  const onSaved = vi.fn();
  renderInApp(<ProfileEditDialog open profile={profile} onClose={onClose} onSaved={onSaved} />, {
    settings,
    user: sessionUser(42),
  });
  return { calls, onClose, onSaved, user: userEvent.setup() };
}

const birthdayField = () => screen.getByRole('textbox', { name: 'Birthday' }) as HTMLInputElement;

async function typeBirthday(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.clear(birthdayField());
  if (text) await user.type(birthdayField(), text);
  await user.tab();
}

describe('ProfileEditDialog: birthday', () => {
  it('starts with the stored birthday as DD/MM/YYYY', () => {
    openDialog();
    expect(birthdayField().value).toBe('17/05/1990');
  });

  it.each([
    ['1990-05-17', 'Please enter the date as DD/MM/YYYY, e.g. 24/12/1990.'],
    ['17/5/1990', 'Please enter the date as DD/MM/YYYY, e.g. 24/12/1990.'],
    ['someday', 'Please enter the date as DD/MM/YYYY, e.g. 24/12/1990.'],
    ['31/02/1990', 'This date does not exist.'],
    ['01/13/1990', 'This date does not exist.'],
    ['01/01/2999', 'A birthday cannot be in the future.'],
    ['01/01/1850', 'Please check the year.'],
  ])('refuses %s with a message saying why', async (input, message) => {
    const { calls, user } = openDialog();
    await typeBirthday(user, input);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(birthdayField().getAttribute('aria-invalid')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('accepts dots, dashes and a two-digit year and sends the date as DD/MM/YYYY', async () => {
    const { calls, user } = openDialog();
    await typeBirthday(user, '03.07.85');
    expect(screen.queryByText(/Please enter the date/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ birthday: '03/07/1985' });
  });

  it('shows the year checkbox by default', () => {
    openDialog();
    expect(screen.getByRole('checkbox', { name: 'Show my year of birth to others' })).toBeTruthy();
  });

  it('has no year checkbox and sends no year choice without show_birth_year_checkbox', async () => {
    const { calls, user } = openDialog({ settings: testSettings({ show_birth_year_checkbox: false }) });
    expect(screen.queryByRole('checkbox', { name: 'Show my year of birth to others' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).not.toHaveProperty('is_birth_year_visible');
  });

  it('does not clear a birthday whose year an editor cannot see when saving other changes', async () => {
    const { calls, user } = openDialog({ profile: ownProfile({ birthday: '--05-17' }) });
    expect(birthdayField().value).toBe('');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).not.toHaveProperty('birthday');
  });
});

describe('ProfileEditDialog: saving', () => {
  it('sends the edited profile and the custom fields, then closes', async () => {
    const { calls, user, onClose, onSaved } = openDialog();
    const position = screen.getByRole('textbox', { name: 'Position' });
    await user.clear(position);
    await user.type(position, 'Chief Scientist');
    await typeBirthday(user, '24/12/1991');
    await user.click(screen.getByRole('checkbox', { name: 'Show my year of birth to others' }));

    await user.click(screen.getByRole('tab', { name: 'Work' }));
    const skills = screen.getByRole('combobox', { name: 'Skills' });
    await user.type(skills, 'Machine learning{Enter}');
    await user.type(skills, 'SQL,');
    await user.click(screen.getByRole('tab', { name: 'More' }));
    const hobby = screen.getByRole('textbox', { name: 'Hobby' });
    await user.clear(hobby);
    await user.type(hobby, 'Rowing');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSaved).toHaveBeenCalled();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.url).toBe('/api/v2/users/42');
    expect(put?.body).toEqual({
      firstname: 'Paula',
      lastname: 'Profil',
      title: 'Dr.',
      position: 'Chief Scientist',
      gender: 'female',
      status: 'employee',
      birthday: '24/12/1991',
      is_birth_year_visible: true,
      locations: ['Hamburg', 'Berlin'],
      areas: ['Research'],
      skills: ['Python', 'Statistics', 'Machine learning', 'SQL'],
      languages: ['German', 'English'],
      special_tasks: ['First aider'],
      careers: [{ title: 'Analyst', company: 'Acme', from: '2015-03', to: '2019-08' }],
    });
    expect(calls.find((call) => call.url.endsWith('/custom_profile_fields'))?.body).toEqual({
      fields: [
        { id: 5, values: ['Rowing'] },
        { id: 6, values: ['red'] },
      ],
    });
  });

  it('requires the names and opens the tab with the problem', async () => {
    const { calls, user } = openDialog();
    await user.clear(screen.getByRole('textbox', { name: /First name/ }));
    await user.click(screen.getByRole('tab', { name: 'Work' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Personal' }).getAttribute('aria-selected')).toBe('true');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('shows a refusal of the server at its field and keeps the overlay open', async () => {
    const { user, onClose } = openDialog({
      answers: [
        answerError(
          endpoints.users.update,
          400,
          { errors: [{ code: 'validation_failed', message: 'Position is not allowed', field: 'position' }] },
          { params: { id: 42 } },
        ),
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Position is not allowed')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Position' }).getAttribute('aria-invalid')).toBe('true');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('keeps Save disabled while the profile is being saved', async () => {
    let release: () => void = () => {};
    const { user } = openDialog();
    const original = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method === 'PUT') await new Promise<void>((resolve) => (release = resolve));
        return original(input, init);
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const saving = await screen.findByRole('button', { name: 'Saving' });
    expect((saving as HTMLButtonElement).disabled).toBe(true);
    release();
  });

  it('removes a career station', async () => {
    const { calls, user } = openDialog();
    await user.click(screen.getByRole('tab', { name: 'Work' }));
    const station = screen.getByRole('group', { name: 'Career 1' });
    await user.click(within(station).getByRole('button', { name: 'Remove career step 1' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ careers: [] });
  });
});
