import { describe, expect, it } from 'vitest';
import { databaseBusyReason, PoolRefusedError, QueryAbandonedError } from './busy';

/** A driver error as drizzle hands it on: wrapped, with the driver's error as `cause`. */
const wrapped = (cause: Error) => new Error('Failed query: select pg_sleep($1)', { cause });
const cancelled = () =>
  Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });

describe('databaseBusyReason', () => {
  it('names the reason, also through the cause chain', () => {
    expect(databaseBusyReason(wrapped(cancelled()), false)).toBe('statement_timeout');
    expect(databaseBusyReason(new PoolRefusedError('50 requests wait for a connection.'), false)).toBe(
      'shed',
    );
    expect(databaseBusyReason(wrapped(new QueryAbandonedError()), false)).toBe('abandoned');
  });

  it('takes a cancelled statement of an abandoned request for the abandonment, not the timeout', () => {
    expect(databaseBusyReason(wrapped(cancelled()), true)).toBe('abandoned');
  });

  it('is undefined for other failures', () => {
    const syntax = Object.assign(new Error('syntax error'), { code: '42601' });
    expect(databaseBusyReason(wrapped(syntax), false)).toBeUndefined();
    expect(databaseBusyReason(new Error('ECONNREFUSED'), false)).toBeUndefined();
    expect(databaseBusyReason('not an error', false)).toBeUndefined();
  });
});
