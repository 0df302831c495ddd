import { adminTextAreas, type Locale, locales } from '@plaza/contract/constants';
import { i18n, loadLocaleTexts, loadTextAreas } from '../../lib/i18n';
import { replacedBuiltInTexts } from '../../lib/text-overrides';

/** One text of the app: its dotted key and its built-in wording per language. */
export interface BuiltInText {
  key: string;
  texts: Partial<Record<Locale, string>>;
}

function flatten(value: unknown, prefix: string, into: Map<string, string>): void {
  if (typeof value === 'string') into.set(prefix, value);
  else if (value && typeof value === 'object')
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, into);
}

/** Every text key of the app's bundles with the built-in texts of each language (not the customer's own). */
export async function loadBuiltInTexts(): Promise<BuiltInText[]> {
  await Promise.all(
    locales.flatMap((locale) => [loadLocaleTexts(locale), loadTextAreas(i18n, locale, adminTextAreas)]),
  );
  const byKey = new Map<string, BuiltInText>();
  for (const locale of locales) {
    const texts = new Map<string, string>();
    flatten(i18n.getResourceBundle(locale, 'translation'), '', texts);
    for (const [key, text] of replacedBuiltInTexts(locale)) texts.set(key, text);
    for (const [key, text] of texts) {
      const entry = byKey.get(key) ?? { key, texts: {} };
      entry.texts[locale] = text;
      byKey.set(key, entry);
    }
  }
  return [...byKey.values()].sort((a, b) => a.key.localeCompare(b.key));
}

/** The texts whose key or wording in any language contains every word of the search (case-insensitive). */
export function searchTexts(texts: BuiltInText[], search: string): BuiltInText[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return texts.filter((entry) => {
    const haystack = [entry.key, ...Object.values(entry.texts)].join('\n').toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}
