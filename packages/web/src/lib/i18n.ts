import {
  defaultLocale,
  htmlLang,
  type Locale,
  memberTextsQuery,
  type TextArea,
} from '@plaza/contract/constants';
import { buildPath } from '@plaza/contract/endpoint';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { call, getApiLocale, setApiLocale } from './api-client';
import { routes } from './endpoint-routes';
import { takeFirstAnswer } from './first-answers';
import { queryClient } from './query-client';
import { applyTextOverrides, reapplyTextOverrides } from './text-overrides';
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

/**
 * Fetches a language's texts from the server into i18n (once; callers share the request in flight): the
 * members' areas, which the page brings (server app-page); the administration loads its own (`loadTextAreas`).
 */
export function loadLocaleTexts(locale: Locale): Promise<void> {
  let loading = bundles.get(locale);
  if (!loading) {
    loading = call(routes.settings.translations, { params: { locale }, query: memberTextsQuery }).then(
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

/** Whether an i18n holds the texts of every one of `areas` in a language. */
export const hasTextAreas = (i18n: I18n, locale: Locale, areas: readonly TextArea[]) =>
  areas.every((area) => i18n.getResource(locale, 'translation', area) !== undefined);

/** Areas being fetched, by language and areas; a failed fetch is forgotten, so the next use tries again. */
const areaLoads = new Map<string, Promise<void>>();

/**
 * Fetches more areas of a language's texts into i18n (once; callers share the request in flight), and lays
 * the customer's own texts of that language over them too.
 */
export function loadTextAreas(i18n: I18n, locale: Locale, areas: readonly TextArea[]): Promise<void> {
  const key = `${locale}:${areas.join(',')}`;
  let loading = areaLoads.get(key);
  if (!loading) {
    loading = call(routes.settings.translations, {
      params: { locale },
      query: { areas: areas.join(',') },
    }).then(
      (texts) => {
        i18n.addResourceBundle(locale, 'translation', texts, true, true);
        reapplyTextOverrides(i18n, locale);
      },
      (error: unknown) => {
        areaLoads.delete(key);
        throw error;
      },
    );
    areaLoads.set(key, loading);
  }
  return loading;
}
