import type { ChannelName, StreamRef } from '@plaza/contract';
import type { SessionUser } from '../request-context';

/** A named channel: which bus topics a member's subscription listens to. */
export interface ChannelDefinition {
  name: ChannelName;
  /**
   * The bus topics of a member's subscription (to `stream`, for a channel of streams), or null when the
   * member may not subscribe: the subscription is then rejected.
   */
  topicsFor(user: SessionUser, stream: StreamRef | undefined): string[] | null | Promise<string[] | null>;
  /** What the member is sent of a topic's event; undefined sends nothing. Default: the event as it is. */
  messageFor?(user: SessionUser, payload: unknown): unknown;
}

/** Bus topic of a member's notifications. */
export const notificationTopic = (userId: number) => `user:${userId}:notifications`;

/** Bus topic of a member's chat events (messages, read marks, typing, new conversations). */
export const chatTopic = (userId: number) => `user:${userId}:chat`;

/**
 * Bus topic telling a member's sockets that the streams the member may read changed (they left a group or
 * were removed from it): each socket decides the topics of its streams again (`accessChanged`).
 */
export const streamAccessTopic = (userId: number) => `user:${userId}:stream_access`;

/**
 * The notice that the readers of a topic may have changed: sent on a member's `streamAccessTopic`, or on a
 * stream's topic (`streamTopics`) whose read rule changed. A socket hearing it decides its streams' topics
 * again, drops a stream the member may no longer read (`reject_subscription`) and sends the notice on to no
 * one.
 */
export const accessChanged = { type: 'access_changed' } as const;

export function isAccessChanged(payload: unknown): boolean {
  return (
    typeof payload === 'object' &&
    payload !== null &&
    'type' in payload &&
    payload.type === accessChanged.type
  );
}

/** Bus topic that closes the sockets of one session (logout, password change). */
export const sessionTopic = (sessionId: string) => `session:${sessionId}`;

/**
 * Bus topics of new posts, by who may read them: every post (superadmins), posts every member reads
 * (no group, or a group every member reads), a group's and a topic's posts (their readers).
 * `StreamChannel` subscribes a member to those of them it may read (posts module, `stream-channel.ts`).
 */
export const streamTopics = {
  all: 'posts:all',
  everyMember: 'posts:every_member',
  group: (groupId: number) => `posts:group:${groupId}`,
  topic: (topicId: number) => `posts:topic:${topicId}`,
};

/** A channel of the member's own topic alone: a stream is no part of it. */
const ownTopic =
  (topic: (userId: number) => string) =>
  (user: SessionUser, stream: StreamRef | undefined): string[] | null =>
    stream ? null : [topic(user.id)];

/** The channels of every app; each listens to the member's own topic only. Modules add theirs (`addChannel`). */
export const channels: ChannelDefinition[] = [
  { name: 'NotificationChannel', topicsFor: ownTopic(notificationTopic) },
  { name: 'ChatChannel', topicsFor: ownTopic(chatTopic) },
];
