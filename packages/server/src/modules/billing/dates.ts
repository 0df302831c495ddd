import type { SubscriptionPeriod } from '@plaza/contract';

/** Months per period. */
export const periodMonths: Record<SubscriptionPeriod, number> = { month: 1, quarter: 3, year: 12 };

/** The calendar day (`YYYY-MM-DD`, UTC) of a moment. */
export const dayOf = (moment: Date): string => moment.toISOString().slice(0, 10);

function parts(day: string): [number, number, number] {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return [y, m, d];
}

/** A day plus whole months, clamped to the month's last day (Jan 31 + 1 month = Feb 28 or 29). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = parts(day);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return dayOf(first);
}

/** A day plus whole days. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = parts(day);
  return dayOf(new Date(Date.UTC(y, m - 1, d + days)));
}

/**
 * The boundary of period `n` of a subscription started on `startedOn` (period 0 starts there): always
 * counted from the start, so a subscription started on Jan 31 renews on Feb 28, Mar 31, Apr 30.
 */
export const periodBoundary = (startedOn: string, period: SubscriptionPeriod, n: number): string =>
  addMonths(startedOn, periodMonths[period] * n);

/** The most periods a search walks (a minimum term is at most a few years). */
const maxPeriods = 1200;

/** The index of the period boundary `day` (0 for the start); null when it is none. */
function boundaryIndex(startedOn: string, period: SubscriptionPeriod, day: string): number | null {
  const [y0, m0] = parts(startedOn);
  const [y, m] = parts(day);
  const n = Math.round((y * 12 + m - (y0 * 12 + m0)) / periodMonths[period]);
  return n >= 0 && n <= maxPeriods && periodBoundary(startedOn, period, n) === day ? n : null;
}

/** The end of the period after the one ending on `periodEnd`. */
export function nextPeriodEnd(startedOn: string, period: SubscriptionPeriod, periodEnd: string): string {
  const n = boundaryIndex(startedOn, period, periodEnd);
  return n === null ? addMonths(periodEnd, periodMonths[period]) : periodBoundary(startedOn, period, n + 1);
}

/** The running terms a cancellation is decided on. */
export interface Term {
  period: SubscriptionPeriod;
  started_on: string;
  current_period_end: string;
  minimum_term_end: string;
  notice_days: number;
}

/**
 * Where a cancellation given on `today` ends the subscription: the end of the first period that ends
 * at least `notice_days` after today and not before the minimum term's end.
 */
export function cancellationEnd(term: Term, today: string): string {
  const notice = addDays(today, term.notice_days);
  let end = term.current_period_end;
  for (let i = 0; i < maxPeriods && (end < notice || end < term.minimum_term_end); i += 1) {
    end = nextPeriodEnd(term.started_on, term.period, end);
  }
  return end;
}
