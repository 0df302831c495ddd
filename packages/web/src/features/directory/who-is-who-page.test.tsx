import { endpoints, type FilterOption, type User } from '@plaza/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { directoryUser } from '../../test/directory-user';
import { answer, answerError, type StubAnswer, stubFetch } from '../../test/fetch-stub';
import { renderInApp } from '../../test/render-in-app';
import { WhoIsWhoPage } from './who-is-who-page';

const user = (id: number, firstname: string, lastname: string) =>
  directoryUser(id, firstname, lastname, {
    position: 'Engineer',
    location_names: ['Berlin'],
    special_tasks: [],
  });

const listPage = (results: User[], self = 1, last = 3) => ({
  results,
  pagination: {
    self,
    first: 1,
    last,
    prev: self > 1 ? self - 1 : null,
    next: self < last ? self + 1 : null,
    total: 30,
    per_page: 12,
  },
});

const facets: { results: FilterOption[] } = {
  results: [
    {
      id: 'locations',
      identifier: 'locations',
      label: 'Location',
      properties: [
        { id: 'Berlin', value: 'Berlin', type: 'value' },
        { id: 'Hamburg', value: 'Hamburg', type: 'value' },
      ],
    },
  ],
};

function renderPage(path: string, answers: StubAnswer[] = []) {
  const calls = stubFetch([
    answer(endpoints.directory.list, listPage([user(1, 'Anna', 'Schneider'), user(2, 'Jonas', 'Fischer')])),
    answer(endpoints.directory.filters, facets),
    answer(endpoints.directory.profileFields, [{ field_id: 'skills', name: 'Skills' }]),
    ...answers,
  ]);
  const view = renderInApp(<WhoIsWhoPage />, { path, routePath: '/:lang/who_is_who' });
  const lastListCall = () => {
    const list = calls.filter((call) => call.url.startsWith('/api/v2/users?'));
    return new URL(list.at(-1)!.url, 'http://x').searchParams;
  };
  const search = () => new URLSearchParams(view.router.state.location.search);
  return { calls, lastListCall, search, ...view };
}

describe('WhoIsWhoPage', () => {
  // The page links scroll to the top, which jsdom does not do.
  beforeEach(() => void vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined));

  it('shows the members as cards linking to their profiles', async () => {
    renderPage('/en_GB/who_is_who');
    const cards = within(await screen.findByRole('list', { name: 'Colleagues' })).getAllByRole('link');
    expect(cards.map((link) => link.getAttribute('href'))).toEqual([
      '/en_GB/who_is_who/1',
      '/en_GB/who_is_who/2',
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Who is who' })).toBeTruthy();
  });

  it('sends page, query and filters from the address to the list call', async () => {
    const { lastListCall } = renderPage(
      '/en_GB/who_is_who?page=2&query=Anna&filters[locations]=Berlin&filters[locations]=Hamburg',
    );
    await screen.findByRole('list', { name: 'Colleagues' });
    const query = lastListCall();
    expect(query.get('page')).toBe('2');
    expect(query.get('query')).toBe('Anna');
    expect(query.getAll('filters[locations]')).toEqual(['Berlin', 'Hamburg']);
    expect(query.get('type')).toBe('page');
  });

  it('keeps the page in the address and moves it with the page links', async () => {
    const { search, lastListCall } = renderPage('/en_GB/who_is_who?query=Anna');
    await screen.findByRole('list', { name: 'Colleagues' });
    await userEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(search().get('page')).toBe('2'));
    expect(search().get('query')).toBe('Anna');
    await waitFor(() => expect(lastListCall().get('page')).toBe('2'));
    await userEvent.click(screen.getByRole('button', { name: 'Go to page 1' }));
    await waitFor(() => expect(search().has('page')).toBe(false));
  });

  it('a search puts the trimmed text in the address and starts at page 1; clear search removes it', async () => {
    const { search } = renderPage('/en_GB/who_is_who?page=3&filters[locations]=Berlin');
    await screen.findByRole('list', { name: 'Colleagues' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search colleagues' }), '  SQL  {Enter}');
    await waitFor(() => expect(search().get('query')).toBe('SQL'));
    expect(search().has('page')).toBe(false);
    expect(search().get('filters[locations]')).toBe('Berlin');
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(search().has('query')).toBe(false));
    expect(screen.queryByRole('button', { name: 'Clear search' })).toBeNull();
  });

  it('applies filters into the address', async () => {
    const { search, lastListCall } = renderPage('/en_GB/who_is_who?page=2');
    await screen.findByRole('list', { name: 'Colleagues' });
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Location' }));
    await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Hamburg' }));
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(search().getAll('filters[locations]')).toEqual(['Hamburg']));
    expect(search().has('page')).toBe(false);
    await waitFor(() => expect(lastListCall().getAll('filters[locations]')).toEqual(['Hamburg']));
  });

  it('runs an extended search with q and field_id and names the field', async () => {
    const { lastListCall } = renderPage('/en_GB/who_is_who?type=extendedSearch&q=SQL&field_id=skills');
    expect(await screen.findByText('Results for “SQL” in Skills')).toBeTruthy();
    // The page's own box shows what was searched in the app bar (it once stayed empty).
    expect((screen.getByRole('searchbox', { name: 'Search colleagues' }) as HTMLInputElement).value).toBe(
      'SQL',
    );
    const query = lastListCall();
    expect(query.get('type')).toBe('extendedSearch');
    expect(query.get('query')).toBe('SQL');
    expect(query.get('field_id')).toBe('skills');
  });

  it('says so when nothing matches', async () => {
    renderPage('/en_GB/who_is_who?query=Nobody', [answer(endpoints.directory.list, listPage([], 1, 1))]);
    expect(await screen.findByText('No colleagues match your search.')).toBeTruthy();
  });

  it('shows an error with a retry when the list fails', async () => {
    renderPage('/en_GB/who_is_who', [
      answerError(endpoints.directory.list, 500, {
        errors: [{ code: 'internal', message: 'Internal error' }],
      }),
    ]);
    expect(await screen.findByText('The colleagues could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
