import type { FastifyInstance } from 'fastify';
import type { EventBus } from '../bus';
import { accessChanged, type ChannelDefinition, sessionTopic, streamAccessTopic } from './channels';

export {
  type ChannelDefinition,
  channels,
  chatTopic,
  notificationTopic,
  sessionTopic,
  streamTopics,
} from './channels';
export { realtimePlugin } from './plugin';

/** Closes the real-time connections of ended sessions, on every instance. */
export async function closeSessionSockets(bus: EventBus, sessionIds: string[]): Promise<void> {
  await Promise.all(sessionIds.map((id) => bus.publish(sessionTopic(id), { type: 'session_ended' })));
}

/**
 * Tells a member's sockets, on every instance, that the streams the member may read changed (they left a
 * group or were removed from it): each decides its streams' topics again.
 */
export async function recheckMemberStreams(bus: EventBus, userId: number): Promise<void> {
  await bus.publish(streamAccessTopic(userId), accessChanged);
}

/**
 * Tells the sockets listening to stream topics (`streamTopics`), on every instance, that who may read them
 * changed (a group's read rule did): each decides its streams' topics again.
 */
export async function recheckStreamTopics(bus: EventBus, topics: string[]): Promise<void> {
  await Promise.all(topics.map((topic) => bus.publish(topic, accessChanged)));
}

/** Adds a module's channel to the real-time endpoint (registered before the modules, in `app.ts`). */
export function addChannel(app: FastifyInstance, channel: ChannelDefinition): void {
  app.realtimeChannels.push(channel);
}
