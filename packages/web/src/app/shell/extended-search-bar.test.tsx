import { endpoints } from '@plaza/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { directoryUser } from '../../test/directory-user';
import { answer, stubFetch } from '../../test/fetch-stub';
import { stubScreen } from '../../test/match-media';
import { renderInApp } from '../../test/render-in-app';
import { ExtendedSearchBar } from './extended-search-bar';

const person = directoryUser(9, 'Quirin', 'Quant');

function renderBar() {
  stubScreen(1366);
  const calls = stubFetch([
    answer(endpoints.directory.profileFields, [{ field_id: 'skills', name: 'Skills' }]),
    answer(endpoints.directory.suggestions, { results: [{ id: 'SQL', title: 'SQL', type: 'value' }] }),
    answer(endpoints.directory.search, { results: [person] }),
  ]);
  const onActiveChange = vi.fn();
  const view = renderInApp(<ExtendedSearchBar onActiveChange={onActiveChange} />, { path: '/en_GB/groups' });
  const location = () => view.router.state.location;
  return {
    calls,
    onActiveChange,
    location,
    bar: screen.getByRole('combobox', { name: 'Search colleagues' }),
  };
}

describe('ExtendedSearchBar', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the field chips and the dark layer while active; Escape closes', async () => {
    const { bar, onActiveChange } = renderBar();
    await userEvent.click(bar);
    expect(onActiveChange).toHaveBeenLastCalledWith(true);
    expect(await screen.findByRole('button', { name: 'Skills' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'All fields' }).getAttribute('aria-pressed')).toBe('true');
    expect((document.querySelector('.MuiBackdrop-root') as HTMLElement).style.visibility).not.toBe('hidden');
    await userEvent.keyboard('{Escape}');
    expect(onActiveChange).toHaveBeenLastCalledWith(false);
    expect(screen.queryByRole('button', { name: 'Skills' })).toBeNull();
    await waitFor(() =>
      expect((document.querySelector('.MuiBackdrop-root') as HTMLElement | null)?.style.visibility).toBe(
        'hidden',
      ),
    );
  });

  it('searches the trimmed text in the picked field on Enter; blank text does nothing', async () => {
    const { bar, location } = renderBar();
    await userEvent.click(bar);
    await userEvent.type(bar, '   {Enter}');
    expect(location().pathname).toBe('/en_GB/groups');
    await userEvent.click(await screen.findByRole('button', { name: 'Skills' }));
    expect(screen.getByRole('button', { name: 'Skills' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.clear(bar);
    await userEvent.type(bar, ' SQL {Enter}');
    expect(location().pathname).toBe('/en_GB/who_is_who');
    expect(location().search).toBe('?type=extendedSearch&q=SQL&field_id=skills');
  });

  it('suggests values of the picked field and searches a picked value', async () => {
    const { bar, location, calls } = renderBar();
    await userEvent.click(bar);
    await userEvent.click(await screen.findByRole('button', { name: 'Skills' }));
    await userEvent.type(bar, 'SQ');
    await userEvent.click(await screen.findByRole('option', { name: 'SQL' }, { timeout: 3000 }));
    expect(calls.some((call) => call.url === '/api/v2/users/suggestions?field_id=skills&query=SQ')).toBe(
      true,
    );
    expect(location().search).toBe('?type=extendedSearch&q=SQL&field_id=skills');
  });

  it('suggests people in all fields and opens a profile by keyboard', async () => {
    const { bar, location } = renderBar();
    await userEvent.click(bar);
    await userEvent.type(bar, 'Quir');
    await screen.findByRole('option', { name: 'Quirin Quant' }, { timeout: 3000 });
    await userEvent.keyboard('{ArrowDown}');
    expect(bar.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option').id);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(location().pathname).toBe('/en_GB/who_is_who/9'));
  });
});
