import type { z } from 'zod';

/**
 * Postal code formats of the countries whose codes follow one pattern (the Universal Postal Union's
 * list, as written on letters). A country not listed takes any code of 2 to 10 letters, digits,
 * spaces and dashes (`addressFieldsSchema`). The pattern is matched against the trimmed, upper-case code.
 */
export const postcodePatterns: Readonly<Record<string, RegExp>> = {
  AT: /^\d{4}$/,
  BE: /^\d{4}$/,
  BG: /^\d{4}$/,
  CH: /^\d{4}$/,
  CZ: /^\d{3} ?\d{2}$/,
  DE: /^\d{5}$/,
  DK: /^\d{4}$/,
  EE: /^\d{5}$/,
  ES: /^\d{5}$/,
  FI: /^\d{5}$/,
  FR: /^\d{5}$/,
  GB: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/,
  GR: /^\d{3} ?\d{2}$/,
  HR: /^\d{5}$/,
  HU: /^\d{4}$/,
  IE: /^[A-Z]\d[\dW] ?[A-Z\d]{4}$/,
  IT: /^\d{5}$/,
  LI: /^\d{4}$/,
  LT: /^(LT-)?\d{5}$/,
  LU: /^(L-)?\d{4}$/,
  LV: /^(LV-)?\d{4}$/,
  NL: /^\d{4} ?[A-Z]{2}$/,
  NO: /^\d{4}$/,
  PL: /^\d{2}-\d{3}$/,
  PT: /^\d{4}-\d{3}$/,
  RO: /^\d{6}$/,
  SE: /^\d{3} ?\d{2}$/,
  SI: /^\d{4}$/,
  SK: /^\d{3} ?\d{2}$/,
  US: /^\d{5}(-\d{4})?$/,
};

/** True when the postal code fits its country's format (or the country has none listed). */
export function postcodeFits(country: string, zip: string): boolean {
  const pattern = postcodePatterns[country];
  return !pattern || pattern.test(zip.trim().toUpperCase());
}

/** A refinement of an address: its `zip` must fit the format of its `country` (a 400 naming `zip`). */
export function checkPostcode(value: { country: string; zip: string }, ctx: z.core.$RefinementCtx): void {
  if (!postcodeFits(value.country, value.zip)) {
    ctx.addIssue({
      code: 'custom',
      message: `a postal code as written in ${value.country}`,
      path: ['zip'],
      input: value.zip,
    });
  }
}
