import type { CustomProfileField, Locale, Option } from '@plaza/contract';
import type { Db } from '../../db/client';
import { badRequest } from '../../platform/errors';
import { loadEditableMember, loadMember } from './access';
import { localizedLabel } from './labels';
import { type FieldRow, profileDataRepo } from './profile-data-repo';
import type { Viewer } from './profile-policy';
import { refreshUserSearchVector } from './search-vector';

/** The options of a field row (`[{ value, labels }]`) with labels in a locale. */
function fieldOptions(row: FieldRow, locale: Locale): Option[] {
  const raw = Array.isArray(row.options) ? (row.options as unknown[]) : [];
  return raw.flatMap((option) => {
    if (typeof option === 'string') return [{ value: option, label: option }];
    if (!option || typeof option !== 'object') return [];
    const { value, labels } = option as { value?: unknown; labels?: unknown };
    if (typeof value !== 'string') return [];
    return [{ value, label: localizedLabel(labels, locale, value) }];
  });
}

/** Maps a field row and a member's values to the contract's field. */
function presentField(row: FieldRow, values: string[], locale: Locale): CustomProfileField {
  const options = fieldOptions(row, locale);
  const labelOf = new Map(options.map((option) => [option.value, option.label]));
  return {
    id: row.id,
    key: row.key,
    type: row.type,
    label: localizedLabel(row.labels, locale, row.key),
    options,
    values,
    value_labels: values.map((value) => labelOf.get(value) ?? value),
  };
}

/** Every custom profile field in order, with the member's values (empty where none), labels in `locale`. */
export async function customFieldsOf(db: Db, userId: number, locale: Locale): Promise<CustomProfileField[]> {
  const rows = await profileDataRepo.fieldsWithValues(db, userId);
  return rows.map((row) => presentField(row.field, row.values ?? [], locale));
}

/** GET users/custom_profile_fields/:id: any signed-in member may read them (they show on the profile). */
export async function getCustomFields(db: Db, userId: number, locale: Locale) {
  const member = await loadMember(db, userId);
  return { fields: await customFieldsOf(db, member.id, locale) };
}

/** Checks values against a field's type and options; 400 naming `fields.<index>.values` otherwise. */
function checkValues(row: FieldRow, values: string[], index: number): string[] {
  const field = `fields.${index}.values`;
  const unique = [...new Set(values)];
  const { type } = row;
  if (type !== 'multiselect' && unique.length > 1) throw badRequest('This field takes one value.', field);
  if (type === 'text') return unique;
  const allowed = new Set(fieldOptions(row, 'de_DE').map((option) => option.value));
  const unknown = unique.find((value) => !allowed.has(value));
  if (unknown !== undefined) throw badRequest(`"${unknown}" is not an option of this field.`, field);
  return unique;
}

/**
 * POST users/:id/custom_profile_fields: sets the named fields (an empty list clears one), for the
 * member and editors; refreshes the search document.
 */
export async function saveCustomFields(
  db: Db,
  viewer: Viewer,
  userId: number,
  input: { fields: { id: number; values: string[] }[] },
  locale: Locale,
) {
  const member = await loadEditableMember(db, viewer, userId);
  const rows = new Map((await profileDataRepo.fields(db)).map((row) => [row.id, row]));
  const changes = input.fields.map((entry, index) => {
    const row = rows.get(entry.id);
    if (!row) throw badRequest('There is no such profile field.', `fields.${index}.id`);
    return { fieldId: row.id, values: checkValues(row, entry.values, index) };
  });
  await profileDataRepo.setFieldValues(db, member.id, changes);
  await refreshUserSearchVector(db, member.id);
  return { fields: await customFieldsOf(db, member.id, locale) };
}
