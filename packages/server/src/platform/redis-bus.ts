import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { type BusHandler, deliver, type EventBus } from './bus';
import { consoleFailureLog, type FailureLog } from './failure-log';

/**
 * The bus across instances: Redis pub/sub. Topics are prefixed (`plaza:<topic>`) so several
 * deployments or test runs can share one Redis; payloads travel as JSON. A lost connection, a
 * malformed payload and a failing subscriber are logged; ioredis reconnects and resubscribes by itself.
 */
export async function createRedisBus(
  url: string,
  prefix = 'plaza:',
  log: FailureLog = consoleFailureLog,
): Promise<EventBus> {
  const options = { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true };
  const publisher = new Redis(url, options);
  const subscriber = new Redis(url, options);
  publisher.on('error', (error: Error) =>
    log.warn({ err: error, redis: 'publisher' }, 'Redis connection error'),
  );
  subscriber.on('error', (error: Error) =>
    log.warn({ err: error, redis: 'subscriber' }, 'Redis connection error'),
  );
  try {
    await Promise.all([publisher.connect(), subscriber.connect()]);
  } catch (error) {
    publisher.disconnect();
    subscriber.disconnect();
    throw new Error(`Redis is not reachable at ${url}: ${(error as Error).message}`);
  }
  const handlers = new Map<string, Set<BusHandler>>();
  /** This instance's own channel for probes, subscribed at the first; each probe waits under its number. */
  const probeChannel = `${prefix}bus-probe:${randomUUID()}`;
  let probeSubscription: Promise<unknown> | undefined;
  const probes = new Map<string, () => void>();
  let probeCount = 0;
  subscriber.on('message', (channel: string, message: string) => {
    if (channel === probeChannel) return probes.get(message)?.();
    const set = handlers.get(channel);
    if (!set) return;
    let payload: unknown;
    try {
      payload = JSON.parse(message);
    } catch (error) {
      log.warn({ err: error, channel }, 'bus message is not JSON; dropped');
      return;
    }
    for (const handler of set) deliver(log, channel, handler, payload);
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
    async probe(timeoutMs) {
      probeSubscription ??= subscriber.subscribe(probeChannel).catch((error: unknown) => {
        probeSubscription = undefined;
        throw error;
      });
      await probeSubscription;
      probeCount += 1;
      const id = String(probeCount);
      const started = performance.now();
      return new Promise<number | null>((resolve) => {
        const timer = setTimeout(() => {
          probes.delete(id);
          resolve(null);
        }, timeoutMs);
        probes.set(id, () => {
          clearTimeout(timer);
          probes.delete(id);
          resolve((performance.now() - started) / 1000);
        });
        publisher.publish(probeChannel, id).catch(() => {
          // Unanswered: the time-out tells the lag is unknown; the connection's error is logged above.
        });
      });
    },
    async close() {
      handlers.clear();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}
