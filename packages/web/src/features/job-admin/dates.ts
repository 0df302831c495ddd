const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A day typed as DD/MM/YYYY (dots or dashes also do) as YYYY-MM-DD; '' for an empty text (no date);
 * null when it is not a real day.
 */
export function parseDayInput(text: string): string | '' | null {
  const trimmed = text.trim();
  if (!trimmed) return '';
  const match = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(trimmed);
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** A stored YYYY-MM-DD day as the form's text: DD.MM.YYYY in German, DD/MM/YYYY otherwise. */
export function dayInputText(iso: string | null, lang: string): string {
  if (!iso) return '';
  const [year, month, day] = iso.split('-');
  return [day, month, year].join(lang.startsWith('de') ? '.' : '/');
}
