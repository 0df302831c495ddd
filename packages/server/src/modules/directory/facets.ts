import type { DirectoryFacet, FilterOption, Locale } from '@plaza/contract';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { facetValueLabel } from '../../platform/data-labels';
import { builtinFacets, builtinLabel, type Catalog } from './catalog';
import { customFieldId, localized, valueLabel } from './profile-fields';
import { directoryRepo } from './repo';

/** Distinct values of built-in facets among the members `members` selects (on `users u`), by facet. */
export const builtinFacetValues = (db: Db, facets: readonly DirectoryFacet[], members: SQL) =>
  directoryRepo.facetValues(db, facets, members);

/**
 * Filter options of the built-in facets: each value once, in the viewer's language when it is a known
 * one (platform/data-labels.ts), else as it occurs; sorted by what shows.
 */
export function builtinOptions(
  facets: readonly DirectoryFacet[],
  values: Map<string, string[]>,
  locale: Locale,
): FilterOption[] {
  return facets.flatMap((facet) => {
    const found = values.get(facet) ?? [];
    if (found.length === 0) return [];
    return [
      {
        id: facet,
        identifier: facet,
        label: builtinLabel(locale, facet),
        properties: [...new Set(found.map((value) => facetValueLabel(facet, value, locale)))]
          .sort((a, b) => a.localeCompare(b, locale.slice(0, 2)))
          .map((value) => ({ id: value, value, type: 'value' as const })),
      },
    ];
  });
}

/** Filter options of the filterable custom fields with the values members chose. */
async function customOptions(
  db: Db,
  catalog: Catalog,
  locale: Locale,
  members: SQL,
): Promise<FilterOption[]> {
  const fields = catalog.fields.filter((field) => field.filterable);
  if (fields.length === 0) return [];
  const rows = await directoryRepo.customFieldValues(
    db,
    fields.map((field) => field.id),
    members,
  );
  return fields.flatMap((field) => {
    const values = rows.filter((row) => Number(row.field_id) === field.id).map((row) => row.value);
    if (values.length === 0) return [];
    const order = (value: string) => {
      const index = field.options.findIndex((option) => option.value === value);
      return index === -1 ? field.options.length : index;
    };
    const properties = values
      .map((value) => ({
        id: value,
        value: valueLabel(field, value, locale),
        type: field.options.some((o) => o.value === value) ? ('option' as const) : ('value' as const),
      }))
      .sort((a, b) => order(a.id) - order(b.id) || a.value.localeCompare(b.value, locale.slice(0, 2)));
    const id = customFieldId(field);
    return [{ id, identifier: id, label: localized(field.labels, locale, field.key), properties }];
  });
}

/** Every filter of the directory with the values that occur among listed members, labels localized. */
export async function directoryFilterOptions(
  db: Db,
  catalog: Catalog,
  locale: Locale,
  members: SQL,
): Promise<FilterOption[]> {
  const facets = builtinFacets(catalog);
  const [values, custom] = await Promise.all([
    builtinFacetValues(db, facets, members),
    customOptions(db, catalog, locale, members),
  ]);
  return [...builtinOptions(facets, values, locale), ...custom];
}
