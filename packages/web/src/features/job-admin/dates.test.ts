import { describe, expect, it } from 'vitest';
import { dayInputText, parseDayInput } from './dates';

describe('the availability date of the job form', () => {
  it('reads DD/MM/YYYY with slashes, dots or dashes, empty as no date', () => {
    expect(parseDayInput('01/03/2027')).toBe('2027-03-01');
    expect(parseDayInput(' 1.3.2027 ')).toBe('2027-03-01');
    expect(parseDayInput('29-02-2028')).toBe('2028-02-29');
    expect(parseDayInput('')).toBe('');
  });

  it.each(['31/02/2027', '2027-03-01', '1/3/27', 'soon'])('refuses %j', (text) => {
    expect(parseDayInput(text)).toBeNull();
  });

  it('writes a stored day the way the form language reads it', () => {
    expect(dayInputText('2027-03-01', 'de_DE')).toBe('01.03.2027');
    expect(dayInputText('2027-03-01', 'en_GB')).toBe('01/03/2027');
    expect(dayInputText(null, 'en_GB')).toBe('');
  });
});
