import type { ActivityType } from '@plaza/contract';
import { recordLocalisedActivity } from '../activities';
import type { PostDeps } from './deps';

/** Keys of the texts in `post_activities.json`. */
export type PostActivityText = 'mention' | 'mention_in_group' | 'comment_post' | 'like_post';

export interface PostNotice {
  /** The member concerned. */
  userId: number;
  actorId: number;
  type: Extract<ActivityType, 'mention' | 'comment' | 'like'>;
  text: PostActivityText;
  vars: Record<string, string>;
  url: string;
}

/** Records an activity about a post in the member's own language and pushes it on their NotificationChannel. */
export async function notifyAboutPost(deps: Pick<PostDeps, 'db' | 'bus'>, notice: PostNotice): Promise<void> {
  if (notice.userId === notice.actorId) return;
  await recordLocalisedActivity(deps, {
    userId: notice.userId,
    actorId: notice.actorId,
    type: notice.type,
    textKey: `post_activities.${notice.text}`,
    vars: notice.vars,
    url: notice.url,
  });
}
