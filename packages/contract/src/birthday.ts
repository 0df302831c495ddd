import type { Locale } from './constants';

/**
 * Birthday rules of the spec (section 5): input is a strict date in DD/MM/YYYY; dash, dot and slash
 * separators are normalised to slashes; a two-digit year expands to the current or the previous
 * century, whichever is not in the future; the stored form is YYYY-MM-DD. A birthday whose year is
 * hidden from the viewer travels as `--MM-DD`.
 */

/** Why a birthday input was refused. */
export type BirthdayError = 'format' | 'invalid_date' | 'future' | 'too_old';

export type BirthdayParseResult = { ok: true; iso: string } | { ok: false; error: BirthdayError };

/** The earliest year a birthday may have. */
export const minBirthYear = 1900;

const inputPattern = /^(\d{2})\/(\d{2})\/(\d{2}|\d{4})$/;
const isoPattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const hiddenYearPattern = /^--(\d{2})-(\d{2})$/;

/** Trims the input and turns dash and dot separators into slashes. */
export function normalizeBirthdayInput(input: string): string {
  return input.trim().replace(/[-.]/g, '/');
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

function todayIso(today: Date): string {
  return `${pad(today.getFullYear(), 4)}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
}

function isRealDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}

/**
 * Parses a DD/MM/YYYY (or DD/MM/YY) birthday typed by a member; `today` is the viewer's local day
 * that decides the century of a two-digit year and what counts as the future.
 */
export function parseBirthday(input: string, today: Date = new Date()): BirthdayParseResult {
  const match = inputPattern.exec(normalizeBirthdayInput(input));
  if (!match) return { ok: false, error: 'format' };
  const day = Number(match[1]);
  const month = Number(match[2]);
  const todayValue = todayIso(today);
  let year = Number(match[3]);
  if (match[3]!.length === 2) {
    const century = Math.floor(today.getFullYear() / 100) * 100;
    year = century + year;
    if (`${pad(year, 4)}-${pad(month)}-${pad(day)}` > todayValue) year -= 100;
  }
  if (!isRealDate(year, month, day)) return { ok: false, error: 'invalid_date' };
  const iso = `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
  if (iso > todayValue) return { ok: false, error: 'future' };
  if (year < minBirthYear) return { ok: false, error: 'too_old' };
  return { ok: true, iso };
}

/** True when the text is a valid birthday input (see `parseBirthday`). */
export function isValidBirthdayInput(input: string, today: Date = new Date()): boolean {
  return parseBirthday(input, today).ok;
}

/**
 * A stored YYYY-MM-DD birthday as the DD/MM/YYYY text of the edit form, or DD.MM.YYYY for a German
 * form (the input takes either, see `parseBirthday`).
 */
export function toBirthdayInput(iso: string, locale?: Locale): string {
  const match = isoPattern.exec(iso);
  if (!match) return '';
  const separator = locale?.startsWith('de') ? '.' : '/';
  return [match[3], match[2], match[1]].join(separator);
}

/** True when the birthday travels without its year (`--MM-DD`). */
export function isBirthYearHidden(value: string): boolean {
  return hiddenYearPattern.test(value);
}

/**
 * Formats a birthday (`YYYY-MM-DD` or `--MM-DD`) for display in a locale, e.g. "3. März 1990" or
 * "3 March 1990"; without the year when `withYear` is false or the year is hidden.
 * Returns '' for text that is neither form.
 */
export function formatBirthday(value: string, locale: Locale, withYear = true): string {
  const full = isoPattern.exec(value);
  const partial = hiddenYearPattern.exec(value);
  const parts = full
    ? { year: Number(full[1]), month: Number(full[2]), day: Number(full[3]) }
    : partial
      ? { year: 2000, month: Number(partial[1]), day: Number(partial[2]) }
      : null;
  if (!parts || !isRealDate(parts.year, parts.month, parts.day)) return '';
  const showYear = withYear && Boolean(full);
  const formatter = new Intl.DateTimeFormat(locale.replace('_', '-'), {
    day: 'numeric',
    month: 'long',
    ...(showYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  });
  return formatter.format(new Date(Date.UTC(parts.year, parts.month - 1, parts.day)));
}
