import type { Activity } from '@plaza/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../test/render-in-app';
import { ActivityList } from './activity-list';

function activity(id: number, read: boolean): Activity {
  return {
    id,
    user_id: 1,
    img: null,
    date_posted: '2026-11-23T10:00:00Z',
    text: `Activity ${id}`,
    read,
    old: read,
    type: 'mention',
    url: '/news/post-1',
    membership: null,
  };
}

/** The list's entries in order, the divider as '---'. */
const entries = () =>
  screen
    .getAllByRole('listitem')
    .map((item) => (item.querySelector('[role="separator"]') ? '---' : item.querySelector('a')?.textContent));

describe('ActivityList', () => {
  it('puts the up-to-date divider after the unread activities and links each to its page', () => {
    renderInApp(
      <ActivityList activities={[activity(3, false), activity(2, false), activity(1, true)]} page={1} />,
    );
    expect(entries()).toEqual(['Activity 3', 'Activity 2', '---', 'Activity 1']);
    expect(screen.getByRole('link', { name: 'Activity 1' }).getAttribute('href')).toBe('/en_GB/news/post-1');
    expect(screen.getAllByText('New:', { exact: false })).toHaveLength(2);
  });

  it('shows no divider on later pages', () => {
    renderInApp(<ActivityList activities={[activity(3, false), activity(1, true)]} page={2} />);
    expect(entries()).toEqual(['Activity 3', 'Activity 1']);
  });
});
