import { defaultLocale, htmlLang, type Locale } from '@plaza/contract/constants';
import { buildPath } from '@plaza/contract/endpoint';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { call, getApiLocale, setApiLocale } from './api-client';
import { routes } from './endpoint-routes';
import { takeFirstAnswer } from './first-answers';
import { queryClient } from './query-client';
import { applyTextOverrides } from './text-overrides';
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

/** Fetches and applies a language's own texts (after its bundle, and after the administration changed them). */
export async function refreshTextOverrides(locale: Locale): Promise<void> {
  applyTextOverrides(i18n, locale, await call(routes.admin.textOverrides, { params: { locale } }));
}

/** Fetches a language's texts from the server into i18n (once; callers share the request in flight). */
export function loadLocaleTexts(locale: Locale): Promise<void> {
  let loading = bundles.get(locale);
  if (!loading) {
    loading = call(routes.settings.translations, { params: { locale } }).then(
      (bundle) => {
        i18n.addResourceBundle(locale, 'translation', bundle, true, true);
        // The customer's own texts: with the page when it brought them (server app-page), so the first screen
        // shows them; else asked for after the first paint (most customers have none).
        const own = takeFirstAnswer(buildPath(routes.admin.textOverrides.path, { locale }));
        if (own) applyTextOverrides(i18n, locale, own as Record<string, string>);
        else whenIdle(() => void refreshTextOverrides(locale).catch(() => undefined));
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
