export { callerOf, type RateLimiter, rateLimiter } from './limiter';
export { type RateLimitClass, rateLimitTable, signInDelay } from './limits';
export { rateLimits } from './plugin';
