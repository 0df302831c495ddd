import { describe, expect, it } from 'vitest';
import {
  formatBirthday,
  isBirthYearHidden,
  isValidBirthdayInput,
  normalizeBirthdayInput,
  parseBirthday,
  toBirthdayInput,
} from './birthday';

const today = new Date(2026, 10, 23);

describe('parseBirthday', () => {
  it('accepts DD/MM/YYYY and stores YYYY-MM-DD', () => {
    expect(parseBirthday('03/04/1990', today)).toEqual({ ok: true, iso: '1990-04-03' });
  });

  it('normalises dash and dot separators and trims', () => {
    expect(normalizeBirthdayInput(' 03-04.1990 ')).toBe('03/04/1990');
    expect(parseBirthday('03-04-1990', today)).toEqual({ ok: true, iso: '1990-04-03' });
    expect(parseBirthday('03.04.1990', today)).toEqual({ ok: true, iso: '1990-04-03' });
  });

  it('expands a two-digit year to the current century when that is not in the future', () => {
    expect(parseBirthday('01/01/05', today)).toEqual({ ok: true, iso: '2005-01-01' });
    expect(parseBirthday('23/11/26', today)).toEqual({ ok: true, iso: '2026-11-23' });
  });

  it('expands a two-digit year to the previous century when the current one is in the future', () => {
    expect(parseBirthday('24/11/26', today)).toEqual({ ok: true, iso: '1926-11-24' });
    expect(parseBirthday('15/06/85', today)).toEqual({ ok: true, iso: '1985-06-15' });
  });

  it('refuses dates that do not exist', () => {
    expect(parseBirthday('31/02/2020', today)).toEqual({ ok: false, error: 'invalid_date' });
    expect(parseBirthday('00/01/2000', today)).toEqual({ ok: false, error: 'invalid_date' });
    expect(parseBirthday('10/13/2000', today)).toEqual({ ok: false, error: 'invalid_date' });
    expect(parseBirthday('29/02/2019', today)).toEqual({ ok: false, error: 'invalid_date' });
    expect(parseBirthday('29/02/2020', today)).toEqual({ ok: true, iso: '2020-02-29' });
  });

  it('refuses future dates and years before 1900', () => {
    expect(parseBirthday('24/11/2026', today)).toEqual({ ok: false, error: 'future' });
    expect(parseBirthday('01/01/2100', today)).toEqual({ ok: false, error: 'future' });
    expect(parseBirthday('31/12/1899', today)).toEqual({ ok: false, error: 'too_old' });
  });

  it('refuses other shapes', () => {
    for (const input of [
      '',
      'garbage',
      '1990-04-03',
      '3/4/1990',
      '03_04_1990',
      '03 04 1990',
      '03041990',
      '03/04/199',
    ]) {
      expect(parseBirthday(input, today)).toEqual({ ok: false, error: 'format' });
      expect(isValidBirthdayInput(input, today)).toBe(false);
    }
  });
});

describe('display helpers', () => {
  it('turns a stored date into the form text', () => {
    expect(toBirthdayInput('1990-04-03')).toBe('03/04/1990');
    // German forms write dates with dots (TT.MM.JJJJ), which the input takes as well.
    expect(toBirthdayInput('1990-04-03', 'de_DE')).toBe('03.04.1990');
    expect(toBirthdayInput('1990-04-03', 'en_GB')).toBe('03/04/1990');
    expect(toBirthdayInput('--04-03')).toBe('');
  });

  it('recognises a hidden year', () => {
    expect(isBirthYearHidden('--04-03')).toBe(true);
    expect(isBirthYearHidden('1990-04-03')).toBe(false);
  });

  it('formats with and without the year in both languages', () => {
    expect(formatBirthday('1990-04-03', 'de_DE')).toBe('3. April 1990');
    expect(formatBirthday('1990-04-03', 'en_GB')).toBe('3 April 1990');
    expect(formatBirthday('1990-04-03', 'de_DE', false)).toBe('3. April');
    expect(formatBirthday('--02-29', 'en_GB')).toBe('29 February');
    expect(formatBirthday('nonsense', 'en_GB')).toBe('');
  });
});
