import { describe, expect, it } from 'vitest';
import { formatOccasionDate, withoutYear } from './dates';

describe('dates', () => {
  it("formats 'Do MMMM YYYY' in English and German", () => {
    expect(formatOccasionDate('2026-03-01', 'Do MMMM YYYY', 'en_GB')).toBe('1st March 2026');
    expect(formatOccasionDate('2026-03-01', 'Do MMMM YYYY', 'de_DE')).toBe('1. März 2026');
  });

  it('leaves out the year when it is hidden or unknown', () => {
    expect(withoutYear('Do MMMM YYYY')).toBe('Do MMMM');
    expect(formatOccasionDate('2026-12-22', 'Do MMMM YYYY', 'en_GB', false)).toBe('22nd December');
    expect(formatOccasionDate('--02-29', 'Do MMMM YYYY', 'de_DE')).toBe('29. Februar');
  });
});
