import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FailureLog } from './failure-log';
import { processFailureHandlers } from './process-failures';

const fixture = path.resolve(import.meta.dirname, '../../test/fixtures/process-failure.ts');

/** Runs the fixture process in one mode; resolves with its exit code and output once it has ended. */
function runFixture(mode: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fixture, mode], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The JSON log lines (pino-shaped) a process wrote to stderr. */
function logLines(stderr: string): Array<Record<string, unknown>> {
  return stderr
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line));
}

function recordingLog() {
  const lines: Array<{ level: string; context: Record<string, unknown>; message: string }> = [];
  const log: FailureLog = {
    error: (context, message) => void lines.push({ level: 'error', context, message }),
    warn: (context, message) => void lines.push({ level: 'warn', context, message }),
  };
  return { log, lines };
}

describe('process-level failure handlers', () => {
  it('log an unhandled rejection with its reason and the running count, and never shut down for it', () => {
    const { log, lines } = recordingLog();
    const shutdowns: number[] = [];
    const handlers = processFailureHandlers(log, (code) => shutdowns.push(code));
    const first = new Error('first');
    handlers.onUnhandledRejection(first);
    handlers.onUnhandledRejection('not even an Error');

    expect(handlers.counts).toEqual({ unhandledRejections: 2, uncaughtExceptions: 0 });
    expect(lines).toEqual([
      {
        level: 'error',
        context: { err: first, unhandledRejections: 1, uncaughtExceptions: 0 },
        message: expect.stringMatching(/^unhandled promise rejection/),
      },
      {
        level: 'error',
        context: { err: 'not even an Error', unhandledRejections: 2, uncaughtExceptions: 0 },
        message: expect.stringMatching(/^unhandled promise rejection/),
      },
    ]);
    expect(shutdowns).toEqual([]);
  });

  it('log an uncaught exception with its origin and ask for a shutdown with exit code 1', () => {
    const { log, lines } = recordingLog();
    const shutdowns: number[] = [];
    const handlers = processFailureHandlers(log, (code) => shutdowns.push(code));
    const error = new Error('boom');
    handlers.onUncaughtException(error, 'uncaughtException');

    expect(lines).toEqual([
      {
        level: 'error',
        context: { err: error, origin: 'uncaughtException', unhandledRejections: 0, uncaughtExceptions: 1 },
        message: 'uncaught exception; shutting down',
      },
    ]);
    expect(shutdowns).toEqual([1]);
  });

  it('keep a real Node process running through unhandled rejections, logged and counted on stderr', async () => {
    const run = await runFixture('rejection');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('still running after 2 unhandled rejections');
    const rejections = logLines(run.stderr).filter((line) =>
      String(line.msg).startsWith('unhandled promise rejection'),
    );
    expect(rejections).toEqual([
      expect.objectContaining({
        level: 50,
        unhandledRejections: 1,
        err: expect.objectContaining({
          message: 'first rejection nobody catches',
          stack: expect.any(String),
        }),
      }),
      expect.objectContaining({
        level: 50,
        unhandledRejections: 2,
        err: expect.objectContaining({ message: 'second rejection nobody catches' }),
      }),
    ]);
  });

  it('control: the same process without the handlers is ended by its first unhandled rejection', async () => {
    const run = await runFixture('without-handlers');
    expect(run.code).toBe(1);
    expect(run.stdout).not.toContain('still running');
    expect(run.stderr).toContain('first rejection nobody catches');
  });

  it('end a real Node process after an uncaught exception: logged, then a graceful shutdown with exit code 1', async () => {
    const run = await runFixture('exception');
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('shutdown requested with exit code 1');
    expect(logLines(run.stderr)).toContainEqual(
      expect.objectContaining({
        level: 50,
        msg: 'uncaught exception; shutting down',
        origin: 'uncaughtException',
        uncaughtExceptions: 1,
        err: expect.objectContaining({ message: 'thrown from a timer' }),
      }),
    );
  });
});
