/** The current time. The app reads it through `AppDeps.clock`, so tests can move it forward. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** Seconds from `now` until `moment`, rounded up and at least 1 (for `Retry-After`). */
export function secondsUntil(moment: Date, now: Date): number {
  return Math.max(1, Math.ceil((moment.getTime() - now.getTime()) / 1000));
}
