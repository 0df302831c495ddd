import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { type BusHandler, deliver, type EventBus } from './bus';
import { consoleFailureLog, type FailureLog } from './failure-log';

/** Bus messages kept for the other instances while Redis cannot be reached; beyond it the oldest go. */
const defaultMaxPending = 10_000;
/** How long a publication to Redis may take before it is kept for later (a Redis that stopped answering). */
const publishTimeoutMs = 5_000;

/**
 * The bus across instances: Redis pub/sub. Topics are prefixed (`plaza:<topic>`) so several
 * deployments or test runs can share one Redis; payloads travel as JSON, marked with the publishing
 * instance (`@<instance> <json>`).
 *
 * This instance's own subscribers get an event from the publisher directly (as on the in-process bus),
 * not through Redis, so an instance keeps serving its own members while Redis is gone; the echo of its
 * own messages from Redis is skipped. `publish` never fails because Redis cannot be reached: the message
 * is logged and kept (up to `maxPending`, in order) and sent once the connection is back. When the
 * subscriber connection comes back after a loss, it subscribes again and `onGap` listeners are told that
 * events of other instances may have been missed meanwhile (the real-time endpoint then has its clients
 * reconnect and fetch what they missed). A malformed payload and a failing subscriber are logged.
 */
export async function createRedisBus(
  url: string,
  prefix = 'plaza:',
  log: FailureLog = consoleFailureLog,
  { maxPending = defaultMaxPending }: { maxPending?: number } = {},
): Promise<EventBus> {
  const options = { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true };
  const publisher = new Redis(url, { ...options, commandTimeout: publishTimeoutMs });
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
  /** This instance's mark on its messages: their echo from Redis is skipped. */
  const instance = randomUUID();
  const handlers = new Map<string, Set<BusHandler>>();
  const gapListeners = new Set<() => void>();
  let closed = false;

  const deliverAll = (channel: string, payload: unknown) => {
    const set = handlers.get(channel);
    if (set) for (const handler of set) deliver(log, channel, handler, payload);
  };

  /** This instance's own channel for probes, subscribed at the first; each probe waits under its number. */
  const probeChannel = `${prefix}bus-probe:${randomUUID()}`;
  let probeSubscription: Promise<unknown> | undefined;
  const probes = new Map<string, () => void>();
  let probeCount = 0;
  subscriber.on('message', (channel: string, message: string) => {
    if (channel === probeChannel) return probes.get(message)?.();
    if (!handlers.has(channel)) return;
    let json = message;
    if (message.startsWith('@')) {
      // `@<instance> <json>`; a message without the mark comes from an older instance.
      const space = message.indexOf(' ');
      if (message.slice(1, space) === instance) return;
      json = message.slice(space + 1);
    }
    let payload: unknown;
    try {
      payload = JSON.parse(json);
    } catch (error) {
      log.warn({ err: error, channel }, 'bus message is not JSON; dropped');
      return;
    }
    deliverAll(channel, payload);
  });

  // --- Publications kept while Redis cannot be reached ------------------------------------------------
  const pending: Array<{ channel: string; message: string }> = [];
  let dropped = 0;
  let flushing = false;
  let retry: NodeJS.Timeout | undefined;
  /** A failure on a connection that stayed up (a time-out): tried again in a moment, not at 'ready'. */
  const flushLater = () => {
    if (retry || closed) return;
    retry = setTimeout(() => {
      retry = undefined;
      void flush();
    }, 1000);
    retry.unref();
  };

  const keep = (channel: string, message: string, error: unknown) => {
    if (pending.length === 0 && dropped === 0)
      log.warn(
        { err: error, channel },
        'bus: Redis cannot be reached; messages for other instances are kept until it is back',
      );
    pending.push({ channel, message });
    if (pending.length > maxPending) {
      pending.shift();
      dropped += 1;
    }
    if (publisher.status === 'ready') flushLater();
  };

  const flush = async () => {
    if (flushing || closed) return;
    flushing = true;
    let sent = 0;
    try {
      while (pending.length > 0 && publisher.status === 'ready' && !closed) {
        const next = pending[0]!;
        try {
          await publisher.publish(next.channel, next.message);
        } catch (error) {
          log.warn(
            { err: error, left: pending.length },
            'bus: sending the kept messages failed; tried again later',
          );
          if (publisher.status === 'ready') flushLater();
          return;
        }
        pending.shift();
        sent += 1;
      }
      if (sent > 0 && pending.length === 0) {
        log.warn({ sent, dropped }, 'bus: Redis is back; the kept messages were sent to the other instances');
        dropped = 0;
      }
    } finally {
      flushing = false;
    }
  };
  publisher.on('ready', () => void flush());

  // --- Subscriptions kept across a lost connection ------------------------------------------------------
  let subscriberLost = false;
  subscriber.on('close', () => {
    if (!closed) subscriberLost = true;
  });
  subscriber.on('ready', () => {
    if (!subscriberLost || closed) return;
    const channels = [...handlers.keys(), ...(probeSubscription ? [probeChannel] : [])];
    const again = channels.length > 0 ? subscriber.subscribe(...channels) : Promise.resolve();
    again.then(
      () => {
        if (!subscriberLost) return;
        subscriberLost = false;
        log.warn({ channels: channels.length }, 'bus: Redis is back; subscribed again');
        for (const listener of gapListeners) {
          try {
            listener();
          } catch (error) {
            log.error({ err: error }, 'bus: a listener for missed events failed');
          }
        }
      },
      (error: unknown) =>
        log.warn({ err: error }, 'bus: subscribing again failed; tried on the next connection'),
    );
  });

  return {
    async publish(topic, payload) {
      const channel = prefix + topic;
      const json = JSON.stringify(payload);
      // This instance's subscribers: at once (after the publisher's current work), as Redis would give it.
      const local = JSON.parse(json);
      setImmediate(() => deliverAll(channel, local));
      const message = `@${instance} ${json}`;
      if (pending.length > 0 || publisher.status !== 'ready') {
        keep(channel, message, new Error(`Redis connection ${publisher.status}`));
        return;
      }
      try {
        await publisher.publish(channel, message);
      } catch (error) {
        keep(channel, message, error);
      }
    },
    async subscribe(topic, handler) {
      const channel = prefix + topic;
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        // While Redis is gone, the subscription waits for the connection's return (see 'ready' above);
        // this instance's own events reach the handler meanwhile.
        if (subscriber.status === 'ready')
          await subscriber.subscribe(channel).catch((error: unknown) => {
            subscriberLost = true;
            log.warn({ err: error, channel }, 'bus: subscribing failed; tried again when Redis is back');
          });
      }
      set.add(handler);
      return async () => {
        const current = handlers.get(channel);
        if (!current) return;
        current.delete(handler);
        if (current.size === 0) {
          handlers.delete(channel);
          if (subscriber.status === 'ready') await subscriber.unsubscribe(channel).catch(() => {});
        }
      };
    },
    onGap(listener) {
      gapListeners.add(listener);
      return () => void gapListeners.delete(listener);
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
      closed = true;
      clearTimeout(retry);
      handlers.clear();
      gapListeners.clear();
      if (pending.length > 0)
        log.warn({ left: pending.length }, 'bus: closed with messages for other instances not sent');
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}
