import { Redis } from 'ioredis';
import type { EventBus } from './bus';

/**
 * The bus across instances: Redis pub/sub. Topics are prefixed (`plaza:<topic>`) so several
 * deployments or test runs can share one Redis; payloads travel as JSON.
 */
export async function createRedisBus(url: string, prefix = 'plaza:'): Promise<EventBus> {
  const options = { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true };
  const publisher = new Redis(url, options);
  const subscriber = new Redis(url, options);
  try {
    await Promise.all([publisher.connect(), subscriber.connect()]);
  } catch (error) {
    publisher.disconnect();
    subscriber.disconnect();
    throw new Error(`Redis is not reachable at ${url}: ${(error as Error).message}`);
  }
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  subscriber.on('message', (channel: string, message: string) => {
    const set = handlers.get(channel);
    if (!set) return;
    let payload: unknown;
    try {
      payload = JSON.parse(message);
    } catch {
      return;
    }
    for (const handler of set) handler(payload);
  });

  return {
    async publish(topic, payload) {
      await publisher.publish(prefix + topic, JSON.stringify(payload));
    },
    async subscribe(topic, handler) {
      const channel = prefix + topic;
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await subscriber.subscribe(channel);
      }
      set.add(handler);
      return async () => {
        const current = handlers.get(channel);
        if (!current) return;
        current.delete(handler);
        if (current.size === 0) {
          handlers.delete(channel);
          await subscriber.unsubscribe(channel).catch(() => {});
        }
      };
    },
    async close() {
      handlers.clear();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}
