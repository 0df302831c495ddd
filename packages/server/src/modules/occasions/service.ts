import {
  buildPagination,
  type DirectoryFacet,
  type FilterOption,
  type FilterValues,
  type Locale,
  type Occasion,
  type OccasionQuery,
  type OccasionType,
  occasionTypes,
  type Pagination,
  type Settings,
} from '@plaza/contract';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { badRequest } from '../../platform/errors';
import { t } from '../../platform/i18n';
import type { SessionUser } from '../../platform/request-context';
import { builtinFacetValues, builtinOptions, columnOverlaps, matchesWords, searchWords } from '../directory';
import { getSettings } from '../settings';
import { isFieldIncluded, loadUserView, presentUser } from '../users';
import { type OccasionRow, occasionsRepo } from './repo';

/** The facets of the occasions list besides `type`. */
const memberFacets = ['locations', 'areas'] as const satisfies readonly DirectoryFacet[];

/** Today as the server's local calendar date, YYYY-MM-DD. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The kinds of occasion the deployment has: no birthdays when birthdays are not part of profiles. */
function enabledTypes(settings: Settings): OccasionType[] {
  return occasionTypes.filter(
    (type) => type !== 'birthday' || settings.profile_options.included_profile_birthday,
  );
}

function shownFacets(settings: Settings): DirectoryFacet[] {
  return memberFacets.filter((facet) => isFieldIncluded(settings, facet));
}

/** Turns filters into the allowed types and conditions on `users u`; unknown facets or types are a 400. */
function applyFilters(settings: Settings, filters: FilterValues, types: OccasionType[]) {
  const where: SQL[] = [];
  let allowed = types;
  const facets = shownFacets(settings) as string[];
  for (const [facet, values] of Object.entries(filters)) {
    if (facet === 'type') {
      const unknown = values.find((value) => !(occasionTypes as readonly string[]).includes(value));
      if (unknown) throw badRequest(`There is no occasion type ${unknown}.`, 'filters.type');
      allowed = allowed.filter((type) => values.includes(type));
    } else if (facets.includes(facet)) {
      where.push(columnOverlaps(facet as DirectoryFacet, values));
    } else {
      throw badRequest(`There is no filter ${facet}.`, `filters.${facet}`);
    }
  }
  return { where, types: allowed };
}

/** The dependencies of an occasions call: the database and today's date. */
export interface OccasionDeps {
  db: Db;
  today: () => string;
}

async function present(db: Db, viewer: SessionUser, rows: OccasionRow[]): Promise<Occasion[]> {
  const view = await loadUserView(db, viewer);
  const members = await occasionsRepo.members(
    db,
    rows.map((row) => row.user_id),
  );
  return rows.flatMap((row) => {
    const member = members.get(row.user_id);
    if (!member) return [];
    const birthday = row.type === 'birthday';
    return [
      {
        id: `${row.type}-${member.id}`,
        type: row.type,
        user: presentUser(member, view),
        img: member.img_path,
        date: row.date,
        is_birth_year_visible: member.is_birth_year_visible,
        age: birthday && member.is_birth_year_visible ? row.span : null,
        years: birthday ? null : row.span,
      },
    ];
  });
}

/** A page of coming occasions of the given kinds, with search text and filters. */
export async function listOccasions(
  { db, today }: OccasionDeps,
  viewer: SessionUser,
  query: OccasionQuery,
  only?: OccasionType,
): Promise<{ results: Occasion[]; pagination: Pagination }> {
  const settings = await getSettings(db);
  const { where, types } = applyFilters(
    settings,
    query.filters,
    enabledTypes(settings).filter((type) => !only || type === only),
  );
  const words = searchWords(query.query);
  if (words.length > 0) where.push(matchesWords(words));
  const day = today();
  const [total, rows] = await Promise.all([
    occasionsRepo.count(db, day, types, where),
    occasionsRepo.page(db, day, types, where, query.per_page, (query.page - 1) * query.per_page),
  ]);
  return {
    results: await present(db, viewer, rows),
    pagination: buildPagination(query.page, query.per_page, total),
  };
}

/** The next occasions of both kinds for the slider. */
export async function occasionFeed(
  { db, today }: OccasionDeps,
  viewer: SessionUser,
  limit: number,
): Promise<{ results: Occasion[] }> {
  const settings = await getSettings(db);
  const rows = await occasionsRepo.page(db, today(), enabledTypes(settings), [], limit, 0);
  return { results: await present(db, viewer, rows) };
}

/** The occasion filters: the kinds there are, and locations and areas of members with an occasion. */
export async function occasionFilters(db: Db, locale: Locale): Promise<{ results: FilterOption[] }> {
  const settings = await getSettings(db);
  const types = enabledTypes(settings);
  const facets = shownFacets(settings);
  const values = await builtinFacetValues(db, facets, occasionsRepo.membersWithDates(types));
  const typeOption: FilterOption = {
    id: 'type',
    identifier: 'type',
    label: t(locale, 'directory_fields.occasions.type'),
    properties: types.map((type) => ({
      id: type,
      value: t(locale, `directory_fields.occasions.${type}`),
      type: 'option' as const,
    })),
  };
  return { results: [typeOption, ...builtinOptions(facets, values, locale)] };
}
