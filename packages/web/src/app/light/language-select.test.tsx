import { endpoints } from '@plaza/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, stubFetch } from '../../test/fetch-stub';
import { stubScreen } from '../../test/match-media';
import { renderInApp } from '../../test/render-in-app';
import { sessionUser } from '../../test/session-user';
import { LightLanguageSelect } from './language-select';

describe('LightLanguageSelect', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('swaps the language of the address for a visitor, and saves nothing', () => {
    stubScreen(1366);
    const calls = stubFetch([]);
    const { router } = renderInApp(<LightLanguageSelect />, { path: '/en_GB/login?redirect=%2F' });
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect((select as HTMLSelectElement).value).toBe('en_GB');
    expect(screen.getByText('English', { selector: '.pz-select__value' })).toBeTruthy();
    fireEvent.change(select, { target: { value: 'de_DE' } });
    expect(router.state.location.pathname).toBe('/de_DE/login');
    expect(router.state.location.search).toBe('?redirect=%2F');
    expect(calls).toHaveLength(0);
  });

  it("saves a signed-in member's choice", async () => {
    stubScreen(1366);
    const calls = stubFetch([
      answer(
        endpoints.users.saveUserData,
        { username: 'member4', email: 'member4@example.com', selected_language: 'de_DE' },
        { params: { id: 4 } },
      ),
    ]);
    renderInApp(<LightLanguageSelect />, { path: '/en_GB/reset_password', user: sessionUser(4) });
    fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'de_DE' } });
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ selected_language: 'de_DE' });
  });

  it('shows the short code on phones, still named Language', () => {
    stubScreen(390);
    stubFetch([]);
    renderInApp(<LightLanguageSelect />, { path: '/en_GB/login' });
    expect(screen.getByRole('combobox', { name: 'Language' })).toBeTruthy();
    expect(screen.getByText('EN', { selector: '.pz-select__value' })).toBeTruthy();
  });
});
