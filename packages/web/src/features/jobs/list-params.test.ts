import { describe, expect, it } from 'vitest';
import { contextQuery, emptyListKey, readJobSearch } from './list-params';

describe('the jobs list in the address', () => {
  it('shows "no results" only when a search text or a filter is active', () => {
    expect(emptyListKey({ query: undefined, filters: {} })).toBe('jobs.none_open');
    expect(emptyListKey({ query: undefined, filters: { location: [] } })).toBe('jobs.none_open');
    expect(emptyListKey({ query: 'koch', filters: {} })).toBe('jobs.no_results');
    expect(emptyListKey({ query: undefined, filters: { field: ['it'] } })).toBe('jobs.no_results');
  });

  it('reads page, search text and filters, and keeps text and filters (not the page) for a job', () => {
    const search = readJobSearch(
      new URLSearchParams('page=3&query=%20Koch%20&filters[location]=4&filters[field]=it&other=1'),
    );
    expect(search).toEqual({ page: 3, query: 'Koch', filters: { location: ['4'], field: ['it'] } });
    expect(contextQuery(search)).toBe('?query=Koch&filters%5Blocation%5D=4&filters%5Bfield%5D=it');
    expect(contextQuery({ query: undefined, filters: {} })).toBe('');
    expect(readJobSearch(new URLSearchParams('query=%20%20')).query).toBeUndefined();
  });
});
