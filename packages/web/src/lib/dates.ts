import type { Locale } from '@plaza/contract/constants';
import dayjs from 'dayjs';
import 'dayjs/locale/de';
import 'dayjs/locale/en-gb';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import utc from 'dayjs/plugin/utc';
import { useTakingOver } from './taking-over';

dayjs.extend(advancedFormat);
dayjs.extend(utc);

const dayjsLocales: Record<Locale, string> = { de_DE: 'de', en_GB: 'en-gb' };

/** Formats a date (YYYY-MM-DD or ISO) in the app language, e.g. 'Do MMMM YYYY' -> '5. März 2026' / '5th March 2026'. */
export function formatDate(
  date: string,
  format: string,
  lang: Locale,
  zone: 'local' | 'utc' = 'local',
): string {
  return (zone === 'utc' ? dayjs.utc(date) : dayjs(date)).locale(dayjsLocales[lang]).format(format);
}

/**
 * `formatDate` for a moment shown with its time, in a component (components/moment.tsx): the server does
 * not know the window's time zone, so it renders UTC, and so does the browser while it takes that page
 * over (lib/taking-over); then the window's time.
 */
export function useFormatMoment(): typeof formatDate {
  const utc = useTakingOver();
  return (date, format, lang) => formatDate(date, format, lang, utc ? 'utc' : 'local');
}

/** A format without its year part, for birthdays whose year is hidden ('Do MMMM YYYY' -> 'Do MMMM'). */
export function withoutYear(format: string): string {
  return format.replace(/[\s.,/-]*Y+[\s.,/-]*/g, ' ').trim();
}

/**
 * A birthday or anniversary date in the given format; without the year when the year is hidden. Accepts
 * `--MM-DD` (a birthday whose year the viewer may not see).
 */
export function formatOccasionDate(date: string, format: string, lang: Locale, yearVisible = true): string {
  const hidden = date.startsWith('--') || !yearVisible;
  // A year-less date gets a leap year, so 29 February stays a valid day.
  const full = date.startsWith('--') ? `2000${date.slice(1)}` : date;
  return formatDate(full, hidden ? withoutYear(format) : format, lang);
}
