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

  // Issue 47: after one look a notification was gone from the bell, and the badge kept "1 unread" over an
  // empty list: the panel showed only notifications not shown before, and showing one left it unread.
  it('lists the latest notifications, read ones too; opening reads the unread ones and the badge goes', async () => {
    const request: Activity = {
      ...invitation,
      id: 42,
      type: 'application',
      text: 'Carl asks to join “Chess”.',
    };
    const earlier: Activity = { ...invitation, read: true, old: true };
    const answers = [
      answer(endpoints.activities.unread, { unread_activities: 1 }),
      answer(endpoints.activities.latestNotifications, { results: [request, earlier] }),
      answer(endpoints.activities.markNotificationOld, { id: 42, old: true }, { query: { id: 42 } }),
    ];
    const calls = stubFetch(answers);
    const marks = () => calls.filter((call) => call.url.includes('/api/v2/notifications/mark_as_old'));
    // The server's side of marking: once asked, it counts the request read.
    const fetchStub = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/mark_as_old?id=42')) {
        answers.push(
          answer(endpoints.activities.unread, { unread_activities: 0 }),
          answer(endpoints.activities.latestNotifications, {
            results: [{ ...request, read: true, old: true }, earlier],
          }),
        );
      }
      return fetchStub(input, init);
    });
    renderInApp(<NotificationBell />, { user: sessionUser(3) });

    fireEvent.click(await screen.findByRole('button', { name: 'Open notifications, 1 unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const item = (text: string) => within(panel).getByRole('link', { name: text }).closest('li')!;
    await within(panel).findByRole('link', { name: request.text });
    // The unread one says so to screen readers and looks different; the read one is listed too.
    expect(item(request.text).textContent).toMatch(/^New:/);
    expect(item(earlier.text).textContent).not.toMatch(/New:/);
    expect(within(panel).getByRole('link', { name: invitation.text }).getAttribute('href')).toBe(
      '/en_GB/groups',
    );
    expect(within(panel).getByRole('link', { name: 'See all activities' }).getAttribute('href')).toBe(
      '/en_GB/activity_feed',
    );

    // Shown, so read: only the unread one is marked, and the badge goes while the panel is open.
    await waitFor(() =>
      expect(marks().map((call) => call.url)).toEqual(['/api/v2/notifications/mark_as_old?id=42']),
    );
    expect(await screen.findByRole('button', { name: 'Open notifications', hidden: true })).toBeTruthy();
    expect(item(request.text).textContent).toMatch(/^New:/);

    // Looked at once, still there: the next opening lists it again, now read.
    fireEvent.keyDown(panel, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Open notifications' }));
    const again = await screen.findByRole('dialog', { name: 'Notifications' });
    const link = await within(again).findByRole('link', { name: request.text });
    expect(link.closest('li')!.textContent).not.toMatch(/New:/);
    expect(marks()).toHaveLength(1);
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
    expect(await screen.findByText('No notifications yet.')).toBeTruthy();
  });
});
