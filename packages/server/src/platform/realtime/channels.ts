import type { ChannelName } from '@plaza/contract';
import type { SessionUser } from '../request-context';

/** A named channel: which bus topic a member's subscription listens to. */
export interface ChannelDefinition {
  name: ChannelName;
  topicFor(user: SessionUser): string;
}

/** Bus topic of a member's notifications. */
export const notificationTopic = (userId: number) => `user:${userId}:notifications`;

/** Bus topic of a member's chat events (messages, read marks, typing, new conversations). */
export const chatTopic = (userId: number) => `user:${userId}:chat`;

/** Bus topic that closes the sockets of one session (logout, password change). */
export const sessionTopic = (sessionId: string) => `session:${sessionId}`;

/** The channels a client may subscribe to: each listens to the member's own topic only. */
export const channels: ChannelDefinition[] = [
  { name: 'NotificationChannel', topicFor: (user) => notificationTopic(user.id) },
  { name: 'ChatChannel', topicFor: (user) => chatTopic(user.id) },
];
