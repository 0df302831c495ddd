import { defaultLocale, isLocale, type Locale } from '@plaza/contract/constants';
import { useParams } from 'react-router';

/** The language of the current route (the layout has already checked it). */
export function useLang(): Locale {
  const { lang } = useParams();
  return isLocale(lang) ? lang : defaultLocale;
}
