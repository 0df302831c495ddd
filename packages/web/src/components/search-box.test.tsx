import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../test/render-in-app';
import { SearchBox, searchTerm } from './search-box';

describe('searchTerm', () => {
  it('trims the text and treats empty or blank text as no search', () => {
    expect(searchTerm('  Anna  ')).toBe('Anna');
    expect(searchTerm('')).toBeNull();
    expect(searchTerm(' \t ')).toBeNull();
  });
});

describe('SearchBox', () => {
  const setup = () => {
    const onSearch = vi.fn();
    renderInApp(<SearchBox label="Search colleagues" submitLabel="Search" value="" onSearch={onSearch} />);
    return { onSearch, field: screen.getByRole('searchbox', { name: 'Search colleagues' }) };
  };

  it('searches with the trimmed text on Enter', async () => {
    const { onSearch, field } = setup();
    await userEvent.type(field, '  Anna Schneider {Enter}');
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('Anna Schneider');
  });

  it('searches with the icon button', async () => {
    const { onSearch, field } = setup();
    await userEvent.type(field, 'SQL');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('SQL');
  });

  it('ignores empty and blank text', async () => {
    const { onSearch, field } = setup();
    await userEvent.type(field, '{Enter}');
    await userEvent.type(field, '    {Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).not.toHaveBeenCalled();
  });
});
