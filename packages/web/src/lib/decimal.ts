import { defaultLocale, htmlLang, isLocale, numberMarks } from '@plaza/contract/constants';

/**
 * A number the locale's way with at most `fractionDigits` fraction digits, exactly as Intl's number format
 * writes it, without Intl: the first Intl number or date format of a page loads the browser's locale data,
 * 20-25 ms on this machine and four times that on a phone, in the middle of taking over the page (a
 * rating's score, a file's size). Money stays with Intl (lib/money).
 */
export function formatDecimal(value: number, locale: string, fractionDigits = 1): string {
  const lang = isLocale(locale) ? locale : defaultLocale;
  // Like Intl, it rounds the number's shortest decimal form (0.15, not 0.1499...) half away from zero.
  const shortest = String(Math.abs(value));
  // Intl's own words for what has no plain decimal form: an exponent's, infinity's, not a number's.
  if (!Number.isFinite(value) || shortest.includes('e')) {
    return new Intl.NumberFormat(htmlLang(lang), { maximumFractionDigits: fractionDigits }).format(value);
  }
  const [whole = '', fraction = ''] = shortest.split('.');
  let digits = whole + fraction.slice(0, fractionDigits).padEnd(fractionDigits, '0');
  if ((fraction[fractionDigits] ?? '0') >= '5') digits = (BigInt(digits) + 1n).toString();
  digits = digits.padStart(fractionDigits + 1, '0');
  const marks = numberMarks[lang];
  const wholePart = digits.slice(0, digits.length - fractionDigits).replace(/\B(?=(\d{3})+$)/g, marks.group);
  const kept = digits.slice(digits.length - fractionDigits).replace(/0+$/, '');
  // Intl keeps the sign of a negative number rounded to zero (-0.04 -> "-0"), and of -0.
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${wholePart}${kept ? marks.decimal + kept : ''}`;
}
