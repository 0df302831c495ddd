import type { Activity, ActivityType } from '@plaza/contract';
import { activityTypes } from '@plaza/contract';
import type { ActivityWithActor } from './repo';

const membershipStatuses = ['pending', 'applied', 'accepted', 'declined'] as const;
type MembershipStatus = (typeof membershipStatuses)[number];

/** Maps an activity row to the contract's Activity. */
export function presentActivity(row: ActivityWithActor): Activity {
  const type = (activityTypes as readonly string[]).includes(row.type) ? (row.type as ActivityType) : 'other';
  const status = (membershipStatuses as readonly string[]).includes(row.membership_status ?? '')
    ? (row.membership_status as MembershipStatus)
    : null;
  return {
    id: row.id,
    user_id: row.actor_id,
    img: row.actor_img,
    date_posted: row.created_at.toISOString(),
    text: row.text,
    read: row.read,
    old: row.old,
    type,
    url: row.url,
    membership: row.membership_id && status ? { id: row.membership_id, status } : null,
  };
}
