import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { type Clock, secondsUntil, systemClock } from '../clock';
import { AppError } from '../errors';
import { type RateLimitClass, rateLimitTable, signInDelay } from './limits';
import { rateLimitsRepo } from './repo';

export interface RateLimitDeps {
  db: Db;
  clock?: Clock | undefined;
}

/** Who a call counts for: the signed-in member, else the IP address. */
export function callerOf(request: FastifyRequest): string {
  return request.user ? `member:${request.user.id}` : `ip:${request.ip}`;
}

const tooMany = (until: Date, now: Date, message: string) =>
  new AppError(429, 'rate_limited', message, undefined, { 'retry-after': String(secondsUntil(until, now)) });

const keyOf = (limit: RateLimitClass, subject: string) => `${limit}:${subject}`;

/** The sign-in counter of an account name (known or not, case-insensitive) and an address. */
function signInKey(identifier: string, ip: string): string {
  const name = createHash('sha256').update(identifier.trim().toLowerCase()).digest('hex');
  return `signIn:${name}:ip:${ip}`;
}

/** The one rate-limit helper: fixed windows from `rateLimitTable` and the sign-in delay, on the shared counters. */
export function rateLimiter({ db, clock = systemClock }: RateLimitDeps) {
  return {
    /** Counts a call of `subject`; past the class's `max` it throws 429 `rate_limited` with `Retry-After`. */
    async consume(limit: RateLimitClass, subject: string): Promise<void> {
      const { max, windowSeconds } = rateLimitTable[limit];
      const now = clock();
      const counter = await rateLimitsRepo.hit(db, keyOf(limit, subject), now, windowSeconds);
      if (counter.count > max) {
        throw tooMany(counter.resetAt, now, 'Too many requests. Please wait a moment and try again.');
      }
    },

    /** Counts without refusing; true once the count is past `max` (for limits that must not show). */
    async count(limit: RateLimitClass, subject: string): Promise<boolean> {
      const { max, windowSeconds } = rateLimitTable[limit];
      const counter = await rateLimitsRepo.hit(db, keyOf(limit, subject), clock(), windowSeconds);
      return counter.count > max;
    },

    /**
     * Counts a failure towards `check`'s refusal; `reachedMax` is true for the one call per window that
     * makes `check` start refusing `subject` (its `max`-th), with the window's count and end.
     */
    async countFailure(
      limit: RateLimitClass,
      subject: string,
    ): Promise<{ reachedMax: boolean; count: number; resetAt: Date }> {
      const { max, windowSeconds } = rateLimitTable[limit];
      const counter = await rateLimitsRepo.hit(db, keyOf(limit, subject), clock(), windowSeconds);
      return { reachedMax: counter.count === max, count: counter.count, resetAt: counter.resetAt };
    },

    /** Throws 429 when `subject` has used up the class's window, without counting this call. */
    async check(limit: RateLimitClass, subject: string): Promise<void> {
      const now = clock();
      const counter = await rateLimitsRepo.peek(db, keyOf(limit, subject), now);
      if (counter && counter.count >= rateLimitTable[limit].max) {
        throw tooMany(
          counter.resetAt,
          now,
          'Too many failed attempts from this address. Please wait and try again.',
        );
      }
    },

    /**
     * Counts a sign-in attempt of an account name from an address (`signInDelay`); throws 429 while
     * that pair has to wait. Nothing here depends on whether the account exists. Answers the attempt
     * that starts the waiting (the window's first beyond the free ones), else null.
     */
    async signInAttempt(
      identifier: string,
      ip: string,
    ): Promise<{ attempts: number; waitUntil: Date } | null> {
      const now = clock();
      const key = signInKey(identifier, ip);
      const counted = await rateLimitsRepo.attempt(db, key, now, signInDelay);
      if (counted) {
        const starts = counted.count === signInDelay.freeAttempts && counted.blockedUntil !== null;
        return starts ? { attempts: counted.count, waitUntil: counted.blockedUntil! } : null;
      }
      const waiting = await rateLimitsRepo.peek(db, key, now);
      throw tooMany(
        waiting?.blockedUntil ?? now,
        now,
        'Too many sign-in attempts. Please wait a moment and try again.',
      );
    },

    /** Forgets the sign-in attempts of an account name from an address (after a successful sign-in). */
    async signInSucceeded(identifier: string, ip: string): Promise<void> {
      await rateLimitsRepo.remove(db, signInKey(identifier, ip));
    },

    /** Removes counters that ended before `before` (housekeeping). */
    removeEnded(before: Date): Promise<number> {
      return rateLimitsRepo.removeEnded(db, before);
    },
  };
}

export type RateLimiter = ReturnType<typeof rateLimiter>;
