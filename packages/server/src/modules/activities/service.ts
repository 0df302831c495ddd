import {
  type Activity,
  type ActivityType,
  buildStreamPagination,
  defaultLocale,
  type Locale,
  limits,
  type notificationEventSchema,
  type PageQuery,
  pageSizes,
} from '@plaza/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { ActivityMessage, ActivityTargetType } from '../../db/schema';
import type { EventBus } from '../../platform/bus';
import { notFound } from '../../platform/errors';
import { t } from '../../platform/i18n';
import { pushInBackground } from '../../platform/push';
import { notificationTopic } from '../../platform/realtime';
import { presentActivity } from './presenter';
import { type ActivityWithActor, activitiesRepo, type NewActivityRow } from './repo';

/** What a feature says happened to a member. */
export interface ActivityInput {
  /** The member concerned (who sees it in their feed). */
  userId: number;
  /** Who caused it, if a member did. */
  actorId?: number | null;
  type: ActivityType;
  /** The sentence in the recipient's language. */
  text: string;
  /** The same sentence as a translation key, so each reader sees it in their language. */
  message?: ActivityMessage | null;
  url?: string | null;
  membership?: { id: number; status: 'pending' | 'applied' | 'accepted' | 'declined' } | null;
}

const targetPatterns: Array<[RegExp, ActivityTargetType]> = [
  [/^\/news\/post-(\d{1,9})$/, 'post'],
  [/^\/news\/(\d{1,9})$/, 'page'],
  [/^\/groups\/\d{1,9}\/topics\/(\d{1,9})$/, 'topic'],
  [/^\/groups\/(\d{1,9})$/, 'group'],
];

/**
 * What an activity is about, read from its address (`/news/post-N` a post, `/news/N` an article,
 * `/groups/G/topics/T` a topic, `/groups/G` a group), else its membership (invitations and join
 * requests). Housekeeping removes the activity once that row is gone.
 */
export function activityTarget(
  input: Pick<ActivityInput, 'url' | 'membership'>,
): { target_type: ActivityTargetType; target_id: number } | null {
  const url = input.url ?? '';
  for (const [pattern, type] of targetPatterns) {
    const match = pattern.exec(url);
    if (match) return { target_type: type, target_id: Number(match[1]) };
  }
  return input.membership ? { target_type: 'membership', target_id: input.membership.id } : null;
}

/** Removes activities whose post, article, group, topic or membership is gone (housekeeping). */
export function removeOrphanActivities(db: Db): Promise<number> {
  return activitiesRepo.removeOrphans(db);
}

/**
 * Records an activity for the member concerned and pushes it on their NotificationChannel (worded in
 * `locale`, the recipient's language), on whichever instance their socket is connected to.
 */
export async function recordActivity(
  deps: { db: Db; bus: EventBus },
  input: ActivityInput,
  locale: Locale = defaultLocale,
): Promise<Activity> {
  const row = await activitiesRepo.insert(deps.db, activityRow(input));
  return publishActivity(deps, row, locale, { push: true });
}

/** The row of an activity. */
export function activityRow(input: ActivityInput): NewActivityRow {
  return {
    user_id: input.userId,
    actor_id: input.actorId ?? null,
    type: input.type,
    text: input.text,
    message: input.message ?? null,
    url: input.url ?? null,
    membership_id: input.membership?.id ?? null,
    membership_status: input.membership?.status ?? null,
    ...activityTarget(input),
  };
}

/** Sends a stored activity on its member's NotificationChannel (and a web push when they are away). */
export async function publishActivity(
  deps: { db: Db; bus: EventBus },
  row: ActivityWithActor,
  locale: Locale,
  options: { push: boolean },
): Promise<Activity> {
  const activity = presentActivity(row, locale);
  const event: z.infer<typeof notificationEventSchema> = { kind: 'activity', activity };
  await deps.bus.publish(notificationTopic(row.user_id), event);
  if (options.push) pushActivity(deps.db, [row.user_id], row, locale);
  return activity;
}

/** Away from the app (no open connection), the members' browsers get the activity as a web push. */
export function pushActivity(db: Db, userIds: number[], row: ActivityWithActor, locale: Locale): void {
  pushInBackground(db, {
    userIds,
    payload: {
      title: t(locale, 'activity_feed.title'),
      body: row.text,
      url: row.url ?? '/activity_feed',
      tag: `activity-${row.id}`,
    },
    now: new Date(),
  });
}

/**
 * A page of the member's feed, newest first, paged like a stream (a next page or not, no total). The
 * items of a page count as read once the page is served, unless the caller only previews it
 * (`mark_read` false). The unread count stops at `limits.maxUnreadCount`.
 */
export async function listActivities(
  db: Db,
  userId: number,
  locale: Locale,
  { page, per_page, mark_read }: PageQuery & { mark_read: boolean },
) {
  // One more than a page tells whether a next page follows. The unread ones are counted up to the cap
  // plus a page, so that the count after this page is marked read is still exact up to the cap.
  const feed = await activitiesRepo.feedPage(db, userId, {
    limit: per_page + 1,
    offset: (page - 1) * per_page,
    countUpTo: limits.maxUnreadCount + per_page,
  });
  const rows = feed.rows.slice(0, per_page);
  const marked = mark_read
    ? await activitiesRepo.markRead(
        db,
        userId,
        rows.filter((row) => !row.read).map((row) => row.id),
      )
    : 0;
  return {
    results: rows.map((row) => presentActivity(row, locale)),
    pagination: buildStreamPagination(page, per_page, feed.rows.length > per_page),
    unread_activities: Math.min(limits.maxUnreadCount, Math.max(0, feed.unread - marked)),
  };
}

/** Number of unread activities, counted up to `limits.maxUnreadCount`. */
export async function unreadCount(db: Db, userId: number) {
  return { unread_activities: await activitiesRepo.unreadCount(db, userId, limits.maxUnreadCount) };
}

/**
 * The bell's panel: the member's latest notifications, newest first, read ones too (the reader tells them
 * apart by `read`), in the caller's language.
 */
export async function latestNotifications(db: Db, userId: number, locale: Locale) {
  const rows = await activitiesRepo.latest(db, userId, pageSizes.notifications);
  return { results: rows.map((row) => presentActivity(row, locale)) };
}

/**
 * Marks one of the member's own notifications as shown, which is reading it: it counts unread no more.
 * Someone else's is "not found".
 */
export async function markNotificationOld(db: Db, userId: number, id: number) {
  if (!(await activitiesRepo.markOld(db, userId, id))) throw notFound('The notification');
  return { id, old: true as const };
}

/** Stores an activity row as given, without notifying anyone (the seed's demo invitations and applications). */
export async function insertActivityRow(db: Db, values: NewActivityRow): Promise<void> {
  await activitiesRepo.insert(db, values);
}
