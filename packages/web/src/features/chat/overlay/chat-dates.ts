import type { Locale } from '@plaza/contract/constants';
import { formatDate } from '../../../lib/dates';

const hourMs = 60 * 60 * 1000;

/**
 * A conversation's date in the list (spec 9): relative time when under 60 minutes ("5 minutes ago", "just
 * now" under one minute), HH:mm for today, else DD.MM.YY.
 */
export function conversationDate(iso: string, lang: Locale, justNow: string, now = new Date()): string {
  const date = new Date(iso);
  const age = now.getTime() - date.getTime();
  if (age < hourMs) {
    const minutes = Math.max(0, Math.floor(age / 60_000));
    if (minutes < 1) return justNow;
    return new Intl.RelativeTimeFormat(lang.replace('_', '-'), { numeric: 'auto' }).format(
      -minutes,
      'minute',
    );
  }
  const today = date.toDateString() === now.toDateString();
  return formatDate(iso, today ? 'HH:mm' : 'DD.MM.YY', lang);
}

/** A message's time (spec 9): DD. MMM YYYY HH:mm. */
export function messageTime(iso: string, lang: Locale): string {
  return formatDate(iso, 'DD. MMM YYYY HH:mm', lang);
}
