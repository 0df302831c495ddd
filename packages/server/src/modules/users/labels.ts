import { defaultLocale, type Locale } from '@plaza/contract';

/** A label of a per-locale label object (`{ de_DE, en_GB }`): the caller's, else the default, else `fallback`. */
export function localizedLabel(labels: unknown, locale: Locale, fallback: string): string {
  if (!labels || typeof labels !== 'object') return typeof labels === 'string' ? labels : fallback;
  const byLocale = labels as Record<string, unknown>;
  const value = byLocale[locale] ?? byLocale[defaultLocale];
  return typeof value === 'string' && value ? value : fallback;
}
