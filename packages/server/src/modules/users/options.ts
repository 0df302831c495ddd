import { genders, type ListOptions, type Locale, locales, type Option, userStatuses } from '@plaza/contract';
import type { Db } from '../../db/client';
import { t } from '../../platform/i18n';
import { loadEditableMember } from './access';
import { countryCodes } from './countries';
import { loadUserView } from './presenter';
import type { IncludedProfileField, Viewer } from './profile-policy';
import { usersRepo } from './repo';

/** Most values listed per list field. */
const LIST_OPTIONS_MAX = 500;

const translated = (locale: Locale, prefix: string, values: readonly string[]): { options: Option[] } => ({
  options: values.map((value) => ({ value, label: t(locale, `${prefix}.${value}`) })),
});

/** GET users/gender_options. */
export const genderOptions = (locale: Locale) => translated(locale, 'people.genders', genders);
/** GET users/status_options. */
export const statusOptions = (locale: Locale) => translated(locale, 'people.statuses', userStatuses);
/** GET addresses/salutation_options (values are those of the genders). */
export const salutationOptions = (locale: Locale) => translated(locale, 'people.salutations', genders);

/**
 * GET addresses/country_options: the fixed ISO list named with Intl.DisplayNames in the caller's
 * language, sorted by name; entries without a code or a name are dropped.
 */
export function countryOptions(locale: Locale): { options: Option[] } {
  const tag = locale.replace('_', '-');
  const names = new Intl.DisplayNames([tag], { type: 'region', fallback: 'none' });
  const collator = new Intl.Collator(tag);
  const options = countryCodes
    .filter((code) => code.trim() !== '')
    .map((code) => ({ value: code, label: names.of(code) ?? '' }))
    .filter((option) => option.label !== '')
    .sort((a, b) => collator.compare(a.label, b.label));
  return { options };
}

/** GET users/:id/edit_languages: the interface languages and the member's choice (the member and editors). */
export async function editLanguages(db: Db, viewer: Viewer, userId: number, locale: Locale) {
  const member = await loadEditableMember(db, viewer, userId);
  return {
    selected_language: member.selected_language,
    options: locales.map((value) => ({ value, label: t(locale, `people.interface_languages.${value}`) })),
  };
}

const listColumns = {
  locations: { column: 'location_names', field: 'locations' },
  areas: { column: 'areas', field: 'areas' },
  skills: { column: 'skills', field: 'skills' },
  languages: { column: 'languages', field: 'languages' },
  special_tasks: { column: 'special_tasks', field: 'special_tasks' },
} as const satisfies Record<keyof ListOptions, { column: string; field: IncludedProfileField }>;

/**
 * GET users/list_options: the values in use of each list field, for suggestions while typing. A field
 * switched off for the viewer lists nothing (its values would tell what guests may not see).
 */
export async function listOptions(db: Db, viewer: Viewer): Promise<ListOptions> {
  const view = await loadUserView(db, viewer);
  const keys = Object.keys(listColumns) as (keyof ListOptions)[];
  const lists = await Promise.all(
    keys.map((key) =>
      view.hidden.has(listColumns[key].field)
        ? Promise.resolve([])
        : usersRepo.valuesInUse(db, listColumns[key].column, LIST_OPTIONS_MAX),
    ),
  );
  return Object.fromEntries(keys.map((key, index) => [key, lists[index]!])) as ListOptions;
}
