import type { Locale } from '@plaza/contract';

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

export function labelsOf(value: unknown): Record<string, string> {
  if (typeof value === 'string') return { de_DE: value };
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

export function optionsOf(value: unknown): ProfileFieldOption[] {
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

/** The search-field and facet id of a custom field. */
export const customFieldId = (field: { id: number }) => `custom_${field.id}`;

/** The custom field an id such as `custom_12` names, if it exists. */
export function fieldById(fields: readonly ProfileFieldDef[], id: string): ProfileFieldDef | undefined {
  const match = /^custom_(\d+)$/.exec(id);
  return match ? fields.find((field) => field.id === Number(match[1])) : undefined;
}
