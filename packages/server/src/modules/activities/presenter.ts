import type { Activity } from '@plaza/contract';
import type { ActivityWithActor } from './repo';

/** Maps an activity row to the contract's Activity (the database holds only the contract's types and states). */
export function presentActivity(row: ActivityWithActor): Activity {
  const status = row.membership_status;
  return {
    id: row.id,
    user_id: row.actor_id,
    img: row.actor_img,
    date_posted: row.created_at.toISOString(),
    text: row.text,
    read: row.read,
    old: row.old,
    type: row.type,
    url: row.url,
    membership: row.membership_id && status ? { id: row.membership_id, status } : null,
  };
}
