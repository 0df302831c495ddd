import type { OccasionType } from '@plaza/contract';
import { and, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { executeRows } from '../../db/execute-rows';
import { inlineCount } from '../../db/inline-count';
import { users } from '../../db/schema';
import type { UserRow } from '../users';

/** One coming occasion as the database computes it. */
export interface OccasionRow {
  user_id: number;
  type: OccasionType;
  /** The day of the coming celebration, YYYY-MM-DD. */
  date: string;
  /** Age reached (birthday) or years of service completed (anniversary) on that day. */
  span: number;
}

/**
 * The celebration day of `origin` in year `year`: the same month and day, and for 29 February in a
 * year without it the 28th.
 */
function celebration(origin: SQL, year: SQL): SQL {
  return sql`make_date(${year}, extract(month from ${origin})::int,
    case when extract(month from ${origin}) = 2 and extract(day from ${origin}) = 29
      and not ((${year}) % 4 = 0 and ((${year}) % 100 <> 0 or (${year}) % 400 = 0)) then 28
    else extract(day from ${origin})::int end)`;
}

/**
 * The coming occasions of listed members (conditions on `users u`): birthdays and anniversaries of
 * the allowed types, each with its next celebration from `today` on; anniversaries from one year of
 * service, birthdays not before the birth.
 */
function occasionsSql(today: string, types: readonly OccasionType[], where: SQL[]): SQL {
  const year = sql`extract(year from ${today}::date)::int`;
  const origin = sql`b.origin`;
  const typeList = sql.join(
    types.map((type) => sql`${type}`),
    sql`, `,
  );
  return sql`
    with base as (
      select u.id as user_id, u.lastname, u.firstname, k.type,
        case k.type when 'birthday' then u.birthday else u.entry_date end as origin
      from users u cross join (values ('birthday'), ('anniversary')) as k(type)
      where u.agb_nda_accepted and k.type in (${typeList}) ${where.length ? sql`and ${sql.join(where, sql` and `)}` : sql``}
    ),
    dated as (
      select b.user_id, b.lastname, b.firstname, b.type,
        case when c.this_year >= ${today}::date then c.this_year else c.next_year end as next_date, b.origin
      from base b
      cross join lateral (select ${celebration(origin, year)} as this_year, ${celebration(origin, sql`${year} + 1`)} as next_year) c
      where b.origin is not null
    ),
    spans as (
      select d.*, (extract(year from d.next_date) - extract(year from d.origin))::int as span from dated d
    )
    select * from spans s
    where (s.type = 'birthday' and s.span >= 0) or (s.type = 'anniversary' and s.span >= 1)`;
}

/** Queries of the persons of occasion. */
export const occasionsRepo = {
  /** `users u` who entered and have a date of one of the kinds (a birthday, an entry date). */
  membersWithDates(types: readonly OccasionType[]): SQL {
    const dated = types.includes('birthday')
      ? sql`(u.birthday is not null or u.entry_date is not null)`
      : sql`u.entry_date is not null`;
    return sql`u.agb_nda_accepted and ${dated}`;
  },
  /** A page of coming occasions, soonest first. */
  async page(
    db: Db,
    today: string,
    types: readonly OccasionType[],
    where: SQL[],
    limit: number,
    offset: number,
  ): Promise<OccasionRow[]> {
    if (types.length === 0) return [];
    const rows = await executeRows<{ user_id: number; type: OccasionType; date: string; span: number }>(
      db,
      sql`
      select o.user_id, o.type, o.next_date::text as date, o.span
      from (${occasionsSql(today, types, where)}) o
      order by o.next_date, lower(o.lastname), lower(o.firstname), o.user_id, o.type
      limit ${inlineCount(limit)} offset ${inlineCount(offset)}`,
    );
    return rows.map((row) => ({ ...row, user_id: Number(row.user_id), span: Number(row.span) }));
  },

  async count(db: Db, today: string, types: readonly OccasionType[], where: SQL[]): Promise<number> {
    if (types.length === 0) return 0;
    const rows = await executeRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from (${occasionsSql(today, types, where)}) o`,
    );
    return Number(rows[0]?.n ?? 0);
  },

  /** The members of a page, in one query. */
  async members(db: Db, ids: readonly number[]): Promise<Map<number, UserRow>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select()
      .from(users)
      .where(and(inArray(users.id, [...new Set(ids)])));
    return new Map(rows.map((row) => [row.id, row]));
  },
};
