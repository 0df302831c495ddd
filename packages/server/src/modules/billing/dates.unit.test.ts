import { describe, expect, it } from 'vitest';
import { addDays, addMonths, cancellationEnd, nextPeriodEnd, periodBoundary } from './dates';

describe('billing dates', () => {
  it.each([
    ['2026-01-31', 1, '2026-02-28'],
    ['2028-01-31', 1, '2028-02-29'],
    ['2026-01-31', 3, '2026-04-30'],
    ['2026-03-31', -1, '2026-02-28'],
    ['2026-11-30', 2, '2027-01-30'],
    ['2026-12-15', 12, '2027-12-15'],
    ['2028-02-29', 12, '2029-02-28'],
  ])('%s plus %i months is %s', (day, months, expected) => {
    expect(addMonths(day, months)).toBe(expected);
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-12-20', 14)).toBe('2027-01-03');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('counts each period from the start, so a month end stays a month end', () => {
    expect([1, 2, 3, 4].map((n) => periodBoundary('2026-01-31', 'month', n))).toEqual([
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
    ]);
    expect(nextPeriodEnd('2026-01-31', 'month', '2026-02-28')).toBe('2026-03-31');
    expect(nextPeriodEnd('2026-01-31', 'quarter', '2026-04-30')).toBe('2026-07-31');
    expect(nextPeriodEnd('2028-02-29', 'year', '2029-02-28')).toBe('2030-02-28');
    expect(periodBoundary('2028-02-29', 'year', 4)).toBe('2032-02-29');
  });

  const term = {
    period: 'month' as const,
    started_on: '2026-01-31',
    current_period_end: '2026-02-28',
    minimum_term_end: '2026-04-30',
    notice_days: 14,
  };

  it.each([
    // Inside the minimum term: its end.
    ['2026-02-01', '2026-04-30'],
    // Notice reaches past the minimum term's end: the next period's end.
    ['2026-04-20', '2026-05-31'],
    // Exactly 14 days before a period's end: that end.
    ['2026-05-17', '2026-05-31'],
    ['2026-05-18', '2026-06-30'],
  ])('a cancellation on %s ends on %s', (today, expected) => {
    const running = {
      ...term,
      current_period_end: today < '2026-05-01' ? term.current_period_end : '2026-05-31',
    };
    expect(cancellationEnd(running, today)).toBe(expected);
  });

  it('ends at the current period without notice or minimum term', () => {
    expect(cancellationEnd({ ...term, notice_days: 0, minimum_term_end: '2026-02-28' }, '2026-02-10')).toBe(
      '2026-02-28',
    );
    expect(
      cancellationEnd(
        {
          ...term,
          period: 'year',
          current_period_end: '2027-01-31',
          minimum_term_end: '2027-01-31',
          notice_days: 90,
        },
        '2026-12-01',
      ),
    ).toBe('2028-01-31');
  });
});
