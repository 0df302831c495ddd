import type { EventBus } from '../bus';
import { sessionTopic } from './channels';

export { type ChannelDefinition, channels, chatTopic, notificationTopic, sessionTopic } from './channels';
export { realtimePlugin } from './plugin';

/** Closes the real-time connections of ended sessions, on every instance. */
export async function closeSessionSockets(bus: EventBus, sessionIds: string[]): Promise<void> {
  await Promise.all(sessionIds.map((id) => bus.publish(sessionTopic(id), { type: 'session_ended' })));
}
