import type { Locale } from '@plaza/contract/constants';
import type { i18n as I18n } from 'i18next';

/** Per language, the built-in text of every key the customer's own texts replace (to put back on reset). */
const builtIn = new Map<Locale, Map<string, string>>();

/** Per language, the customer's own texts laid over it last (laid again over areas loaded later). */
const applied = new Map<Locale, Record<string, string>>();

/**
 * Lays the customer's own texts (`key` -> text, keys dotted like `auth.login.title`) over a loaded
 * bundle, putting back the built-in text of keys no longer overridden. Keys of areas not loaded yet are
 * laid over when they load (`reapplyTextOverrides`).
 */
export function applyTextOverrides(i18n: I18n, locale: Locale, overrides: Record<string, string>): void {
  applied.set(locale, overrides);
  const replaced = builtIn.get(locale) ?? new Map<string, string>();
  builtIn.set(locale, replaced);
  const changes: Record<string, string> = {};
  for (const [key, text] of replaced)
    if (!(key in overrides)) {
      changes[key] = text;
      replaced.delete(key);
    }
  for (const [key, text] of Object.entries(overrides)) {
    const current = replaced.get(key) ?? i18n.getResource(locale, 'translation', key);
    // Only texts of the bundle: an override never adds a key, nor replaces a group of texts.
    if (typeof current !== 'string') continue;
    replaced.set(key, current);
    changes[key] = text;
  }
  // One change (one `added` notice, which lib/i18n binds to), so what shows the texts renders once.
  if (Object.keys(changes).length > 0) i18n.addResources(locale, 'translation', changes);
}

/** Lays the customer's own texts of a language over it again: over the texts of areas loaded since. */
export function reapplyTextOverrides(i18n: I18n, locale: Locale): void {
  const overrides = applied.get(locale);
  if (overrides) applyTextOverrides(i18n, locale, overrides);
}

/** The built-in texts the customer's own replace in a language (the bundle holds the customer's). */
export function replacedBuiltInTexts(locale: Locale): ReadonlyMap<string, string> {
  return builtIn.get(locale) ?? new Map();
}
