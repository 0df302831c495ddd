import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { chatEndpoints } from './chat';
import { withQueryFilters } from './filters';
import { idListParam, listParam } from './list-param';
import { newsFilterQuerySchema } from './news';

describe('listParam', () => {
  const ids = idListParam(3);

  it('reads the bracketed or repeated form (an array) and the comma form alike', () => {
    expect(ids.parse(['1', '2'])).toEqual([1, 2]);
    expect(ids.parse('1,2')).toEqual([1, 2]);
    expect(ids.parse('7')).toEqual([7]);
    expect(ids.parse(['1,2', '3'])).toEqual([1, 2, 3]);
  });

  it('keeps a repeated value once', () => {
    expect(ids.parse(['5', '5', '5,5'])).toEqual([5]);
  });

  it('refuses empty items, non-ids, nested objects and more items than allowed', () => {
    for (const bad of ['', '1,,2', 'a', ['1', 'x'], '0', { a: '1' }, '1,2,3,4', ['-1']]) {
      expect(ids.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('leaves commas inside free-text items', () => {
    const places = listParam(z.string().min(1), { max: 5, freeText: true });
    expect(places.parse('Berlin, Mitte')).toEqual(['Berlin, Mitte']);
    expect(places.parse(['Berlin, Mitte', 'Hamburg'])).toEqual(['Berlin, Mitte', 'Hamburg']);
  });

  it('is what the contract list parameters are made of', () => {
    expect(newsFilterQuerySchema.parse({ category: ['3', '4'] }).category).toEqual([3, 4]);
    expect(newsFilterQuerySchema.parse({ category: '3,4' }).category).toEqual([3, 4]);
    const direct = chatEndpoints.newDirectConversation.query!;
    expect(direct.parse({ user_ids: ['9'] })).toEqual({ user_ids: [9] });
    const channel = chatEndpoints.newChannelConversation.query!;
    expect(channel.parse({ conversation: { user_ids: ['2', '3'], name: 'Team' } })).toEqual({
      user_ids: [2, 3],
      name: 'Team',
    });
    expect(channel.parse({ user_ids: '2,3', name: 'Team' })).toEqual({ user_ids: [2, 3], name: 'Team' });
    const filtered = withQueryFilters(z.object({ page: z.string().optional() }));
    expect(filtered.parse({ filters: { locations: 'Berlin, Mitte' } }).filters).toEqual({
      locations: ['Berlin, Mitte'],
    });
    expect(filtered.parse({ 'filters[skills][]': ['SQL', 'SQL', 'Go'] }).filters).toEqual({
      skills: ['SQL', 'Go'],
    });
  });
});
