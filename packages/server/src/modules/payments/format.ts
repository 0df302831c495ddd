import type { Locale, ShopCurrency } from '@plaza/contract';

const tag = (locale: Locale) => locale.replace('_', '-');

/** Intl formatters are slow to make (a third of an order mail's text): made once per language and kind. */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function formatter<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let made = formatters.get(key) as T | undefined;
  if (!made) {
    made = make();
    formatters.set(key, made);
  }
  return made;
}

/** An amount in minor units as the reader writes money: `12,50 €`, `€12.50`. */
export function money(locale: Locale, currency: ShopCurrency, minor: number): string {
  return formatter(
    `money ${locale} ${currency}`,
    () => new Intl.NumberFormat(tag(locale), { style: 'currency', currency }),
  ).format(minor / 100);
}

/** A date as the reader writes it (the server's time zone is UTC, so the day is UTC's). */
export function day(locale: Locale, date: Date): string {
  return formatter(
    `day ${locale}`,
    () => new Intl.DateTimeFormat(tag(locale), { dateStyle: 'medium', timeZone: 'UTC' }),
  ).format(date);
}

/** A tax rate in basis points as a percentage: 1900 → `19`, 750 → `7.5` (`7,5`). */
export function percent(locale: Locale, basisPoints: number): string {
  return formatter(
    `percent ${locale}`,
    () => new Intl.NumberFormat(tag(locale), { maximumFractionDigits: 2 }),
  ).format(basisPoints / 100);
}
