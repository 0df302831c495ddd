import type { Locale } from '@plaza/contract/constants';
import { dateFormats } from '@plaza/contract/constants';
import type { Occasion } from '@plaza/contract/occasions';
import type { TFunction } from 'i18next';
import { formatOccasionDate } from '../../lib/dates';

/** The texts of an occasion: its kind, its date ('Do MMMM YYYY', no year when the birth year is hidden) and a detail. */
export function occasionText(t: TFunction, lang: Locale, occasion: Occasion) {
  const hideYear = occasion.type === 'birthday' && !occasion.is_birth_year_visible;
  let detail: string | null = null;
  if (occasion.type === 'anniversary' && occasion.years !== null) {
    detail = t('occasions.years_of_service', { count: occasion.years });
  } else if (occasion.type === 'birthday' && occasion.age !== null) {
    detail = t('occasions.age', { count: occasion.age });
  }
  return {
    kind: t(`occasions.types.${occasion.type}`),
    date: formatOccasionDate(occasion.date, dateFormats.occasion, lang, !hideYear),
    detail,
  };
}
