import { parseBirthday, toBirthdayInput } from '@plaza/contract/birthday';
import type { Locale } from '@plaza/contract/constants';
import { nameSchema } from '@plaza/contract/entities';
import {
  type CustomProfileField,
  careerSchema,
  genderSchema,
  type Profile,
  profileLimits,
  type UpdateProfileInput,
  updateProfileSchema,
  userStatusSchema,
} from '@plaza/contract/profile';
import { z } from 'zod';

/** Translation key of a birthday problem (`format`, `invalid_date`, `future`, `too_old`). */
export const birthdayErrorKey = (error: string) => `profile.edit.errors.birthday.${error}`;

/**
 * The birthday field: empty, or a DD/MM/YYYY date the contract's helper accepts (dash, dot or slash,
 * two-digit years); the message is the translation key of what is wrong.
 */
export const birthdayFieldSchema = z.string().superRefine((value, context) => {
  if (value.trim() === '') return;
  const parsed = parseBirthday(value);
  if (!parsed.ok) context.addIssue({ code: 'custom', message: birthdayErrorKey(parsed.error) });
});

const monthText = z.string().regex(/^(\d{4}-(0[1-9]|1[0-2]))?$/);

/** A career station as the form holds it: months as `YYYY-MM` text, empty for none. */
const careerFieldsSchema = careerSchema.pick({ title: true, company: true }).extend({
  from: monthText,
  to: monthText,
});

/**
 * The profile form, built from the contract's `updateProfileSchema`: names are required there
 * (`nameSchema`), the rest keeps the contract's limits; the birthday is the typed text, the gender
 * and the status '' for none, and custom field values by field id.
 */
export const profileFormSchema = updateProfileSchema
  .pick({
    title: true,
    position: true,
    locations: true,
    areas: true,
    skills: true,
    languages: true,
    special_tasks: true,
  })
  .required()
  .extend({
    firstname: nameSchema,
    lastname: nameSchema,
    gender: z.union([genderSchema, z.literal('')]),
    status: z.union([userStatusSchema, z.literal('')]),
    birthday: birthdayFieldSchema,
    is_birth_year_visible: z.boolean(),
    careers: z.array(careerFieldsSchema).max(profileLimits.careersMax),
    custom: z.record(z.string(), z.array(z.string().trim().max(profileLimits.customTextMax))),
  });

/** The form key of a custom field (not a bare number, which react-hook-form would read as an array index). */
export const customKey = (id: number) => `f${id}`;

/** What the form's inputs hold. */
export type ProfileFormFields = z.input<typeof profileFormSchema>;
/** What the form hands to submit (after the contract's trimming). */
export type ProfileFormValues = z.output<typeof profileFormSchema>;

/** The form's starting values from a profile (a hidden-year birthday `--MM-DD` starts empty). */
export function profileFormDefaults(profile: Profile, locale: Locale): ProfileFormFields {
  return {
    firstname: profile.firstname,
    lastname: profile.lastname,
    title: profile.title ?? '',
    position: profile.position ?? '',
    gender: profile.gender ?? '',
    status: profile.status ?? '',
    birthday: profile.birthday ? toBirthdayInput(profile.birthday, locale) : '',
    is_birth_year_visible: profile.is_birth_year_visible,
    locations: profile.locations ?? [],
    areas: profile.areas ?? [],
    skills: profile.skills ?? [],
    languages: profile.languages ?? [],
    special_tasks: profile.special_tasks ?? [],
    careers: (profile.careers ?? []).map((career) => ({
      title: career.title,
      company: career.company,
      from: career.from ?? '',
      to: career.to ?? '',
    })),
    custom: Object.fromEntries(profile.custom_fields.map((field) => [customKey(field.id), field.values])),
  };
}

/**
 * The PUT body and the custom field values of a submitted form. The birthday goes only when it was
 * changed (an editor sees a hidden year as nothing, and must not clear it by saving), as
 * DD/MM/YYYY with a four-digit year; the year checkbox only when the settings show it.
 */
export function profilePayload(
  values: ProfileFormValues,
  {
    birthdayChanged,
    showYearCheckbox,
    fields,
  }: { birthdayChanged: boolean; showYearCheckbox: boolean; fields: CustomProfileField[] },
) {
  const profile: UpdateProfileInput = {
    firstname: values.firstname,
    lastname: values.lastname,
    title: values.title ?? '',
    position: values.position ?? '',
    gender: values.gender === '' ? null : values.gender,
    status: values.status === '' ? null : values.status,
    locations: values.locations,
    areas: values.areas,
    skills: values.skills,
    languages: values.languages,
    special_tasks: values.special_tasks,
    careers: values.careers.map((career) => ({
      title: career.title,
      company: career.company,
      from: career.from || null,
      to: career.to || null,
    })),
  };
  if (birthdayChanged) {
    const parsed = values.birthday.trim() === '' ? null : parseBirthday(values.birthday);
    profile.birthday = parsed?.ok ? toBirthdayInput(parsed.iso) : null;
  }
  if (showYearCheckbox) profile.is_birth_year_visible = values.is_birth_year_visible;
  const custom = fields.map((field) => ({
    id: field.id,
    values: (values.custom[customKey(field.id)] ?? []).map((value) => value.trim()).filter(Boolean),
  }));
  return { profile, fields: custom };
}

/** The text of a field's error in the page language (shared with the other forms). */
export { fieldErrorText as profileErrorText } from '../../../components/form-text';
