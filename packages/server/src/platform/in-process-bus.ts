import { EventEmitter } from 'node:events';
import type { BusHandler, EventBus } from './bus';
import { deliver } from './bus';
import { consoleFailureLog, type FailureLog } from './failure-log';

/**
 * The bus of a single instance: events stay in this process. A failing subscriber is logged. Delivery
 * runs after the publisher's current work (`setImmediate`, in publishing order), so a request that
 * notifies someone answers without waiting for the fan-out to every open socket, as with Redis.
 */
export function createInProcessBus(log: FailureLog = consoleFailureLog): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(topic, payload) {
      setImmediate(() => emitter.emit(topic, payload));
    },
    async subscribe(topic, handler: BusHandler) {
      const listener = (payload: unknown) => deliver(log, topic, handler, payload);
      emitter.on(topic, listener);
      return async () => {
        emitter.off(topic, listener);
      };
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}
