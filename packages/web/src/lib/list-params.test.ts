import { describe, expect, it } from 'vitest';
import { filtersForCall, readFilters, readPage, withFilters, withQuery } from './list-params';

const params = (text: string) => new URLSearchParams(text);

describe('list params', () => {
  it('reads the page, 1 for anything but a positive whole number', () => {
    expect(readPage(params('page=3'))).toBe(3);
    for (const bad of ['', 'page=0', 'page=-2', 'page=1.5', 'page=x']) expect(readPage(params(bad))).toBe(1);
  });

  it('reads repeated filters[facet] keys, without duplicates or blanks', () => {
    expect(
      readFilters(
        params(
          'filters[locations]=Berlin&filters[locations]=Hamburg&filters[skills]=SQL&filters[locations]=Berlin&filters[areas]=%20&query=x',
        ),
      ),
    ).toEqual({ locations: ['Berlin', 'Hamburg'], skills: ['SQL'] });
  });

  it('replaces the filters, drops the page and keeps the rest', () => {
    const next = withFilters(params('query=Anna&page=4&filters[locations]=Berlin'), {
      skills: ['SQL', 'Go'],
    });
    expect(next.toString()).toBe('query=Anna&filters%5Bskills%5D=SQL&filters%5Bskills%5D=Go');
  });

  it('sets or clears the search text, drops the page and the named keys, keeps filters', () => {
    const start = params('type=extendedSearch&q=SQL&field_id=skills&page=2&filters[areas]=IT');
    expect(withQuery(start, 'Anna', ['q', 'type', 'field_id']).toString()).toBe(
      'filters%5Bareas%5D=IT&query=Anna',
    );
    expect(withQuery(params('query=Anna&page=2'), null).toString()).toBe('');
  });

  it('sends no filters when none is set', () => {
    expect(filtersForCall({})).toBeUndefined();
    expect(filtersForCall({ type: ['birthday'] })).toEqual({ type: ['birthday'] });
  });
});
