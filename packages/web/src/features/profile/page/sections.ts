import type { Career, Profile } from '@plaza/contract';
import { dateFormats, type Locale } from '@plaza/contract/constants';
import type { TFunction } from 'i18next';
import { formatOccasionDate } from '../../../lib/dates';

/** One shown fact of a section: a text, a link, a list of chips or career stations. */
export type SectionItem =
  | { kind: 'text'; label: string; text: string; note?: string }
  | { kind: 'email'; label: string; email: string }
  | { kind: 'chips'; label: string; values: string[] }
  | { kind: 'careers'; label: string; careers: Career[] };

/** A titled part of the profile page. */
export interface ProfileSection {
  key: 'contact' | 'about' | 'work' | 'careers' | 'custom_fields';
  title: string;
  items: SectionItem[];
}

/** 'YYYY-MM' as 'MM/YYYY'. */
const month = (value: string) => `${value.slice(5, 7)}/${value.slice(0, 4)}`;

/** The time span of a career station ('03/2019 – 08/2022', 'since 09/2022'). */
export function careerSpan(t: TFunction, career: Career): string {
  if (career.from && career.to)
    return t('profile.career.range', { from: month(career.from), to: month(career.to) });
  if (career.from) return t('profile.career.since', { from: month(career.from) });
  if (career.to) return month(career.to);
  return '';
}

/**
 * The birthday as shown to the viewer: 'Do MMMM YYYY', or 'Do MMMM' when the year is hidden (the
 * server sends `--MM-DD` to everybody but the member; the member sees the year and a note).
 */
export function birthdayText(profile: Pick<Profile, 'birthday' | 'is_birth_year_visible'>, lang: Locale) {
  if (!profile.birthday) return null;
  const yearKnown = !profile.birthday.startsWith('--');
  return formatOccasionDate(profile.birthday, dateFormats.occasion, lang, yearKnown);
}

const chips = (label: string, values: string[] | undefined): SectionItem[] =>
  values && values.length > 0 ? [{ kind: 'chips', label, values }] : [];

/**
 * The sections of a profile with only what the response carries (the server leaves out what the
 * viewer may not see); empty sections are dropped.
 */
export function profileSections(profile: Profile, t: TFunction, lang: Locale): ProfileSection[] {
  const contact: SectionItem[] = profile.email
    ? [{ kind: 'email', label: t('profile.sections.email'), email: profile.email }]
    : [];
  const about: SectionItem[] = [];
  const birthday = birthdayText(profile, lang);
  if (birthday) {
    const ownHiddenYear = !profile.is_birth_year_visible && !profile.birthday?.startsWith('--');
    about.push({
      kind: 'text',
      label: t('profile.sections.birthday'),
      text: birthday,
      note: ownHiddenYear ? t('profile.sections.birth_year_hidden') : undefined,
    });
  }
  if (profile.gender) {
    about.push({
      kind: 'text',
      label: t('profile.sections.gender'),
      text: t(`people.genders.${profile.gender}`),
    });
  }
  if (profile.status_label) {
    about.push({ kind: 'text', label: t('profile.sections.status'), text: profile.status_label });
  }
  about.push(...chips(t('profile.sections.languages'), profile.languages));
  const work = [
    ...chips(t('profile.sections.areas'), profile.areas),
    ...chips(t('profile.sections.skills'), profile.skills),
  ];
  const careers: SectionItem[] =
    profile.careers && profile.careers.length > 0
      ? [{ kind: 'careers', label: t('profile.sections.careers'), careers: profile.careers }]
      : [];
  const custom: SectionItem[] = profile.custom_fields
    .filter((field) => field.value_labels.length > 0)
    .map((field) =>
      field.type === 'multiselect'
        ? { kind: 'chips', label: field.label, values: field.value_labels }
        : { kind: 'text', label: field.label, text: field.value_labels.join(', ') },
    );
  const sections: ProfileSection[] = [
    { key: 'contact', title: t('profile.sections.contact'), items: contact },
    { key: 'about', title: t('profile.sections.about'), items: about },
    { key: 'work', title: t('profile.sections.work'), items: work },
    { key: 'careers', title: t('profile.sections.careers'), items: careers },
    { key: 'custom_fields', title: t('profile.sections.custom_fields'), items: custom },
  ];
  return sections.filter((section) => section.items.length > 0);
}
