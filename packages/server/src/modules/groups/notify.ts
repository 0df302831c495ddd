import type { ActivityType, MembershipStatus } from '@plaza/contract';
import { recordLocalisedActivity } from '../activities';
import type { GroupDeps } from './deps';

/** Keys of the texts in `group_activities.json`. */
export type GroupActivityText =
  | 'invite'
  | 'application'
  | 'application_accepted'
  | 'application_declined'
  | 'suggestion_accepted'
  | 'suggestion_declined';

export interface GroupNotice {
  /** The member concerned. */
  userId: number;
  actorId: number;
  type: ActivityType;
  text: GroupActivityText;
  vars: Record<string, string>;
  url: string;
  membership?: { id: number; status: MembershipStatus };
}

/**
 * Records an activity for the member concerned, worded in their own language, and pushes it on their
 * NotificationChannel.
 */
export async function notifyMember(deps: GroupDeps, notice: GroupNotice): Promise<void> {
  await recordLocalisedActivity(deps, {
    userId: notice.userId,
    actorId: notice.actorId,
    type: notice.type,
    textKey: `group_activities.${notice.text}`,
    vars: notice.vars,
    url: notice.url,
    membership: notice.membership ?? null,
  });
}
