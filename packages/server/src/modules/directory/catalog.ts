import {
  type DirectoryFacet,
  directoryFacets,
  directorySearchFields,
  type Locale,
  type Settings,
} from '@plaza/contract';
import type { Db } from '../../db/client';
import { t } from '../../platform/i18n';
import { getSettings } from '../settings';
import { type BuiltinSearchField, isFieldIncluded } from '../users';
import { customFieldId, labelsOf, localized, optionsOf, type ProfileFieldDef } from './profile-fields';
import { directoryRepo } from './repo';

/** What the directory may search and filter by in this deployment: settings plus custom profile fields. */
export interface Catalog {
  settings: Settings;
  fields: ProfileFieldDef[];
}

/** Every custom profile field in its configured order. */
async function loadProfileFields(db: Db): Promise<ProfileFieldDef[]> {
  const rows = await directoryRepo.profileFieldRows(db);
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

/** Loads the settings and custom profile fields (two small queries per call). */
export async function loadCatalog(db: Db): Promise<Catalog> {
  const [settings, fields] = await Promise.all([getSettings(db), loadProfileFields(db)]);
  return { settings, fields };
}

/** The built-in facets the settings show (a field hidden from profiles is no filter). */
export function builtinFacets(catalog: Catalog): DirectoryFacet[] {
  return directoryFacets.filter((facet) => isFieldIncluded(catalog.settings, facet));
}

/** Label of a built-in search field or facet in a locale. */
export function builtinLabel(locale: Locale, field: BuiltinSearchField): string {
  return t(locale, `directory_fields.fields.${field}`);
}

/** A search field: its id, its name and what it searches. */
export interface SearchFieldDef {
  field_id: string;
  name: string;
  target: BuiltinSearchField | ProfileFieldDef;
}

/** Every field the deployment can search by (hidden built-ins and unsearchable custom fields left out). */
function allSearchFields(catalog: Catalog, locale: Locale): SearchFieldDef[] {
  const builtins = directorySearchFields
    .filter((field) => isFieldIncluded(catalog.settings, field))
    .map((field) => ({ field_id: field, name: builtinLabel(locale, field), target: field }));
  const custom = catalog.fields
    .filter((field) => field.searchable)
    .map((field) => ({
      field_id: customFieldId(field),
      name: localized(field.labels, locale, field.key),
      target: field,
    }));
  return [...builtins, ...custom];
}

/**
 * The search fields of the extended search: those of settings `advanced_search.fields` (with their
 * configured names) that exist here, or every searchable field when none are configured.
 */
export function searchFields(catalog: Catalog, locale: Locale): SearchFieldDef[] {
  const all = allSearchFields(catalog, locale);
  const configured = catalog.settings.advanced_search.fields;
  if (configured.length === 0) return all;
  return configured.flatMap((entry) => {
    const field = all.find((candidate) => candidate.field_id === entry.field_id);
    return field ? [{ ...field, name: entry.name || field.name }] : [];
  });
}
