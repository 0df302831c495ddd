import { endpoints } from '@plaza/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, stubFetch } from '../../test/fetch-stub';
import { renderInApp } from '../../test/render-in-app';
import { ShellSearchBox } from './shell-search-box';

function renderBox() {
  const calls = stubFetch([
    answer(endpoints.search.suggestions, {
      results: [
        { id: 9, title: 'Quirin Quant', type: 'member', group_id: null },
        { id: 4, title: 'Quantum physics', type: 'topic', group_id: 2 },
      ],
    }),
  ]);
  const onNavigate = vi.fn();
  const view = renderInApp(<ShellSearchBox onNavigate={onNavigate} />, { path: '/en_GB/groups' });
  const location = () => view.router.state.location;
  return { calls, onNavigate, location, box: screen.getByRole('combobox', { name: 'Search' }) };
}

describe('ShellSearchBox', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('searches the trimmed text across the community on Enter; a blank text does nothing', async () => {
    const { box, location, onNavigate } = renderBox();
    await userEvent.type(box, '   {Enter}');
    expect(location().pathname).toBe('/en_GB/groups');
    expect(onNavigate).not.toHaveBeenCalled();
    await userEvent.clear(box);
    await userEvent.type(box, '  Quant Physik {Enter}');
    expect(location().pathname).toBe('/en_GB/search_results');
    expect(location().search).toBe('?q=Quant+Physik');
    expect(onNavigate).toHaveBeenCalled();
  });

  it('suggests while typing (after the debounce) and opens a suggestion by keyboard', async () => {
    const { box, location, calls } = renderBox();
    await userEvent.type(box, 'Quan');
    expect(await screen.findByRole('option', { name: /Quirin Quant/ }, { timeout: 3000 })).toBeTruthy();
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(calls.filter((call) => call.url.startsWith('/api/v2/search/suggestions'))).toHaveLength(1);
    expect(calls.some((call) => call.url === '/api/v2/search/suggestions?q=Quan')).toBe(true);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(
      screen.getByRole('option', { name: /Quantum physics/ }).id,
    );
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(location().pathname).toBe('/en_GB/groups/2/topics/4'));
  });

  it('closes the suggestions on Escape', async () => {
    const { box } = renderBox();
    await userEvent.type(box, 'Quan');
    await screen.findByRole('option', { name: /Quirin Quant/ }, { timeout: 3000 });
    await userEvent.keyboard('{Escape}');
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });
});
