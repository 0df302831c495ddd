/** Publish/subscribe between server instances: in-process by default, Redis when REDIS_URL is set. */
export interface EventBus {
  publish(topic: string, payload: unknown): Promise<void>;
  /** Returns a function that ends the subscription. */
  subscribe(topic: string, handler: (payload: unknown) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
