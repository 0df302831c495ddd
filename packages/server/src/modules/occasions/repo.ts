import type { OccasionType } from '@plaza/contract';
import { type SQL, sql } from 'drizzle-orm';
import { anyId } from '../../db/any-id';
import type { Db } from '../../db/client';
import { executeRows } from '../../db/execute-rows';
import { inlineCount } from '../../db/inline-count';
import { preparedQuery } from '../../db/prepared-query';
import { users } from '../../db/schema';
import { listedMembers } from '../directory';
import { type PresentableUser, presentableColumns } from '../users';

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

/** The date column an occasion of each type is celebrated from. */
const originColumn: Record<OccasionType, SQL> = {
  birthday: sql`u.birthday`,
  anniversary: sql`u.entry_date`,
};

/**
 * The day in the year of a date, month * 100 + day (1127 for 27 November): the leading column of the
 * indexes `users_birthday_day_idx` and `users_entry_day_idx`, written exactly as they are.
 */
const dayOfYear = (origin: SQL) => sql`(extract(month from ${origin}) * 100 + extract(day from ${origin}))`;

/**
 * Today as the statements use it: the date, its year and its day of the year (as `dayOfYear`). Either the
 * values themselves or placeholders (`todayPlaceholders`) of a prepared statement, filled by `todayValues`.
 */
interface Today {
  date: SQL;
  year: SQL;
  day: SQL;
}

function todayValues(today: string): { date: string; year: number; day: number } {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  return { date: today, year, day: month * 100 + day };
}

function todaySql(values: ReturnType<typeof todayValues>): Today {
  return { date: sql`${values.date}::date`, year: sql`${values.year}::int`, day: sql`${values.day}::int` };
}

const todayPlaceholders: Today = {
  date: sql`${sql.placeholder('date')}::date`,
  year: sql`${sql.placeholder('year')}::int`,
  day: sql`${sql.placeholder('day')}::int`,
};

/**
 * The members whose occasion of `type` falls in one part of the coming year, in the order of the day's
 * index (day, names, id): those celebrating from today to the end of this year (`thisYear`), from
 * January on next year (`nextYear`), or on 29 February (`leapDay`, this year's or next year's). An
 * anniversary counts from one year of service, a birthday from the birth; both are decided by the year
 * of the origin alone, as the part says which year the celebration falls in. 29 February is celebrated
 * on the 28th in a year without it, so it sorts in among the 28th by name: the leap day's few members
 * are always read whole.
 */
function coming(
  type: OccasionType,
  today: Today,
  where: SQL[],
  part: 'thisYear' | 'nextYear' | 'leapDay',
  count: SQL | number,
): SQL {
  const origin = originColumn[type];
  const day = dayOfYear(origin);
  const parts = {
    thisYear: { days: sql`${day} >= ${today.day}`, later: sql`0` },
    nextYear: { days: sql`${day} < ${today.day}`, later: sql`1` },
    leapDay: { days: sql`${day} = 229`, later: sql`(case when 229 < ${today.day} then 1 else 0 end)` },
  };
  const { days, later } = parts[part];
  const firstOrigin = sql`${today.year} + ${later}${type === 'anniversary' ? sql` - 1` : sql``}`;
  const conditions = [
    sql`${origin} is not null`,
    days,
    sql`extract(year from ${origin}) <= ${firstOrigin}`,
    listedMembers,
    ...where,
  ];
  return sql`(select u.id as user_id, u.lastname, u.firstname, ${sql.raw(`'${type}'`)} as type, ${origin} as origin
    from users u where ${sql.join(conditions, sql` and `)}
    ${part === 'leapDay' ? sql`` : sql`order by ${day}, lower(u.lastname), lower(u.firstname), u.id limit ${typeof count === 'number' ? inlineCount(count) : count}`})`;
}

/**
 * The coming occasions of listed members (conditions on `users u`) of the allowed types from the
 * `offset`th on, at most `limit`, each with its next celebration from today on, soonest first, then by
 * name; as rows `user_id, type, date, span`. Each type and part of the year gives its first
 * `offset + limit` members by its index (`coming`): the first `offset + limit` of all are among them,
 * so a page is sorted from a few rows, never from every member with a date.
 */
function occasionsSql(
  today: Today,
  types: readonly OccasionType[],
  where: SQL[],
  limit: number,
  offset: number,
): SQL {
  const count = offset + limit;
  // This year's celebrations of a type all come before next year's, so next year's part is read only
  // for what this year's part leaves of the page's end (in late November, nothing).
  const thisYear = (type: OccasionType) => sql.raw(`this_year_${type}`);
  const parts = types.flatMap((type) => [
    sql`(select * from ${thisYear(type)})`,
    coming(
      type,
      today,
      where,
      'nextYear',
      sql`greatest(0, ${inlineCount(count)} - (select count(*) from ${thisYear(type)}))`,
    ),
    coming(type, today, where, 'leapDay', count),
  ]);
  const firstParts = types.map(
    (type) => sql`${thisYear(type)} as materialized ${coming(type, today, where, 'thisYear', count)}`,
  );
  const origin = sql`b.origin`;
  return sql`
    with ${sql.join(firstParts, sql`, `)},
    base as (${sql.join(parts, sql` union `)}),
    dated as (
      select b.user_id, b.lastname, b.firstname, b.type,
        case when c.this_year >= ${today.date} then c.this_year else c.next_year end as next_date, b.origin
      from base b
      cross join lateral (select ${celebration(origin, today.year)} as this_year, ${celebration(origin, sql`${today.year} + 1`)} as next_year) c
    )
    select d.user_id, d.type, d.next_date::text as date,
      (extract(year from d.next_date) - extract(year from d.origin))::int as span
    from dated d
    order by d.next_date, lower(d.lastname), lower(d.firstname), d.user_id, d.type
    limit ${inlineCount(limit)} offset ${inlineCount(offset)}`;
}

/**
 * Runs a statement of today's occasions. Without conditions (the slider, the unfiltered list) it is
 * prepared once per `shape` with today's values as placeholders, its rows read back as JSON: building its
 * SQL took half of the slider's time. With conditions (a search, filters) it is built with the values.
 */
async function runDated<T>(
  db: Db,
  today: string,
  where: SQL[],
  shape: string,
  statement: (today: Today, where: SQL[]) => SQL,
): Promise<T[]> {
  const values = todayValues(today);
  if (where.length > 0) return executeRows<T>(db, statement(todaySql(values), where));
  const query = preparedQuery(db, shape, (name) =>
    db
      .select({
        rows: sql<
          T[]
        >`(select coalesce(json_agg(r), '[]'::json) from (${statement(todayPlaceholders, [])}) r)`,
      })
      .from(sql`(select 1) as one`)
      .prepare(name),
  );
  const [row] = await query.execute(values);
  return row?.rows ?? [];
}

/** What an occasion shows of its member. */
const memberColumns = presentableColumns(users);

/** Queries of the persons of occasion. */
export const occasionsRepo = {
  /** `users u` who entered and have a date of one of the kinds (a birthday, an entry date). */
  membersWithDates(types: readonly OccasionType[]): SQL {
    const dated = types.includes('birthday')
      ? sql`(u.birthday is not null or u.entry_date is not null)`
      : sql`u.entry_date is not null`;
    return sql`${listedMembers} and ${dated}`;
  },
  /** A page of coming occasions, soonest first. */
  page(
    db: Db,
    today: string,
    types: readonly OccasionType[],
    where: SQL[],
    limit: number,
    offset: number,
  ): Promise<OccasionRow[]> {
    if (types.length === 0) return Promise.resolve([]);
    return runDated<OccasionRow>(
      db,
      today,
      where,
      `occasions_${types.join('_')}_${limit}_${offset}`,
      (day, and) => occasionsSql(day, types, and, limit, offset),
    );
  },

  /**
   * How many coming occasions there are, each type counted apart by a plain date comparison (a tenth of
   * the cost of working out each celebration): a birthday counts unless the birth is more than a year
   * ahead (its celebration a year earlier, 29 February on the 28th as `interval` counts, already falls
   * from today on), an anniversary from an entry before today. Each count is a range of its date's index
   * of listed members (`users_listed_birthday_idx`, `users_listed_entry_idx`), read without the table
   * while its rows are marked all-visible (10,000 members: 7 ms read whole, 1.1 ms so; members' sign-ins
   * update their rows, and the entries of rows changed since the last vacuum are read from the table);
   * a birthday's range reaches a day past a year so that a birth on the day after 28 February of next
   * year is tested by the exact rule.
   */
  async count(db: Db, today: string, types: readonly OccasionType[], where: SQL[]): Promise<number> {
    if (types.length === 0) return 0;
    const [row] = await runDated<{ n: number }>(
      db,
      today,
      where,
      `occasions_count_${types.join('_')}`,
      (day, and) => {
        const coming: Record<OccasionType, SQL> = {
          birthday: sql`u.birthday < ${day.date} + interval '1 year 1 day' and u.birthday - interval '1 year' < ${day.date}`,
          anniversary: sql`u.entry_date < ${day.date}`,
        };
        const counted = types.map(
          (type) =>
            sql`(select count(*) from users u where ${sql.join([coming[type], listedMembers, ...and], sql` and `)})`,
        );
        return sql`select (${sql.join(counted, sql` + `)})::int as n`;
      },
    );
    return Number(row?.n ?? 0);
  },

  /** The members of a page, in one statement (prepared). */
  async members(db: Db, ids: readonly number[]): Promise<Map<number, PresentableUser>> {
    if (ids.length === 0) return new Map();
    const query = preparedQuery(db, 'occasion_members', (name) =>
      db
        .select(memberColumns)
        .from(users)
        .where(anyId(users.id, sql.placeholder('ids')))
        .prepare(name),
    );
    const rows = await query.execute({ ids: [...new Set(ids)] });
    return new Map(rows.map((row) => [row.id, row]));
  },
};
