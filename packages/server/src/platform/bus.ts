import type { FailureLog } from './failure-log';

/** What a subscriber does with an event; a failure (thrown or rejected) is logged, never passed on. */
export type BusHandler = (payload: unknown) => void | Promise<void>;

/** Publish/subscribe between server instances: in-process by default, Redis when REDIS_URL is set. */
export interface EventBus {
  /**
   * Sends the event to the topic's subscribers on every instance. It fails only for a payload that is not
   * JSON (a bug): a bus that cannot reach the other instances logs it and sends the event when it can,
   * so no request fails because of the bus.
   */
  publish(topic: string, payload: unknown): Promise<void>;
  /** Returns a function that ends the subscription. */
  subscribe(topic: string, handler: BusHandler): Promise<() => Promise<void>>;
  /**
   * Sends a message to this instance through the bus and answers the seconds until it arrived, or null
   * when it did not within `timeoutMs` (the metrics' bus lag). Only a bus between instances has it.
   */
  probe?(timeoutMs: number): Promise<number | null>;
  /**
   * Calls `listener` each time the bus is connected to the other instances again after a loss: events
   * they published meanwhile may not have arrived here. Returns the function that stops listening. Only a
   * bus between instances has it.
   */
  onGap?(listener: () => void): () => void;
  close(): Promise<void>;
}

/**
 * Runs one subscriber so that its failure stays its own: logged with the topic, and neither the
 * publisher nor the other subscribers of the topic see it (and an async one cannot leave an
 * unhandled rejection behind).
 */
export function deliver(log: FailureLog, topic: string, handler: BusHandler, payload: unknown): void {
  const failed = (error: unknown) => log.error({ err: error, topic }, 'bus subscriber failed');
  try {
    const result = handler(payload);
    if (result instanceof Promise) result.catch(failed);
  } catch (error) {
    failed(error);
  }
}
