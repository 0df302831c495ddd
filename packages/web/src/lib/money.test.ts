import { describe, expect, it } from 'vitest';
import { formatMoney, formatPercent, hundredthsText, parseMoney, parsePercent } from './money';

describe('money as typed', () => {
  it('reads both languages’ decimal marks in integer minor units, without float errors', () => {
    expect(parseMoney('12,90')).toBe(1290);
    expect(parseMoney('12.90')).toBe(1290);
    expect(parseMoney('12,9')).toBe(1290);
    expect(parseMoney('0.29')).toBe(29);
    expect(parseMoney('1.15')).toBe(115);
    expect(parseMoney('4.35')).toBe(435);
    expect(parseMoney('19,99')).toBe(1999);
    expect(parseMoney('12')).toBe(1200);
    expect(parseMoney(' 12,90 ')).toBe(1290);
    expect(parseMoney('0')).toBe(0);
  });

  it('reads thousands groups in either language', () => {
    expect(parseMoney('1.234,56')).toBe(123456);
    expect(parseMoney('1,234.56')).toBe(123456);
    expect(parseMoney('1 234,56')).toBe(123456);
    expect(parseMoney('1.234,00')).toBe(123400);
    expect(parseMoney('1.234.567,89')).toBe(123456789);
  });

  it('refuses what is no amount', () => {
    for (const typed of [
      '',
      'abc',
      '12,999',
      '1.234',
      '12.900',
      '12,',
      ',5',
      '-3',
      '1,234,56',
      '1.234,567',
      '1.23.45',
      '12 €',
      '1e3',
    ]) {
      expect(parseMoney(typed), typed).toBeNull();
    }
  });

  it('reads tax rates in percent as basis points', () => {
    expect(parsePercent('19')).toBe(1900);
    expect(parsePercent('7')).toBe(700);
    expect(parsePercent('7,5')).toBe(750);
    expect(parsePercent('19.25 %')).toBe(1925);
    expect(parsePercent('0')).toBe(0);
    for (const typed of ['', 'x', '1.234', '7,555', '-7']) expect(parsePercent(typed), typed).toBeNull();
  });

  it('writes stored amounts back as the form shows them', () => {
    expect(hundredthsText(1290, 'de_DE')).toBe('12,90');
    expect(hundredthsText(1290, 'en_GB')).toBe('12.90');
    expect(hundredthsText(5, 'en_GB')).toBe('0.05');
    expect(hundredthsText(1900, 'de_DE', { keepCents: false })).toBe('19');
    expect(hundredthsText(750, 'de_DE', { keepCents: false })).toBe('7,5');
    for (const minor of [1, 99, 1290, 123456, 100_000_000]) {
      expect(parseMoney(hundredthsText(minor, 'de_DE'))).toBe(minor);
      expect(parseMoney(hundredthsText(minor, 'en_GB'))).toBe(minor);
    }
  });

  it('formats amounts and rates in each language and currency, however often and in whatever order', () => {
    for (let round = 0; round < 2; round += 1) {
      expect(formatMoney(1290, 'EUR', 'de_DE')).toBe('12,90\u00a0€');
      expect(formatMoney(1290, 'EUR', 'en_GB')).toBe('€12.90');
      expect(formatMoney(123456, 'CHF', 'de_DE')).toBe('1.234,56\u00a0CHF');
      expect(formatPercent(1900, 'de_DE')).toBe('19\u00a0%');
      expect(formatPercent(750, 'en_GB')).toBe('7.5%');
    }
  });
});
