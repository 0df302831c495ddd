import { z } from 'zod';
import { activitySchema } from './activities';

export const channelNames = ['NotificationChannel', 'ChatChannel'] as const;
export const channelNameSchema = z.enum(channelNames);
export type ChannelName = z.infer<typeof channelNameSchema>;

/** What a client sends over the socket. */
export const clientMessageSchema = z.discriminatedUnion('command', [
  z.object({ command: z.literal('subscribe'), channel: channelNameSchema }),
  z.object({ command: z.literal('unsubscribe'), channel: channelNameSchema }),
  z.object({ command: z.literal('ping') }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

export const notificationEventSchema = z.object({ kind: z.literal('activity'), activity: activitySchema });

/** What the server sends over the socket. */
export const serverMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('welcome') }),
  z.object({ type: z.literal('confirm_subscription'), channel: channelNameSchema }),
  z.object({ type: z.literal('reject_subscription'), channel: channelNameSchema }),
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('message'), channel: channelNameSchema, message: z.unknown() }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;
