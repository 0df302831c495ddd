/** A YYYY-MM month in the reader's language ("March 2026"): ratings are dated no finer (anonymity). */
export function monthText(month: string, lang: string): string {
  const [year, number] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(lang.replace('_', '-'), {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year!, number! - 1, 1)));
}
