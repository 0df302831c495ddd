import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testActivity } from '../../test/activity';
import { renderInApp } from '../../test/render-in-app';
import { ActivityList } from './activity-list';

/** The list's entries in order, the divider as '---'. */
const entries = () =>
  screen
    .getAllByRole('listitem')
    .map((item) => (item.querySelector('[role="separator"]') ? '---' : item.querySelector('a')?.textContent));

describe('ActivityList', () => {
  it('puts the up-to-date divider after the unread activities and links each to its page', () => {
    renderInApp(
      <ActivityList
        activities={[testActivity(3, false), testActivity(2, false), testActivity(1, true)]}
        page={1}
      />,
    );
    expect(entries()).toEqual(['Activity 3', 'Activity 2', '---', 'Activity 1']);
    expect(screen.getByRole('link', { name: 'Activity 1' }).getAttribute('href')).toBe('/en_GB/news/post-1');
    expect(screen.getAllByText('New:', { exact: false })).toHaveLength(2);
  });

  it('shows no divider on later pages', () => {
    renderInApp(<ActivityList activities={[testActivity(3, false), testActivity(1, true)]} page={2} />);
    expect(entries()).toEqual(['Activity 3', 'Activity 1']);
  });
});
