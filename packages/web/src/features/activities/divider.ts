import type { Activity } from '@plaza/contract';

/**
 * Where the 'up to date' divider goes on the first page: after the last unread activity (0 when none
 * is unread: the member is up to date from the top). Later pages have no divider (null).
 */
export function upToDateDividerIndex(activities: Pick<Activity, 'read'>[], page: number): number | null {
  if (page !== 1 || activities.length === 0) return null;
  let last = -1;
  activities.forEach((activity, index) => {
    if (!activity.read) last = index;
  });
  return last + 1;
}
