import { htmlLang, type Locale } from '@plaza/contract/constants';

/**
 * A decimal as typed ("12,90", "12.90", "1.234,56", "1,234.56", "12") in hundredths, read digit by
 * digit (never through a float, where 12.9 * 100 is 1290.0000000000002); null when it is no amount
 * or has more than two decimals. Thousands groups are read where they cannot be a decimal mark
 * ("1.234,56", "1,234.56", "1.234.567"); a lone separator before three digits ("1.234", "12,999") is
 * 1234 to a German reader and 1.234 to an English one, so it is refused rather than guessed.
 */
export function parseHundredths(typed: string): number | null {
  const value = typed.replace(/[\s\u00a0\u202f']/g, '');
  const match = /^(\d{1,3}(?:([.,])\d{3}(?:\2\d{3})*)?|\d+)(?:([.,])(\d{1,2}))?$/.exec(value);
  if (!match) return null;
  const [, whole = '', groupSeparator, decimalSeparator, decimals = ''] = match;
  // One separator serving both as thousands and decimal mark ("1,234,56") is no amount.
  if (groupSeparator && decimalSeparator && groupSeparator === decimalSeparator) return null;
  if (groupSeparator && !decimalSeparator && whole.split(groupSeparator).length === 2) return null;
  const digits = whole.replace(/[.,]/g, '');
  if (digits.length > 12) return null;
  return Number(digits) * 100 + Number(decimals.padEnd(2, '0'));
}

/** A price as typed in the currency's units, in integer minor units (all shop currencies have two decimals). */
export const parseMoney = (typed: string): number | null => parseHundredths(typed);

/** A tax rate as typed in percent ("19", "7", "7,5"), in basis points (1900, 700, 750). */
export function parsePercent(typed: string): number | null {
  const value = typed.replace(/\s|%/g, '');
  return /^\d{1,3}(?:[.,]\d{1,2})?$/.test(value) ? parseHundredths(value) : null;
}

/** Hundredths as the form shows them in a language: 1290 -> "12,90" (de) or "12.90" (en); 1900 -> "19". */
export function hundredthsText(value: number, lang: Locale, { keepCents = true } = {}): string {
  const whole = Math.trunc(value / 100);
  const cents = String(value % 100).padStart(2, '0');
  if (!keepCents && cents === '00') return String(whole);
  const decimals = keepCents ? cents : cents.replace(/0$/, '');
  return `${whole}${lang === 'de_DE' ? ',' : '.'}${decimals}`;
}

const formats = new Map<string, Intl.NumberFormat>();

/**
 * A language's number format, made once: making one took a phone's CPU about a millisecond, and a form
 * of prices (the registration's subscriptions) formats some hundred amounts as it is drawn.
 */
function numberFormat(lang: Locale, style: 'currency' | 'percent', currency = ''): Intl.NumberFormat {
  const key = `${lang} ${style} ${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(
      htmlLang(lang),
      style === 'currency' ? { style, currency } : { style, maximumFractionDigits: 2 },
    );
    formats.set(key, format);
  }
  return format;
}

/** An amount in minor units for reading, in the language's way: "12,90 €" or "€12.90". */
export function formatMoney(minor: number, currency: string, lang: Locale): string {
  return numberFormat(lang, 'currency', currency).format(minor / 100);
}

/** Basis points for reading: 1900 -> "19 %" (de) or "19%" (en). */
export function formatPercent(basisPoints: number, lang: Locale): string {
  return numberFormat(lang, 'percent').format(basisPoints / 10_000);
}
