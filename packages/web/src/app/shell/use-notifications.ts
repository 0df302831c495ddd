import type { Activity } from '@plaza/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { call } from '../../lib/api-client';
import { routes } from '../../lib/endpoint-routes';
import { subscribeChannel } from '../../lib/realtime';

export const unreadQueryKey = ['activities', 'unread'] as const;
const latestKey = ['activities', 'notifications', 'latest'] as const;

/** The unread-activity count, kept live through the NotificationChannel while signed in. */
export function useUnreadActivities(signedIn: boolean): number | undefined {
  const client = useQueryClient();
  const unread = useQuery({
    queryKey: unreadQueryKey,
    queryFn: () => call(routes.activities.unread),
    enabled: signedIn,
  });
  useEffect(() => {
    if (!signedIn) return;
    const refreshActivities = () => void client.invalidateQueries({ queryKey: ['activities'] });
    return subscribeChannel('NotificationChannel', {
      onMessage: refreshActivities,
      onReconnect: refreshActivities,
    });
  }, [signedIn, client]);
  return unread.data?.unread_activities;
}

/**
 * The bell's panel while `open`: the member's latest notifications, read ones too (`GET
 * notifications/latest`, refreshed with every push). Each unread one it shows is marked shown, which
 * reads it (`GET notifications/mark_as_old`), so the badge goes; until the panel closes they are still
 * shown as new (`shown` holds them as they were), so the member sees what was new this time.
 */
export function useLatestNotifications(open: boolean) {
  const client = useQueryClient();
  const latest = useQuery({
    queryKey: latestKey,
    queryFn: () => call(routes.activities.latestNotifications),
    enabled: open,
  });
  const [newThisTime, setNewThisTime] = useState<ReadonlySet<number>>(new Set());
  const marking = useRef(new Set<number>());
  const results = latest.data?.results;

  useEffect(() => {
    if (!open) {
      // Unchanged while it stays closed: a new empty set would draw the bell again after every page load.
      setNewThisTime((current) => (current.size ? new Set() : current));
      return;
    }
    // Only what this opening fetched: a cached list from before may still call read ones unread.
    if (!results || latest.isFetching) return;
    const fresh = results.filter((item) => !item.read && !marking.current.has(item.id));
    if (fresh.length === 0) return;
    for (const item of fresh) marking.current.add(item.id);
    setNewThisTime((current) => new Set([...current, ...fresh.map((item) => item.id)]));
    void Promise.allSettled(
      fresh.map((item) => call(routes.activities.markNotificationOld, { query: { id: item.id } })),
    ).then((outcomes) => {
      // A failed one is tried again at the next opening.
      outcomes.forEach((outcome, index) => {
        if (outcome.status === 'rejected') marking.current.delete(fresh[index]!.id);
      });
      return client.invalidateQueries({ queryKey: ['activities'] });
    });
  }, [open, results, latest.isFetching, client]);

  const shown: Activity[] = (results ?? []).map((item) =>
    newThisTime.has(item.id) ? { ...item, read: false } : item,
  );
  return { shown, isPending: latest.isPending, isSuccess: latest.isSuccess };
}
