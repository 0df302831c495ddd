import { z } from 'zod';
import { activitySchema } from './activities';
import { idValueSchema } from './entities';

export const channelNames = ['NotificationChannel', 'ChatChannel', 'StreamChannel'] as const;
export const channelNameSchema = z.enum(channelNames);
export type ChannelName = z.infer<typeof channelNameSchema>;

/**
 * The stream a `StreamChannel` subscription watches for new posts: the dashboard's news stream, a
 * group's (with its topics') or a topic's. The server confirms it only to a member who may read it;
 * the other channels take no stream.
 */
export const streamRefSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('news') }),
  z.object({ kind: z.literal('group'), id: idValueSchema }),
  z.object({ kind: z.literal('topic'), id: idValueSchema }),
]);
export type StreamRef = z.infer<typeof streamRefSchema>;

/** What a client sends over the socket. */
export const clientMessageSchema = z.discriminatedUnion('command', [
  z.object({
    command: z.literal('subscribe'),
    channel: channelNameSchema,
    stream: streamRefSchema.optional(),
  }),
  z.object({
    command: z.literal('unsubscribe'),
    channel: channelNameSchema,
    stream: streamRefSchema.optional(),
  }),
  z.object({ command: z.literal('ping') }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

export const notificationEventSchema = z.object({ kind: z.literal('activity'), activity: activitySchema });

/**
 * A `StreamChannel` message: a post was written into the stream, by someone else, that the member may
 * read. Only its id (`post-<n>`): the stream loads the posts when the member asks for them.
 */
export const newPostEventSchema = z.object({ kind: z.literal('new_post'), id: z.string() });
export type NewPostEvent = z.infer<typeof newPostEventSchema>;

/** What the server sends over the socket; `stream` names a `StreamChannel` subscription's stream. */
export const serverMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('welcome') }),
  z.object({
    type: z.literal('confirm_subscription'),
    channel: channelNameSchema,
    stream: streamRefSchema.optional(),
  }),
  z.object({
    type: z.literal('reject_subscription'),
    channel: channelNameSchema,
    stream: streamRefSchema.optional(),
  }),
  z.object({ type: z.literal('pong') }),
  z.object({
    type: z.literal('message'),
    channel: channelNameSchema,
    stream: streamRefSchema.optional(),
    message: z.unknown(),
  }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;
