import { describe, expect, it } from 'vitest';
import { orderedGroupTabs, selectedTab, topicTabs } from './tabs';

describe('orderedGroupTabs', () => {
  it('follows group_options.group_tabs_order', () => {
    expect(orderedGroupTabs(['members', 'info', 'topics', 'files'])).toEqual([
      'members',
      'info',
      'topics',
      'files',
    ]);
  });
  it('keeps a shorter order as configured', () => {
    expect(orderedGroupTabs(['info', 'files'])).toEqual(['info', 'files']);
  });
  it('drops repeated and unknown names', () => {
    expect(orderedGroupTabs(['files', 'files', 'chat', 'topics'])).toEqual(['files', 'topics']);
  });
  it('shows all four tabs when nothing usable is configured', () => {
    expect(orderedGroupTabs([])).toEqual(['topics', 'files', 'members', 'info']);
    expect(orderedGroupTabs(undefined)).toEqual(['topics', 'files', 'members', 'info']);
  });
});

describe('selectedTab', () => {
  const tabs = orderedGroupTabs(['members', 'topics']);
  it('takes the tab named in selectedTab', () => {
    expect(selectedTab(tabs, 'topics', 'members')).toBe('topics');
  });
  it('falls back when the query is missing or names a tab that is not shown', () => {
    expect(selectedTab(tabs, null, 'members')).toBe('members');
    expect(selectedTab(tabs, 'files', 'members')).toBe('members');
    expect(selectedTab(tabs, 'nonsense', 'members')).toBe('members');
  });
  it('opens the topic page on info by default', () => {
    expect(selectedTab(topicTabs, null, 'info')).toBe('info');
    expect(selectedTab(topicTabs, 'files', 'info')).toBe('files');
  });
});
