import type { FastifyInstance } from 'fastify';
import type { EventBus } from '../bus';
import { type ChannelDefinition, sessionTopic } from './channels';

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

/** Adds a module's channel to the real-time endpoint (registered before the modules, in `app.ts`). */
export function addChannel(app: FastifyInstance, channel: ChannelDefinition): void {
  app.realtimeChannels.push(channel);
}
