import { describe, expect, it } from 'vitest';
import { recordingFailureLog, watchProcessFailures } from '../../test/outage';
import { createInProcessBus } from './in-process-bus';

/** Lets every pending promise callback run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('in-process bus with a failing subscriber', () => {
  it('logs the failure with its topic; the publisher and the other subscribers do not see it', async () => {
    const { log, entries } = recordingFailureLog();
    const processFailures = watchProcessFailures();
    processFailures.start();
    try {
      const bus = createInProcessBus(log);
      const received: unknown[] = [];
      await bus.subscribe('topic:a', () => {
        throw new Error('subscriber bug');
      });
      await bus.subscribe('topic:a', async () => {
        throw new Error('async subscriber bug');
      });
      await bus.subscribe('topic:a', (payload) => void received.push(payload));

      await expect(bus.publish('topic:a', { n: 1 })).resolves.toBeUndefined();
      await settle();

      expect(received).toEqual([{ n: 1 }]);
      expect(entries).toEqual([
        {
          level: 'error',
          context: { err: new Error('subscriber bug'), topic: 'topic:a' },
          message: 'bus subscriber failed',
        },
        {
          level: 'error',
          context: { err: new Error('async subscriber bug'), topic: 'topic:a' },
          message: 'bus subscriber failed',
        },
      ]);
      expect(processFailures.failures).toEqual([]);
    } finally {
      processFailures.stop();
    }
  });
});

describe('in-process bus delivery', () => {
  it('runs subscribers after the publisher is done, in publishing order', async () => {
    const bus = createInProcessBus();
    const seen: string[] = [];
    await bus.subscribe('topic:b', (payload) => void seen.push(String(payload)));
    await bus.publish('topic:b', 'first');
    await bus.publish('topic:b', 'second');
    // The publisher (a request that notifies someone) went on without waiting for the fan-out.
    expect(seen).toEqual([]);
    await settle();
    expect(seen).toEqual(['first', 'second']);
  });
});
