import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { logDestination, runShutdown, type ShutdownLog } from '.';

function collectingLog() {
  const lines: string[] = [];
  const log: ShutdownLog = {
    info: (_details, message) => lines.push(`info: ${message}`),
    warn: (details, message) => lines.push(`warn: ${message} ${JSON.stringify(details)}`),
    error: (details, message) => lines.push(`error: ${message} ${JSON.stringify(details)}`),
  };
  return { log, lines };
}

describe('runShutdown', () => {
  it('runs every step in order and exits with the code', async () => {
    const { log, lines } = collectingLog();
    const done: string[] = [];
    const exits: number[] = [];
    await runShutdown({
      timeoutMs: 10_000,
      log,
      exitCode: 0,
      exit: (code) => exits.push(code),
      steps: ['app', 'bus', 'database'].map((name) => ({ name, run: async () => done.push(name) })),
    });
    expect(done).toEqual(['app', 'bus', 'database']);
    expect(exits).toEqual([0]);
    expect(lines).toEqual([]);
  });

  it('leaves a step that hangs behind, still runs the later ones, and exits within the deadline', async () => {
    const { log, lines } = collectingLog();
    const done: string[] = [];
    const exits: number[] = [];
    await runShutdown({
      timeoutMs: 1000,
      log,
      exitCode: 1,
      exit: (code) => exits.push(code),
      steps: [
        { name: 'app', run: () => new Promise(() => undefined) },
        { name: 'bus', run: () => Promise.reject(new Error('bus gone')) },
        { name: 'database', run: async () => done.push('database') },
      ],
    });
    expect(done).toEqual(['database']);
    expect(exits).toEqual([1]);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^warn: shutdown step did not finish in time; going on \{"step":"app"/);
    expect(lines[1]).toMatch(/^error: shutdown step failed .*"step":"bus"/);
  });
});

/** A standard output whose reader stopped: it takes nothing, its buffer only grows. */
function stalledStream() {
  return new Writable({ highWaterMark: 16, write: () => undefined });
}

describe('logDestination', () => {
  it('writes lines while they are read', async () => {
    const written: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        written.push(String(chunk));
        callback();
      },
    });
    const destination = logDestination(stream);
    destination.write('one\n');
    destination.write('two\n');
    await destination.flush(1000);
    expect(written).toEqual(['one\n', 'two\n']);
    expect(destination.dropped).toBe(0);
  });

  it('drops and counts lines once the unread ones reach the limit, never blocking, and a flush ends at its time', async () => {
    const destination = logDestination(stalledStream(), 100);
    for (let index = 0; index < 50; index += 1) destination.write(`line ${index} of the log\n`);
    expect(destination.dropped).toBeGreaterThan(40);
    await destination.flush(50);
  });

  it('drops everything after the reader is gone (EPIPE)', () => {
    const stream = stalledStream();
    const destination = logDestination(stream);
    stream.destroy(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    return new Promise<void>((resolve) =>
      stream.on('close', () => {
        destination.write('after\n');
        expect(destination.dropped).toBe(1);
        resolve();
      }),
    );
  });
});
