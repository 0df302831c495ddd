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

function renderBar(width = 1366) {
  stubScreen(width);
  const calls = stubFetch([
    answer(endpoints.directory.profileFields, [{ field_id: 'skills', name: 'Skills' }]),
    answer(endpoints.directory.suggestions, { results: [{ id: 'SQL', title: 'SQL', type: 'value' }] }),
    answer(endpoints.directory.search, { results: [person] }),
  ]);
  const onActiveChange = vi.fn();
  const view = renderInApp(<ExtendedSearchBar onActiveChange={onActiveChange} />, { path: '/en_GB/groups' });
  const location = () => view.router.state.location;
  return { calls, onActiveChange, location };
}

/** The bar at desktop width, where the field shows at once. */
function renderDesktopBar() {
  return { ...renderBar(), bar: screen.getByRole('combobox', { name: 'Search people and content' }) };
}

const optionNames = () => screen.getAllByRole('option').map((option) => option.textContent);

describe('ExtendedSearchBar', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the field chips and the dark layer while active; Escape closes', async () => {
    const { bar, onActiveChange } = renderDesktopBar();
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
    const { bar, location } = renderDesktopBar();
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
    const { bar, location, calls } = renderDesktopBar();
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
    const { bar, location } = renderDesktopBar();
    await userEvent.click(bar);
    await userEvent.type(bar, 'Quir');
    await screen.findByRole('option', { name: 'Quirin Quant' }, { timeout: 3000 });
    await userEvent.keyboard('{ArrowDown}');
    expect(bar.getAttribute('aria-activedescendant')).toBe(
      screen.getByRole('option', { name: 'Quirin Quant' }).id,
    );
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(location().pathname).toBe('/en_GB/who_is_who/9'));
  });

  it('offers to search everything after the people; Enter with nothing chosen opens the results page', async () => {
    const { bar, location } = renderDesktopBar();
    await userEvent.click(bar);
    await userEvent.type(bar, 'Quir');
    // The searches of the text show at once, the people once the text has rested.
    expect(optionNames()).toEqual(['Search everything for “Quir”', 'Search colleagues for “Quir”']);
    await screen.findByRole('option', { name: 'Quirin Quant' }, { timeout: 3000 });
    expect(optionNames()).toEqual([
      'Quirin Quant',
      'Search everything for “Quir”',
      'Search colleagues for “Quir”',
    ]);
    expect(bar.getAttribute('aria-expanded')).toBe('true');
    await userEvent.keyboard('{Enter}');
    expect(location().pathname).toBe('/en_GB/search_results');
    expect(location().search).toBe('?q=Quir');
  });

  it('reaches "search everything" and the people search by keyboard', async () => {
    const { bar, location } = renderDesktopBar();
    await userEvent.click(bar);
    await userEvent.type(bar, 'Quir');
    await screen.findByRole('option', { name: 'Quirin Quant' }, { timeout: 3000 });
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    const everything = screen.getByRole('option', { name: 'Search everything for “Quir”' });
    expect(bar.getAttribute('aria-activedescendant')).toBe(everything.id);
    expect(everything.getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(location().pathname).toBe('/en_GB/who_is_who');
    expect(location().search).toBe('?type=extendedSearch&q=Quir');
  });

  it('offers search everything at phone width too, from the search icon', async () => {
    const { location } = renderBar(390);
    await userEvent.click(screen.getByRole('button', { name: 'Search people and content' }));
    const bar = screen.getByRole('combobox', { name: 'Search people and content' });
    await userEvent.type(bar, 'Sommerfest');
    await userEvent.click(screen.getByRole('option', { name: 'Search everything for “Sommerfest”' }));
    expect(location().pathname).toBe('/en_GB/search_results');
    expect(location().search).toBe('?q=Sommerfest');
  });
});
