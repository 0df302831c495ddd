import { defaultLocale, type Locale } from '@plaza/contract';
import { useParams } from 'react-router';
import { isLocale } from '../lib/i18n';

/** The language of the current route (the layout has already checked it). */
export function useLang(): Locale {
  const { lang } = useParams();
  return isLocale(lang) ? lang : defaultLocale;
}
