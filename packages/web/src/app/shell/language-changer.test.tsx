import { endpoints } from '@plaza/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, stubFetch } from '../../test/fetch-stub';
import { stubScreen } from '../../test/match-media';
import { renderInApp } from '../../test/render-in-app';
import { sessionUser } from '../../test/session-user';
import { LanguageChanger } from './language-changer';

async function switchToGerman() {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Language' }));
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Deutsch' }));
}

describe('LanguageChanger', () => {
  afterEach(() => vi.unstubAllGlobals());

  // The switch once only changed the address: `/` and the member's notifications stayed German.
  it("saves a signed-in member's choice and swaps the language of the address", async () => {
    const calls = stubFetch([
      answer(
        endpoints.users.saveUserData,
        { username: 'member4', email: 'member4@example.com', selected_language: 'de_DE' },
        { params: { id: 4 } },
      ),
    ]);
    const { router } = renderInApp(<LanguageChanger />, { path: '/en_GB/groups?x=1', user: sessionUser(4) });
    await switchToGerman();
    expect(router.state.location.pathname).toBe('/de_DE/groups');
    expect(router.state.location.search).toBe('?x=1');
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls[0]).toMatchObject({ url: expect.stringContaining('/api/v2/users/4/user_data') });
    expect(calls[0]!.body).toEqual({ selected_language: 'de_DE' });
  });

  it('saves nothing for a visitor who is not signed in', async () => {
    const calls = stubFetch([]);
    const { router } = renderInApp(<LanguageChanger />, { path: '/en_GB/login' });
    await switchToGerman();
    expect(router.state.location.pathname).toBe('/de_DE/login');
    expect(calls).toHaveLength(0);
  });

  // On phones the select with its floating label pushed the company name onto two lines.
  it('shows the short code on phones, still named Language', () => {
    stubScreen(390);
    stubFetch([]);
    renderInApp(<LanguageChanger />, { path: '/en_GB/login' });
    expect(screen.getByRole('combobox', { name: 'Language' }).textContent).toBe('EN');
  });
});
