import { type ActivityType, defaultLocale, isLocale, type MembershipStatus } from '@plaza/contract';
import { t } from '../../platform/i18n';
import { recordActivity } from '../activities/service';
import { usersRepo } from '../users/repo';
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
  const recipient = await usersRepo.byId(deps.db, notice.userId);
  if (!recipient) return;
  const locale = isLocale(recipient.selected_language) ? recipient.selected_language : defaultLocale;
  await recordActivity(deps, {
    userId: notice.userId,
    actorId: notice.actorId,
    type: notice.type,
    text: t(locale, `group_activities.${notice.text}`, notice.vars),
    url: notice.url,
    membership: notice.membership ?? null,
  });
}
