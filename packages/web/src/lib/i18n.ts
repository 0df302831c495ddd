import { defaultLocale, htmlLang, type Locale } from '@plaza/contract/constants';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { call, getApiLocale, setApiLocale } from './api-client';
import { routes } from './endpoint-routes';
import { queryClient } from './query-client';
import { whenIdle } from './when-idle';

/** Each language's texts, fetched once; a failed fetch is forgotten, so the next use tries again. */
const bundles = new Map<Locale, Promise<void>>();

/** How the app's texts behave: no fallback language (the server sends every key), React escapes. */
export const i18nOptions = {
  fallbackLng: false,
  interpolation: { escapeValue: false },
  returnNull: false,
} as const;

export const i18n = i18next.createInstance();
// `added`: texts laid over later (the customer's own) re-render what shows them.
void i18n
  .use(initReactI18next)
  .init({ ...i18nOptions, lng: defaultLocale, resources: {}, react: { bindI18nStore: 'added' } });

/** Per language, the built-in text of every key the customer's own texts replace (to put back on reset). */
const builtIn = new Map<Locale, Map<string, string>>();

/**
 * Lays the customer's own texts (`key` -> text, keys dotted like `auth.login.title`) over a loaded
 * bundle, putting back the built-in text of keys no longer overridden.
 */
export function applyTextOverrides(locale: Locale, overrides: Record<string, string>): void {
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
  // One change (one `added` notice), so what shows the texts renders once.
  if (Object.keys(changes).length > 0) i18n.addResources(locale, 'translation', changes);
}

/** The built-in texts the customer's own replace in a language (the bundle holds the customer's). */
export function replacedBuiltInTexts(locale: Locale): ReadonlyMap<string, string> {
  return builtIn.get(locale) ?? new Map();
}

/** Fetches and applies a language's own texts (after a change by the administration, or once loaded). */
export async function refreshTextOverrides(locale: Locale): Promise<void> {
  applyTextOverrides(locale, await call(routes.admin.textOverrides, { params: { locale } }));
}

/** Fetches a language's texts from the server into i18n (once; callers share the request in flight). */
export function loadLocaleTexts(locale: Locale): Promise<void> {
  let loading = bundles.get(locale);
  if (!loading) {
    loading = call(routes.settings.translations, { params: { locale } }).then(
      (bundle) => {
        i18n.addResourceBundle(locale, 'translation', bundle, true, true);
        // The customer's own texts come after the first paint: most customers have none, and the page
        // shows the built-in ones until they are there.
        whenIdle(() => void refreshTextOverrides(locale).catch(() => undefined));
      },
      (error: unknown) => {
        bundles.delete(locale);
        throw error;
      },
    );
    bundles.set(locale, loading);
  }
  return loading;
}

/** Loads a language's texts and switches to it. */
export async function activateLocale(locale: Locale): Promise<void> {
  const switched = getApiLocale() !== locale;
  setApiLocale(locale);
  // Server answers are localized (menus, settings texts): a new language refetches them.
  if (switched) await queryClient.invalidateQueries();
  await loadLocaleTexts(locale);
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
  document.documentElement.lang = htmlLang(locale);
}
