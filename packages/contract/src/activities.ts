import { z } from 'zod';
import { limits, pageSizes } from './constants';
import { defineEndpoint } from './endpoint';
import { idSchema } from './entities';
import { membershipStatusSchema } from './groups';
import { streamPage, streamPageQuerySchema } from './pagination';

export const activityTypes = [
  'invite',
  'application',
  'comment',
  'chat_group',
  'application_accepted',
  'application_declined',
  'mention',
  'like',
  'other',
] as const;
export const activityTypeSchema = z.enum(activityTypes);
export type ActivityType = z.infer<typeof activityTypeSchema>;

/** One entry of a member's activity feed; also the payload of a NotificationChannel push. */
export const activitySchema = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  img: z.string().nullable(),
  date_posted: z.string(),
  text: z.string(),
  read: z.boolean(),
  /** Already announced to the member (a notification is "old" once shown). */
  old: z.boolean(),
  type: activityTypeSchema,
  url: z.string().nullable(),
  membership: z.object({ id: z.number().int(), status: membershipStatusSchema }).nullable(),
});
export type Activity = z.infer<typeof activitySchema>;

/**
 * A feed page; `mark_read=false` reads without marking (the dashboard's latest-activities preview,
 * which should not clear the unread badge that only the feed itself answers). Paged like a stream:
 * pages up to `limits.maxStreamPage`, a next page or not, no total.
 */
export const activityListQuerySchema = streamPageQuerySchema.extend({
  mark_read: z.stringbool().default(true),
});

/** How many of the member's activities are unread, counted up to `limits.maxUnreadCount`. */
export const unreadActivitiesSchema = z.number().int().min(0).max(limits.maxUnreadCount);

export const activityListSchema = streamPage(activitySchema).extend({
  unread_activities: unreadActivitiesSchema,
});

export const activityEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v2/activities',
    summary:
      'The activity feed of the signed-in member, newest first; reading a page marks it read unless mark_read is false',
    tags: ['activities'],
    access: 'user',
    query: activityListQuerySchema,
    response: activityListSchema,
  }),
  unread: defineEndpoint({
    method: 'GET',
    path: '/api/v2/activities/unread_activities',
    summary: `Number of unread activities, counted up to ${limits.maxUnreadCount}`,
    tags: ['activities'],
    access: 'user',
    response: z.object({ unread_activities: unreadActivitiesSchema }),
  }),
  latestNotifications: defineEndpoint({
    method: 'GET',
    path: '/api/v2/notifications/latest',
    summary: `The member's latest ${pageSizes.notifications} notifications, newest first, read ones too`,
    tags: ['activities'],
    access: 'user',
    response: z.object({ results: z.array(activitySchema) }),
  }),
  markNotificationOld: defineEndpoint({
    method: 'GET',
    path: '/api/v2/notifications/mark_as_old',
    summary: 'Mark one of the own notifications as shown, which reads it (it counts unread no more)',
    tags: ['activities'],
    access: 'user',
    query: z.object({ id: idSchema }),
    response: z.object({ id: z.number().int(), old: z.literal(true) }),
  }),
};
