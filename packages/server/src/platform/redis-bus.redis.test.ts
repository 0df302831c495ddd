import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingFailureLog, watchProcessFailures } from '../../test/outage';
import type { EventBus } from './bus';
import { createRedisBus } from './redis-bus';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('Redis bus with a failing subscriber and a malformed message', () => {
  const prefix = `plaza-test-${randomBytes(4).toString('hex')}:`;
  const { log, entries } = recordingFailureLog();
  const processFailures = watchProcessFailures();
  let bus: EventBus;
  let raw: Redis;

  beforeAll(async () => {
    bus = await createRedisBus(redisUrl, prefix, log);
    raw = new Redis(redisUrl);
    processFailures.start();
  });
  afterAll(async () => {
    processFailures.stop();
    await bus?.close();
    raw?.disconnect();
  });

  it('logs both, keeps delivering to the other subscribers, and nothing escapes', async () => {
    const received: unknown[] = [];
    let delivered!: () => void;
    const second = new Promise<void>((resolve) => {
      delivered = resolve;
    });
    await bus.subscribe('events', () => {
      throw new Error('subscriber bug');
    });
    await bus.subscribe('events', (payload) => {
      received.push(payload);
      if (received.length === 2) delivered();
    });

    await bus.publish('events', { n: 1 });
    await raw.publish(`${prefix}events`, 'not json {');
    await bus.publish('events', { n: 2 });
    await second;

    // Redis delivers a channel's messages in order, so the malformed one was handled before { n: 2 }.
    expect(received).toEqual([{ n: 1 }, { n: 2 }]);
    expect(entries.filter((entry) => entry.message === 'bus subscriber failed')).toHaveLength(2);
    expect(entries).toContainEqual(
      expect.objectContaining({ level: 'warn', message: 'bus message is not JSON; dropped' }),
    );
    expect(processFailures.failures).toEqual([]);
  });
});
