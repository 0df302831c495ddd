import { htmlLang, locales } from '@plaza/contract/constants';
import { describe, expect, it } from 'vitest';
import { formatDecimal } from './decimal';

const samples = [
  0,
  -0,
  0.04,
  -0.04,
  0.05,
  0.15,
  0.25,
  1,
  1.005,
  2.675,
  3.45,
  3.95,
  4.5,
  9.99,
  10,
  999.95,
  1000,
  1023.9,
  1234.56,
  -1234.56,
  12345.678,
  999999.96,
  1234567.891,
  2.5,
  -2.5,
  1e-7,
  1e21,
  0.995,
  99.95,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
];
// Many more, with up to four fraction digits and up to seven whole ones (a fixed sequence, the same each run).
let seed = 7;
const next = () => {
  seed = (seed * 48271) % 2147483647;
  return seed / 2147483647;
};
for (let i = 0; i < 2000; i += 1) {
  samples.push(
    Math.round((next() - 0.2) * 10 ** (1 + Math.floor(next() * 10))) / 10 ** Math.floor(next() * 5),
  );
}

describe('decimal numbers the locale’s way', () => {
  for (const locale of locales) {
    for (const digits of [0, 1, 2]) {
      it(`writes ${locale} with at most ${digits} fraction digits as Intl does`, () => {
        const intl = new Intl.NumberFormat(htmlLang(locale), { maximumFractionDigits: digits });
        for (const value of samples)
          expect(formatDecimal(value, locale, digits), String(value)).toBe(intl.format(value));
      });
    }
  }

  it('uses the default locale for a language it does not know', () => {
    expect(formatDecimal(1234.5, 'fr_FR')).toBe('1.234,5');
  });
});
