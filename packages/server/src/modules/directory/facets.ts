import type { DirectoryFacet, FilterOption, FilterValues, Locale } from '@plaza/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { executeRows } from '../../db/execute-rows';
import { badRequest } from '../../platform/errors';
import { builtinFacets, builtinLabel, type Catalog } from './catalog';
import { customFieldId, fieldById, localized, type ProfileFieldDef, valueLabel } from './profile-fields';

/** The users column (of alias `u`) behind each built-in facet. */
export const facetColumns: Record<DirectoryFacet, string> = {
  locations: 'location_names',
  areas: 'areas',
  skills: 'skills',
  special_tasks: 'special_tasks',
  languages: 'languages',
};

const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;

/** `u.<column>` holds one of the values. */
export function columnOverlaps(facet: DirectoryFacet, values: readonly string[]): SQL {
  return sql`${sql.raw(`u.${facetColumns[facet]}`)} && ${textArray(values)}`;
}

/** The member has one of the values in a custom field. */
function customOverlaps(field: ProfileFieldDef, values: readonly string[]): SQL {
  return sql`exists (select 1 from user_profile_field_values fv where fv.user_id = u.id and fv.field_id = ${field.id} and fv.values && ${textArray(values)})`;
}

/**
 * The SQL conditions of chosen filters (on `users u`): ANDed across facets, ORed within one.
 * A facet the deployment does not offer is a 400.
 */
export function facetConditions(catalog: Catalog, filters: FilterValues): SQL[] {
  const builtins = builtinFacets(catalog) as string[];
  return Object.entries(filters).map(([facet, values]) => {
    if (builtins.includes(facet)) return columnOverlaps(facet as DirectoryFacet, values);
    const field = fieldById(catalog.fields, facet);
    if (field?.filterable) return customOverlaps(field, values);
    throw badRequest(`There is no filter ${facet}.`, `filters.${facet}`);
  });
}

/** Distinct values of built-in facets among the listed members, as `[facet, value]` rows. */
export async function builtinFacetValues(
  db: Db,
  facets: readonly DirectoryFacet[],
  members: SQL,
): Promise<Map<string, string[]>> {
  const byFacet = new Map<string, string[]>();
  if (facets.length === 0) return byFacet;
  const parts = facets.map(
    (facet) =>
      sql`select ${facet}::text as facet, v as value from users u cross join lateral unnest(${sql.raw(`u.${facetColumns[facet]}`)}) as v where ${members}`,
  );
  const rows = await executeRows<{ facet: string; value: string }>(
    db,
    sql`select facet, value from (${sql.join(parts, sql` union `)}) f where btrim(value) <> '' order by facet, lower(value), value`,
  );
  for (const row of rows) byFacet.set(row.facet, [...(byFacet.get(row.facet) ?? []), row.value]);
  return byFacet;
}

/** Filter options of the built-in facets, values as they occur. */
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
        properties: found.map((value) => ({ id: value, value, type: 'value' as const })),
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
  const rows = await executeRows<{ field_id: number; value: string }>(
    db,
    sql`
    select distinct fv.field_id, v as value
    from user_profile_field_values fv
    join users u on u.id = fv.user_id
    cross join lateral unnest(fv.values) as v
    where fv.field_id in (${sql.join(
      fields.map((field) => sql`${field.id}`),
      sql`, `,
    )}) and btrim(v) <> '' and ${members}`,
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
