import { defaultLocale, type Locale } from '@plaza/contract/constants';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { call, getApiLocale, setApiLocale } from './api-client';
import { routes } from './endpoint-routes';
import { queryClient } from './query-client';

/** The HTML lang attribute of a locale (de_DE -> de-DE). */
export const htmlLang = (locale: Locale) => locale.replace('_', '-');

const loaded = new Set<Locale>();

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: defaultLocale,
  fallbackLng: false,
  resources: {},
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** Loads a language's bundle from the server (once) and switches to it. */
export async function activateLocale(locale: Locale): Promise<void> {
  const switched = getApiLocale() !== locale;
  setApiLocale(locale);
  // Server answers are localized (menus, settings texts): a new language refetches them.
  if (switched) await queryClient.invalidateQueries();
  if (!loaded.has(locale)) {
    const bundle = await call(routes.settings.translations, { params: { locale } });
    i18n.addResourceBundle(locale, 'translation', bundle, true, true);
    loaded.add(locale);
  }
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
  document.documentElement.lang = htmlLang(locale);
}
