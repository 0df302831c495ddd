import type { DirectoryFacet } from '@plaza/contract';
import { and, asc, desc, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { executeRows } from '../../db/execute-rows';
import { inlineCount, offsetClause } from '../../db/inline-count';
import { preparedQuery } from '../../db/prepared-query';
import { profileFields, users } from '../../db/schema';
import { type PresentableUser, presentableColumns } from '../users';
import { listedMembers } from './listed-sql';
import type { ProfileFieldDef } from './profile-fields';
import { containsPattern, escapeLike } from './search-sql';

/** The users column (of alias `u`) behind each built-in facet. */
export const facetColumns: Record<DirectoryFacet, string> = {
  locations: 'location_names',
  areas: 'areas',
  skills: 'skills',
  special_tasks: 'special_tasks',
  languages: 'languages',
};

/** The users table as `u`, the alias every directory condition is written against. */
export const u = alias(users, 'u');

/** What the directory's answers show of a member. */
const listedColumns = presentableColumns(u);

/** How a page of members is sorted; `relevance` is the best matches of a search first. */
export type DirectoryOrder = 'lastname' | 'firstname' | 'newest' | 'relevance';

/** One key of a page's order: a value of `users u` and its direction. */
interface SortKey {
  value: SQL;
  descending: boolean;
}

function sortKeys(order: DirectoryOrder, rank: readonly SQL[], fallback: DirectoryOrder): SortKey[] {
  const up = (value: SQL) => ({ value, descending: false });
  const down = (value: SQL) => ({ value, descending: true });
  const byName = {
    lastname: [up(sql`lower(u.lastname)`), up(sql`lower(u.firstname)`)],
    firstname: [up(sql`lower(u.firstname)`), up(sql`lower(u.lastname)`)],
    newest: [down(sql`u.created_at`)],
  };
  if (order === 'relevance') {
    const rest = fallback === 'relevance' ? byName.lastname : byName[fallback];
    return [...rank.map(down), ...rest, up(sql`u.id`)];
  }
  return [...byName[order], order === 'newest' ? down(sql`u.id`) : up(sql`u.id`)];
}

/** `order by` the keys as columns `k0`, `k1`, ... of the relation `from`. */
function orderByKeys(keys: readonly SortKey[], from: string): SQL {
  return sql.join(
    keys.map((key, i) => sql.raw(`${from}.k${i} ${key.descending ? 'desc' : 'asc'}`)),
    sql`, `,
  );
}

/** Order and window of a page. */
export interface PageOptions {
  order: DirectoryOrder;
  fallback: DirectoryOrder;
  /** A search's sort keys, best first (`textMatch`). */
  rank?: readonly SQL[];
  limit: number;
  offset: number;
}

/** How many listed members match a condition (on `users u`). */
async function countWhere(db: Db, condition: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(u).where(condition);
  return row?.n ?? 0;
}

/**
 * A page in the order of last names without a search (the who-is-who as it opens): read in the order of
 * `users_name_idx`, so PostgreSQL stops at the page's end instead of sorting every member, and counted
 * apart. Half the time of the one-scan form at 10,000 members.
 */
async function byLastname(
  db: Db,
  condition: SQL | undefined,
  keys: readonly SortKey[],
  options: PageOptions,
): Promise<{ rows: PresentableUser[]; total: number }> {
  const [rows, total] = await Promise.all([
    db
      .select(listedColumns)
      .from(u)
      .where(condition)
      .orderBy(...keys.map((key) => (key.descending ? desc(key.value) : asc(key.value))))
      .limit(inlineCount(options.limit))
      .offset(options.offset),
    countWhere(db, condition),
  ]);
  return { rows, total };
}

/** Queries of the who-is-who directory. */
export const directoryRepo = {
  /**
   * A page of members matching all conditions and how many match in all, from one scan: the matches' sort
   * keys (a search's rank, the names) are computed first, narrow, then sorted with the count of every match
   * beside them, and only the page's members are read whole. The sub-select of keys stays a sub-select
   * (`offset 0`): merged into the sort, the count buffered every match whole, search document included, and
   * the ranks were computed above it, which made a search for a common word a third slower. A page past the
   * last has no row to carry the count, so only then is it counted apart.
   */
  async page(
    db: Db,
    where: SQL[],
    options: PageOptions,
  ): Promise<{ rows: PresentableUser[]; total: number }> {
    const keys = sortKeys(options.order, options.rank ?? [], options.fallback);
    const condition = and(listedMembers, ...where);
    if (!options.rank?.length && options.order === 'lastname')
      return byLastname(db, condition, keys, options);
    const keyColumns = sql.join(
      keys.map((key, i) => sql`${key.value} as ${sql.raw(`k${i}`)}`),
      sql`, `,
    );
    const keyNames = sql.raw(keys.map((_, i) => `k${i}`).join(', '));
    const pageIds = sql`(
      select id, ${keyNames}, count(*) over () as total
      from (select u.id, ${keyColumns} from users u where ${condition} offset 0) as matches
      order by ${orderByKeys(keys, 'matches')}
      limit ${inlineCount(options.limit)}${offsetClause(options.offset)}
    ) as page_ids`;
    const rows = await db
      .select({ ...listedColumns, total: sql<number>`page_ids.total`.mapWith(Number) })
      .from(u)
      .innerJoin(pageIds, sql`page_ids.id = ${u.id}`)
      .orderBy(orderByKeys(keys, 'page_ids'));
    const total = rows[0]?.total ?? (options.offset > 0 ? await countWhere(db, condition) : 0);
    return { rows: rows.map(({ total: _total, ...row }) => row), total };
  },

  /** Distinct values of a text column or array column containing the text, those starting with it first. */
  async columnValues(
    db: Db,
    column: 'position' | keyof typeof facetColumns,
    text: string,
    limit: number,
  ): Promise<string[]> {
    const source =
      column === 'position'
        ? sql`select u.position as v from users u where u.position is not null and ${listedMembers}`
        : sql`select x as v from users u cross join lateral unnest(${sql.raw(`u.${facetColumns[column]}`)}) as x where ${listedMembers}`;
    return distinctMatches(db, source, text, limit);
  },

  /** Distinct values members entered in a custom field, containing the text when one is given. */
  async customValues(db: Db, field: ProfileFieldDef, text: string | null, limit: number): Promise<string[]> {
    const source = sql`select x as v from user_profile_field_values fv join users u on u.id = fv.user_id cross join lateral unnest(fv.values) as x where fv.field_id = ${field.id} and ${listedMembers}`;
    return distinctMatches(db, source, text, limit);
  },

  /** Distinct values of built-in facets among the members `members` selects (on `users u`), by facet. */
  async facetValues(db: Db, facets: readonly DirectoryFacet[], members: SQL): Promise<Map<string, string[]>> {
    const byFacet = new Map<string, string[]>();
    if (facets.length === 0) return byFacet;
    // Each facet's values by `distinct unnest(column)`, a function in the select list: unnested through a
    // lateral join per member, the same values took two to three times as long at 10,000 members.
    const parts = facets.map(
      (facet) =>
        sql`select ${facet}::text as facet, v as value from (select distinct unnest(${sql.raw(`u.${facetColumns[facet]}`)}) as v from users u where ${members}) f`,
    );
    const rows = await executeRows<{ facet: string; value: string }>(
      db,
      sql`select facet, value from (${sql.join(parts, sql` union all `)}) f where btrim(value) <> '' order by facet, lower(value), value`,
    );
    for (const row of rows) byFacet.set(row.facet, [...(byFacet.get(row.facet) ?? []), row.value]);
    return byFacet;
  },

  /** Distinct non-blank values that the members `members` selects chose in the given custom fields. */
  async customFieldValues(
    db: Db,
    fieldIds: readonly number[],
    members: SQL,
  ): Promise<{ field_id: number; value: string }[]> {
    return executeRows<{ field_id: number; value: string }>(
      db,
      sql`
      select distinct fv.field_id, v as value
      from user_profile_field_values fv
      join users u on u.id = fv.user_id
      cross join lateral unnest(fv.values) as v
      where fv.field_id in (${sql.join(
        fieldIds.map((id) => sql`${id}`),
        sql`, `,
      )}) and btrim(v) <> '' and ${members}`,
    );
  },

  /** Every custom profile field definition in its configured order. */
  async profileFieldRows(db: Db) {
    const query = preparedQuery(db, 'profile_fields', (name) =>
      db
        .select()
        .from(profileFields)
        .orderBy(asc(profileFields.position), asc(profileFields.id))
        .prepare(name),
    );
    return query.execute();
  },
};

async function distinctMatches(db: Db, source: SQL, text: string | null, limit: number): Promise<string[]> {
  const matching = text === null ? sql`true` : sql`v ilike ${containsPattern(text)}`;
  const startsFirst = text === null ? sql`` : sql`(lower(v) like lower(${`${escapeLike(text)}%`})) desc, `;
  const rows = await executeRows<{ v: string }>(
    db,
    sql`
    select v from (${source}) s
    where btrim(v) <> '' and ${matching}
    group by v
    order by ${startsFirst}lower(v), v
    limit ${inlineCount(limit)}`,
  );
  return rows.map((row) => row.v);
}
