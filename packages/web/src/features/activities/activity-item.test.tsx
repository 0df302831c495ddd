import type { Activity } from '@plaza/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../test/render-in-app';
import { ActivityItem } from './activity-item';

describe('ActivityItem', () => {
  it('shows a sentence naming a group or topic as text: markup in the name is never HTML', () => {
    const text = 'Anna hat Sie in die Gruppe „<b>R&D</b> <img src=x onerror=alert(1)>“ eingeladen.';
    const activity: Activity = {
      id: 1,
      user_id: 2,
      img: null,
      date_posted: '2026-11-23T10:00:00Z',
      text,
      read: true,
      old: true,
      type: 'invite',
      url: '/groups/3',
      membership: null,
    };
    renderInApp(<ActivityItem activity={activity} />);
    const link = screen.getByRole('link', { name: text });
    expect(link.textContent).toBe(text);
    expect(link.querySelector('b, img')).toBeNull();
  });
});
