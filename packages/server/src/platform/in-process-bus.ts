import { EventEmitter } from 'node:events';
import type { EventBus } from './bus';

/** The bus of a single instance: events stay in this process. */
export function createInProcessBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(topic, payload) {
      emitter.emit(topic, payload);
    },
    async subscribe(topic, handler) {
      emitter.on(topic, handler);
      return async () => {
        emitter.off(topic, handler);
      };
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}
