import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../lib/api-client';
import { routes } from '../../lib/endpoint-routes';
import { subscribeChannel } from '../../lib/realtime';

export const unreadQueryKey = ['activities', 'unread'] as const;

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
