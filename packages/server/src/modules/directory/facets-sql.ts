import type { DirectoryFacet, FilterValues } from '@plaza/contract';
import { type SQL, sql } from 'drizzle-orm';
import { equivalentFacetValues } from '../../platform/data-labels';
import { badRequest } from '../../platform/errors';
import { builtinFacets, type Catalog } from './catalog';
import { fieldById, type ProfileFieldDef } from './profile-fields';
import { facetColumns } from './repo';

export const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;

/** `u.<column>` holds one of the values, in any of the spellings that mean the same. */
export function columnOverlaps(facet: DirectoryFacet, values: readonly string[]): SQL {
  return sql`${sql.raw(`u.${facetColumns[facet]}`)} && ${textArray(equivalentFacetValues(facet, values))}`;
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
