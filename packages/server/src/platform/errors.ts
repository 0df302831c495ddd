import type { ApiError, ErrorCode } from '@plaza/contract';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { databaseBusyReason } from '../db/busy';
import { isDatabaseUnavailable } from '../db/unavailable';
import { busyLog } from './busy-log';

/** An expected failure with its HTTP status; answered as `{ errors: [...] }`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, field?: string) =>
  new AppError(400, 'bad_request', message, field);
export const unauthenticated = () => new AppError(401, 'unauthenticated', 'Please sign in first.');
export const forbidden = (message = 'You are not allowed to do this.') =>
  new AppError(403, 'forbidden', message);
export const notFound = (what = 'The requested item') =>
  new AppError(404, 'not_found', `${what} was not found.`);

/** Seconds a client is asked to wait (`Retry-After`) when the database cannot be reached. */
export const databaseRetryAfterSeconds = 5;

/** The 503 for a call that needs the database while it cannot be reached (restart, failover, network cut). */
export const databaseUnavailable = () =>
  new AppError(
    503,
    'database_unavailable',
    'The database cannot be reached right now. Please try again in a moment.',
    undefined,
    { 'retry-after': String(databaseRetryAfterSeconds) },
  );

/**
 * Seconds a client is asked to wait (`Retry-After`) when the database is overloaded: shorter than for an
 * outage, as a burst is over in seconds once the server sheds it.
 */
export const databaseBusyRetryAfterSeconds = 2;

/** The 503 for a call refused because the database is overloaded (statement timeout, load shedding). */
export const databaseBusy = () =>
  new AppError(
    503,
    'database_busy',
    'The service is very busy right now. Please try again in a moment.',
    undefined,
    { 'retry-after': String(databaseBusyRetryAfterSeconds) },
  );

/** Errors of a full disk: no space, the quota, or a file-size limit of the filesystem or the process. */
const storageFullCodes = new Set(['ENOSPC', 'EDQUOT', 'EFBIG']);

/** Whether the failure (or one it was caused by) is the file store's disk being full. */
export function isStorageFull(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && storageFullCodes.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The 507 for a call whose file could not be stored because the disk is full; nothing was stored. */
export const storageFull = () =>
  new AppError(507, 'insufficient_storage', 'There is no room left to store files. Nothing was saved.');

const statusCodes: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

function body(errors: ApiError[]) {
  return { errors };
}

/** Sends an `AppError` as the contract's error body, with its status and headers. */
function sendAppError(reply: FastifyReply, error: AppError) {
  return reply
    .status(error.status)
    .headers(error.headers)
    .send(
      body([{ code: error.code, message: error.message, ...(error.field ? { field: error.field } : {}) }]),
    );
}

/**
 * Maps every failure to the contract's error body. An overloaded database (statement timeout, load
 * shedding, see `db/busy.ts`) is a 503 `database_busy` and a lost one a 503 `database_unavailable`,
 * both with `Retry-After` and logged as warnings (the database's state, not a bug); a full disk under the
 * file store (ENOSPC, EDQUOT, EFBIG) is a 507 `insufficient_storage`, logged as an error; anything else
 * unexpected is a 500 that is logged with the request id and says nothing more.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  const logBusy = busyLog();
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return sendAppError(reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'body';
      return reply.status(400).send(
        body(
          error.validation.map((issue) => {
            const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
            return {
              code: 'validation_failed' as const,
              message: field ? `${field}: ${issue.message}` : `${where}: ${issue.message}`,
              ...(field ? { field } : {}),
            };
          }),
        ),
      );
    }
    if (!isResponseSerializationError(error) && error.statusCode && error.statusCode < 500) {
      const code = statusCodes[error.statusCode] ?? 'bad_request';
      return reply.status(error.statusCode).send(body([{ code, message: error.message }]));
    }
    const busy = databaseBusyReason(error, request.queryScope?.abandoned ?? false);
    if (busy) {
      logBusy(request, error, busy);
      app.metrics.databaseBusy(busy);
      return sendAppError(reply, databaseBusy());
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn(
        { err: error, method: request.method, url: request.url },
        'request failed: database unavailable',
      );
      return sendAppError(reply, databaseUnavailable());
    }
    if (isStorageFull(error)) {
      // An operator has to act (free space, a larger volume): an error, not a warning.
      request.log.error(
        { err: error, method: request.method, url: request.url },
        'request failed: the file store is full',
      );
      return sendAppError(reply, storageFull());
    }
    request.log.error({ err: error, method: request.method, url: request.url }, 'request failed');
    return reply
      .status(500)
      .send(body([{ code: 'internal', message: `Something went wrong (request ${request.id}).` }]));
  });
}
