import type { Locale } from '@plaza/contract';
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profileFields } from '../../db/schema';

/** A stored option of a select field: its value and its label per locale. */
export interface ProfileFieldOption {
  value: string;
  labels: Record<string, string>;
}

/** A custom profile field as the directory uses it. */
export interface ProfileFieldDef {
  id: number;
  key: string;
  type: string;
  labels: Record<string, string>;
  options: ProfileFieldOption[];
  searchable: boolean;
  filterable: boolean;
}

function labelsOf(value: unknown): Record<string, string> {
  if (typeof value === 'string') return { de_DE: value };
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

function optionsOf(value: unknown): ProfileFieldOption[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((option: unknown) => {
    if (!option || typeof option !== 'object') return [];
    const { value: key, labels, label } = option as Record<string, unknown>;
    if (typeof key !== 'string') return [];
    return [{ value: key, labels: labelsOf(labels ?? label) }];
  });
}

/** A label in the caller's locale, else German, else any, else the fallback. */
export function localized(labels: Record<string, string>, locale: Locale, fallback = ''): string {
  return labels[locale] || labels.de_DE || Object.values(labels)[0] || fallback;
}

/** The label of a stored value of a field: the option's label, or the text itself. */
export function valueLabel(field: ProfileFieldDef, value: string, locale: Locale): string {
  const option = field.options.find((o) => o.value === value);
  return option ? localized(option.labels, locale, value) : value;
}

/** Every custom profile field in its configured order. */
export async function loadProfileFields(db: Db): Promise<ProfileFieldDef[]> {
  const rows = await db
    .select()
    .from(profileFields)
    .orderBy(asc(profileFields.position), asc(profileFields.id));
  return rows.map((row) => ({
    id: row.id,
    key: row.key,
    type: row.type,
    labels: labelsOf(row.labels),
    options: optionsOf(row.options),
    searchable: row.searchable,
    filterable: row.filterable,
  }));
}

/** The search-field and facet id of a custom field. */
export const customFieldId = (field: { id: number }) => `custom_${field.id}`;

/** The custom field an id such as `custom_12` names, if it exists. */
export function fieldById(fields: readonly ProfileFieldDef[], id: string): ProfileFieldDef | undefined {
  const match = /^custom_(\d+)$/.exec(id);
  return match ? fields.find((field) => field.id === Number(match[1])) : undefined;
}
