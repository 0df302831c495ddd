import type { Activity, Locale } from '@plaza/contract';
import { t } from '../../platform/i18n';
import type { ActivityWithActor } from './repo';

/**
 * Maps an activity row to the contract's Activity (the database holds only the contract's types and
 * states), its sentence in the reader's language; rows stored before sentences were kept as keys show
 * the text they were stored with.
 */
export function presentActivity(row: ActivityWithActor, locale: Locale): Activity {
  const status = row.membership_status;
  return {
    id: row.id,
    user_id: row.actor_id,
    img: row.actor_img,
    date_posted: row.created_at.toISOString(),
    text: row.message ? t(locale, row.message.key, row.message.vars) : row.text,
    read: row.read,
    old: row.old,
    type: row.type,
    url: row.url,
    membership: row.membership_id && status ? { id: row.membership_id, status } : null,
  };
}
