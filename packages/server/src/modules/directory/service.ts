import {
  buildPagination,
  type DirectoryQuery,
  type FilterOption,
  type Locale,
  quickSearchLimit,
  type Suggestion,
  type User,
} from '@plaza/contract';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { badRequest } from '../../platform/errors';
import type { SessionUser } from '../../platform/request-context';
import { loadUserView, presentUser } from '../users';
import { type Catalog, loadCatalog, type SearchFieldDef, searchFields } from './catalog';
import { directoryFilterOptions } from './facets';
import { facetConditions } from './facets-sql';
import { listedMembers } from './listed-sql';
import { valueLabel } from './profile-fields';
import { type DirectoryOrder, directoryRepo } from './repo';
import { searchWords, textMatch } from './search-sql';

/** Most value suggestions, and most people suggestions, of the extended search bar. */
const suggestionLimit = 5;

/** What a search field searches, as the search document of one field takes it. */
const searchTarget = (field: SearchFieldDef) =>
  typeof field.target === 'string' ? field.target : { customFieldId: field.target.id };

/** The search field an extended search names; one the deployment does not offer is a 400. */
function searchField(catalog: Catalog, locale: Locale, fieldId: string): SearchFieldDef {
  const field = searchFields(catalog, locale).find((candidate) => candidate.field_id === fieldId);
  if (!field) throw badRequest(`There is no search field ${fieldId}.`, 'field_id');
  return field;
}

/** A page of the who-is-who: search text (optionally in one field), filters, order. */
export async function listDirectory(
  db: Db,
  viewer: SessionUser,
  locale: Locale,
  query: DirectoryQuery,
): Promise<{ results: User[]; pagination: ReturnType<typeof buildPagination> }> {
  const catalog = await loadCatalog(db);
  const where = facetConditions(catalog, query.filters);
  const field =
    query.type === 'extendedSearch' && query.field_id
      ? searchField(catalog, locale, query.field_id)
      : undefined;
  const words = searchWords(query.query);
  let rank: SQL[] | undefined;
  if (words.length > 0) {
    const match = textMatch(words, field && searchTarget(field));
    where.push(match.where);
    rank = match.rank;
  }
  const fallback: DirectoryOrder = catalog.settings.base_options.show_users_in_order;
  const order: DirectoryOrder = query.order_by ?? (rank ? 'relevance' : fallback);
  const [view, { rows, total }] = await Promise.all([
    loadUserView(db, viewer, locale),
    directoryRepo.page(db, where, {
      order,
      fallback,
      ...(rank ? { rank } : {}),
      limit: query.per_page,
      offset: (query.page - 1) * query.per_page,
    }),
  ]);
  return {
    results: rows.map((row) => presentUser(row, view)),
    pagination: buildPagination(query.page, query.per_page, total),
  };
}

/** The quick people search: the best matches of a text, at most eight; blank text finds nobody. */
export async function quickSearch(
  db: Db,
  viewer: SessionUser,
  q: string | undefined,
): Promise<{ results: User[] }> {
  const words = searchWords(q);
  if (words.length === 0) return { results: [] };
  const { where, rank } = textMatch(words, undefined);
  const { rows } = await directoryRepo.page(db, [where], {
    order: 'relevance',
    fallback: 'lastname',
    rank,
    limit: quickSearchLimit,
    offset: 0,
  });
  const view = await loadUserView(db, viewer);
  return { results: rows.map((row) => presentUser(row, view)) };
}

/** The directory's filters with the values that occur among listed members. */
export async function directoryFilters(db: Db, locale: Locale): Promise<{ results: FilterOption[] }> {
  const catalog = await loadCatalog(db);
  return { results: await directoryFilterOptions(db, catalog, locale, listedMembers) };
}

/** The search fields of the extended search bar. */
export async function listSearchFields(
  db: Db,
  locale: Locale,
): Promise<{ field_id: string; name: string }[]> {
  const catalog = await loadCatalog(db);
  return searchFields(catalog, locale).map(({ field_id, name }) => ({ field_id, name }));
}

/** Values of a field that contain the text (those starting with it first). */
async function valueSuggestions(
  db: Db,
  field: SearchFieldDef,
  text: string,
  locale: Locale,
): Promise<Suggestion[]> {
  const { target } = field;
  if (target === 'name') return [];
  if (typeof target === 'string') {
    const values = await directoryRepo.columnValues(db, target, text, suggestionLimit);
    return values.map((value) => ({ id: value, title: value, type: 'value' }));
  }
  if (target.options.length === 0) {
    const values = await directoryRepo.customValues(db, target, text, suggestionLimit);
    return values.map((value) => ({ id: value, title: value, type: 'value' }));
  }
  const needle = text.toLocaleLowerCase(locale.slice(0, 2));
  const used = await directoryRepo.customValues(db, target, null, 500);
  return used
    .map((value) => ({ id: value, title: valueLabel(target, value, locale), type: 'value' as const }))
    .filter((entry) => entry.title.toLocaleLowerCase(locale.slice(0, 2)).includes(needle))
    .sort(
      (a, b) =>
        Number(b.title.toLocaleLowerCase().startsWith(needle)) -
          Number(a.title.toLocaleLowerCase().startsWith(needle)) ||
        a.title.localeCompare(b.title, locale.slice(0, 2)),
    )
    .slice(0, suggestionLimit);
}

/** Suggestions while typing in the extended search: matching values of the field, then matching people. */
export async function suggest(
  db: Db,
  locale: Locale,
  fieldId: string,
  text: string | undefined,
): Promise<{ results: Suggestion[] }> {
  const catalog = await loadCatalog(db);
  const field = searchField(catalog, locale, fieldId);
  const words = searchWords(text);
  if (!text || words.length === 0) return { results: [] };
  const { where, rank } = textMatch(words, field && searchTarget(field));
  const [values, people] = await Promise.all([
    valueSuggestions(db, field, text, locale),
    directoryRepo.page(db, [where], {
      order: 'relevance',
      fallback: 'lastname',
      rank,
      limit: suggestionLimit,
      offset: 0,
    }),
  ]);
  const persons: Suggestion[] = people.rows.map((row) => ({
    id: String(row.id),
    title: `${row.firstname} ${row.lastname}`.trim() || row.username,
    type: 'user',
  }));
  return { results: [...values, ...persons] };
}
