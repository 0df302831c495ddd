import { Redis } from 'ioredis';

type Listener = (payload: string) => void;

/** The baseline's event bus: Redis pub/sub when REDIS_URL is set, else in-process; payloads are JSON text. */
export interface Bus {
  publish(topic: string, payload: string): Promise<void>;
  subscribe(topic: string, listener: Listener): Promise<() => void>;
}

/** Topics get a prefix of their own, so the baseline never meets Plaza's events on a shared Redis. */
const prefix = 'bench-baseline:';

export async function createBus(redisUrl: string | undefined): Promise<Bus> {
  const listeners = new Map<string, Set<Listener>>();
  const deliver = (topic: string, payload: string) => {
    for (const listener of listeners.get(topic) ?? []) listener(payload);
  };
  if (!redisUrl) {
    return {
      async publish(topic, payload) {
        deliver(topic, payload);
      },
      async subscribe(topic, listener) {
        if (!listeners.has(topic)) listeners.set(topic, new Set());
        listeners.get(topic)!.add(listener);
        return () => listeners.get(topic)?.delete(listener);
      },
    };
  }
  const publisher = new Redis(redisUrl);
  const subscriber = new Redis(redisUrl);
  subscriber.on('message', (channel: string, message: string) =>
    deliver(channel.slice(prefix.length), message),
  );
  return {
    async publish(topic, payload) {
      await publisher.publish(prefix + topic, payload);
    },
    async subscribe(topic, listener) {
      if (!listeners.has(topic)) {
        listeners.set(topic, new Set());
        await subscriber.subscribe(prefix + topic);
      }
      listeners.get(topic)!.add(listener);
      return () => {
        const set = listeners.get(topic);
        set?.delete(listener);
        if (set?.size === 0) {
          listeners.delete(topic);
          void subscriber.unsubscribe(prefix + topic);
        }
      };
    },
  };
}
