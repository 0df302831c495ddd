import { type Activity, endpoints } from '@plaza/contract';
import { limits } from '@plaza/contract/constants';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, stubFetch } from '../../test/fetch-stub';
import { renderInApp } from '../../test/render-in-app';
import { sessionUser } from '../../test/session-user';
import { NotificationBell } from './notification-bell';

vi.setConfig({ testTimeout: 30_000 });

/** The live channel is not under test: a socket that never connects. */
class QuietSocket {
  close() {}
  send() {}
}

const invitation: Activity = {
  id: 41,
  user_id: 8,
  img: null,
  date_posted: '2026-03-05T09:00:00.000Z',
  text: 'Bea Bold invited you to the group “Chess”.',
  read: false,
  old: false,
  type: 'invite',
  url: '/groups',
  membership: null,
};

describe('NotificationBell', () => {
  beforeEach(() => vi.stubGlobal('WebSocket', QuietSocket));
  afterEach(() => vi.unstubAllGlobals());

  // The server's notifications/latest went unused: only a badge on the member's own avatar.
  it('shows the unread count and the latest notifications, and marks them shown when closed', async () => {
    const calls = stubFetch([
      answer(endpoints.activities.unread, { unread_activities: 2 }),
      answer(endpoints.activities.latestNotifications, { results: [invitation] }),
      answer(endpoints.activities.markNotificationOld, { id: 41, old: true }, { query: { id: 41 } }),
    ]);
    renderInApp(<NotificationBell />, { user: sessionUser(3) });
    const bell = await screen.findByRole('button', { name: 'Open notifications, 2 unread' });
    fireEvent.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const link = await within(panel).findByRole('link', { name: invitation.text });
    expect(link.getAttribute('href')).toBe('/en_GB/groups');
    expect(within(panel).getByRole('link', { name: 'See all activities' }).getAttribute('href')).toBe(
      '/en_GB/activity_feed',
    );
    fireEvent.keyDown(panel, { key: 'Escape' });
    await waitFor(() =>
      expect(calls.some((call) => call.url.includes('/api/v2/notifications/mark_as_old?id=41'))).toBe(true),
    );
  });

  it('shows 99+ and says "more than 99" once the count reached the server\'s cap', async () => {
    stubFetch([answer(endpoints.activities.unread, { unread_activities: limits.maxUnreadCount })]);
    renderInApp(<NotificationBell />, { user: sessionUser(3) });
    const bell = await screen.findByRole('button', { name: 'Open notifications, more than 99 unread' });
    expect(within(bell).getByText('99+')).toBeTruthy();
  });

  it('says so when nothing is new', async () => {
    stubFetch([
      answer(endpoints.activities.unread, { unread_activities: 0 }),
      answer(endpoints.activities.latestNotifications, { results: [] }),
    ]);
    renderInApp(<NotificationBell />, { user: sessionUser(3) });
    fireEvent.click(await screen.findByRole('button', { name: 'Open notifications' }));
    expect(await screen.findByText('No new notifications.')).toBeTruthy();
  });
});
