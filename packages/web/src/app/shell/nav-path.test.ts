import type { NavigationItem } from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import { navigationHref } from './nav-path';

const item = (type: NavigationItem['type'], reference_id: number | null = null, url: string | null = null) =>
  ({
    type,
    reference_id,
    title: type,
    icon: null,
    target: '_self',
    url,
    subnav: [],
  }) satisfies NavigationItem;

describe('navigationHref', () => {
  it('links a topic item to the topic view of its topic', () => {
    expect(navigationHref(item('topic', 4), 'en_GB')).toBe('/en_GB/categories/4');
    expect(navigationHref(item('topic', 12), 'de_DE')).toBe('/de_DE/categories/12');
  });

  it('links the other items with an id to their pages under the language', () => {
    expect(navigationHref(item('group', 3), 'en_GB')).toBe('/en_GB/groups/3');
    expect(navigationHref(item('page', 8), 'de_DE')).toBe('/de_DE/page/8');
    expect(navigationHref(item('profile', 5), 'en_GB')).toBe('/en_GB/who_is_who/5');
  });

  it('links items without an id to their lists, the dashboard to the language root', () => {
    expect(navigationHref(item('groups'), 'en_GB')).toBe('/en_GB/groups');
    expect(navigationHref(item('dashboard'), 'en_GB')).toBe('/en_GB');
  });

  it('links an external item to its URL', () => {
    expect(navigationHref(item('external', null, 'https://example.org/'), 'en_GB')).toBe(
      'https://example.org/',
    );
    expect(navigationHref(item('external'), 'en_GB')).toBe('#');
  });
});
