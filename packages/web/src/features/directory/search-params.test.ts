import { describe, expect, it } from 'vitest';
import { basicSearchPath, extendedSearchPath, readDirectorySearch } from './search-params';

describe('who-is-who search params', () => {
  it('reads a basic search with page, trimmed query and filters', () => {
    expect(readDirectorySearch(new URLSearchParams('page=2&query=%20Anna%20&filters[skills]=SQL'))).toEqual({
      page: 2,
      query: 'Anna',
      type: 'page',
      fieldId: undefined,
      filters: { skills: ['SQL'] },
    });
  });

  it('treats a blank query as no search', () => {
    expect(readDirectorySearch(new URLSearchParams('query=%20%20')).query).toBeUndefined();
  });

  it('reads an extended search from q and field_id, ignoring query', () => {
    const search = readDirectorySearch(
      new URLSearchParams('type=extendedSearch&q=SQL&field_id=skills&query=x'),
    );
    expect(search).toMatchObject({ type: 'extendedSearch', query: 'SQL', fieldId: 'skills' });
  });

  it('builds the addresses of the search bar and the side drawer', () => {
    expect(extendedSearchPath('de_DE', 'Data & AI', 'skills')).toBe(
      '/de_DE/who_is_who?type=extendedSearch&q=Data+%26+AI&field_id=skills',
    );
    expect(extendedSearchPath('en_GB', 'Anna', null)).toBe('/en_GB/who_is_who?type=extendedSearch&q=Anna');
    expect(basicSearchPath('en_GB', 'Anna Schneider')).toBe('/en_GB/who_is_who?query=Anna+Schneider');
  });
});
