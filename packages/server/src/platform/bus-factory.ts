import type { Config } from '../config';
import type { EventBus } from './bus';
import type { FailureLog } from './failure-log';
import { createInProcessBus } from './in-process-bus';
import { createRedisBus } from './redis-bus';

/** Redis pub/sub when REDIS_URL is set (several instances), otherwise the in-process bus. */
export async function createBus(
  config: Pick<Config, 'redisUrl'>,
  prefix?: string,
  log?: FailureLog,
): Promise<EventBus> {
  return config.redisUrl ? createRedisBus(config.redisUrl, prefix, log) : createInProcessBus(log);
}
