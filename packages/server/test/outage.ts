import { errorResponseSchema, type ServerMessage } from '@plaza/contract';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { FailureLog } from '../src/platform/failure-log';
import type { TestSocket } from './socket';

/** One parsed log line of the app (pino JSON). */
export type LogLine = Record<string, unknown> & { level: number; msg: string };

/** Collects the app's log lines (createTestApp's `logStream`) for assertions. */
export function logCollector() {
  const lines: LogLine[] = [];
  return {
    lines,
    stream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) },
  };
}

/** A FailureLog (database pool, bus) that keeps what it was told. */
export function recordingFailureLog() {
  const entries: Array<{ level: 'error' | 'warn'; context: Record<string, unknown>; message: string }> = [];
  const log: FailureLog = {
    error: (context, message) => void entries.push({ level: 'error', context, message }),
    warn: (context, message) => void entries.push({ level: 'warn', context, message }),
  };
  return { log, entries };
}

/**
 * Records `unhandledRejection` and `uncaughtException` of the test process while a test runs: an
 * outage must cause neither (Vitest would report them too; this names them in the assertion).
 */
export function watchProcessFailures() {
  const failures: unknown[] = [];
  const record = (error: unknown) => void failures.push(error);
  return {
    failures,
    start() {
      process.on('unhandledRejection', record);
      process.on('uncaughtException', record);
    },
    stop() {
      process.off('unhandledRejection', record);
      process.off('uncaughtException', record);
    },
  };
}

/** The answer to a call that needed the database while it was gone: 503, Retry-After, the error shape. */
export function expectDatabaseUnavailable(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(503);
  expect(response.headers['retry-after']).toBe('5');
  const body = errorResponseSchema.parse(response.json());
  expect(body.errors).toEqual([{ code: 'database_unavailable', message: expect.stringMatching(/database/) }]);
}

/** Resolves with the close code and reason once the server closes the socket. */
export function closeOf(socket: TestSocket): Promise<{ code: number; reason: string }> {
  return new Promise((resolve) => {
    if (socket.socket.readyState === socket.socket.CLOSED) resolve({ code: -1, reason: 'already closed' });
    socket.socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
}

/** Sends a ping and waits for the pong: the socket is open and the server still answers on it. */
export async function expectAnswering(socket: TestSocket) {
  socket.send({ command: 'ping' });
  expect(await socket.next((message: ServerMessage) => message.type === 'pong')).toEqual({ type: 'pong' });
  expect(socket.socket.readyState).toBe(socket.socket.OPEN);
}
