import type { Config } from '../config';
import type { EventBus } from './bus';
import { createInProcessBus } from './in-process-bus';
import { createRedisBus } from './redis-bus';

/** Redis pub/sub when REDIS_URL is set (several instances), otherwise the in-process bus. */
export async function createBus(config: Pick<Config, 'redisUrl'>, prefix?: string): Promise<EventBus> {
  return config.redisUrl ? createRedisBus(config.redisUrl, prefix) : createInProcessBus();
}
