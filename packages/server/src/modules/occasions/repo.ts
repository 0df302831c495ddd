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
 * The celebration day of `origin` in year `year` (a leap year if `leap`): the same month and day, and for
 * 29 February in a year without it the 28th.
 */
function celebration(origin: SQL, year: SQL, leap: SQL): SQL {
  return sql`make_date(${year}, extract(month from ${origin})::int,
    case when extract(month from ${origin}) = 2 and extract(day from ${origin}) = 29 and not ${leap} then 28
    else extract(day from ${origin})::int end)`;
}

/** The date column an occasion of each type is celebrated from. */
const originColumn: Record<OccasionType, SQL> = {
  birthday: sql`u.birthday`,
  anniversary: sql`u.entry_date`,
};

/**
 * The day in the year of a date, month * 100 + day (1127 for 27 November): the leading column of the
 * indexes `users_listed_birthday_day_idx` and `users_listed_entry_day_idx`, written exactly as they are.
 */
const dayOfYear = (origin: SQL) => sql`(extract(month from ${origin}) * 100 + extract(day from ${origin}))`;

/** The parts of the coming year an occasion's page is read from (see `coming`). */
type Part = 'thisYear' | 'nextYear' | 'leapDay';
const parts: readonly Part[] = ['thisYear', 'nextYear', 'leapDay'];

/**
 * Today as the statements use it: the date, its day of the year (as `dayOfYear`), this year and next and
 * whether each is a leap year, and for each type and part of the year the latest year of an origin that
 * is celebrated in it. Each is a value of its own, worked out here, so that no row computes it: with
 * arithmetic on placeholders, PostgreSQL costed a prepared statement's generic plan above the plans it
 * made for the values, and planned the occasions page anew on every call (3.4 ms, more than running it).
 * Either the values themselves or placeholders (`todayPlaceholders`) of a prepared statement, filled by
 * `todayValues`.
 */
interface Today {
  date: SQL;
  day: SQL;
  year: SQL;
  nextYear: SQL;
  leap: SQL;
  nextLeap: SQL;
  latestOrigin: Record<OccasionType, Record<Part, SQL>>;
  /** Where 29 February sorts: 1 if next year's (it has passed this year), else 0; then 229, or 228. */
  leapDayLater: SQL;
  leapDaySortDay: SQL;
}

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** The name of each of today's values: `date`, `day`, ..., `birthday_thisYear`, .... */
type TodayValues = Record<string, string | number | boolean>;

const originKey = (type: OccasionType, part: Part) => `${type}_${part}`;

function todayValues(today: string): TodayValues {
  const [year, month, date] = today.split('-').map(Number) as [number, number, number];
  const day = month * 100 + date;
  // The year each part's celebrations fall in: 29 February's this year until it has passed.
  const celebrated: Record<Part, number> = {
    thisYear: year,
    nextYear: year + 1,
    leapDay: 229 < day ? year + 1 : year,
  };
  const values: TodayValues = {
    date: today,
    day,
    year,
    nextYear: year + 1,
    leap: isLeapYear(year),
    nextLeap: isLeapYear(year + 1),
    leapDayLater: celebrated.leapDay - year,
    leapDaySortDay: isLeapYear(celebrated.leapDay) ? 229 : 228,
  };
  for (const part of parts) {
    // A birth counts in its celebration's year, an entry from one year of service.
    values[originKey('birthday', part)] = celebrated[part];
    values[originKey('anniversary', part)] = celebrated[part] - 1;
  }
  return values;
}

/** Today's statement parts, each value made by `value(name, type)` (a literal or a placeholder). */
function todayOf(value: (name: string, type: string) => SQL): Today {
  const latest = (type: OccasionType) =>
    Object.fromEntries(parts.map((part) => [part, value(originKey(type, part), 'int')])) as Record<Part, SQL>;
  return {
    date: value('date', 'date'),
    day: value('day', 'int'),
    year: value('year', 'int'),
    nextYear: value('nextYear', 'int'),
    leap: value('leap', 'boolean'),
    nextLeap: value('nextLeap', 'boolean'),
    latestOrigin: { birthday: latest('birthday'), anniversary: latest('anniversary') },
    leapDayLater: value('leapDayLater', 'int'),
    leapDaySortDay: value('leapDaySortDay', 'int'),
  };
}

const todaySql = (values: TodayValues): Today =>
  todayOf((name, type) => sql`${values[name]}::${sql.raw(type)}`);

const todayPlaceholders: Today = todayOf((name, type) => sql`${sql.placeholder(name)}::${sql.raw(type)}`);

/**
 * The members whose occasion of `type` falls in one part of the coming year, in the order of the day's
 * index (day, names, id): those celebrating from today to the end of this year (`thisYear`), from
 * January on next year (`nextYear`), or on 29 February (`leapDay`, this year's or next year's). An
 * anniversary counts from one year of service, a birthday from the birth; both are decided by the year
 * of the origin alone, as the part says which year the celebration falls in. 29 February is celebrated
 * on the 28th in a year without it, so it sorts in among the 28th by name: the leap day's few members
 * are always read whole, and only by their own part (the parts never share a member's occasion). Each
 * row carries where it sorts among all: `later` (1 if its celebration falls next year) and `sort_day`
 * (its day of the year, 29 February on the 28th in a year without it).
 */
function coming(type: OccasionType, today: Today, where: SQL[], part: Part, count: SQL | number): SQL {
  const origin = originColumn[type];
  const day = dayOfYear(origin);
  const days: Record<Part, SQL> = {
    thisYear: sql`${day} >= ${today.day} and ${day} <> 229`,
    nextYear: sql`${day} < ${today.day} and ${day} <> 229`,
    leapDay: sql`${day} = 229`,
  };
  const order: Record<Part, { later: SQL; day: SQL }> = {
    thisYear: { later: sql`0`, day: sql`${day}::int` },
    nextYear: { later: sql`1`, day: sql`${day}::int` },
    leapDay: { later: today.leapDayLater, day: today.leapDaySortDay },
  };
  const conditions = [
    sql`${origin} is not null`,
    days[part],
    sql`extract(year from ${origin}) <= ${today.latestOrigin[type][part]}`,
    listedMembers,
    ...where,
  ];
  return sql`(select u.id as user_id, u.lastname, u.firstname, ${sql.raw(`'${type}'`)} as type, ${origin} as origin,
      ${order[part].later} as later, ${order[part].day} as sort_day
    from users u where ${sql.join(conditions, sql` and `)}
    ${part === 'leapDay' ? sql`` : sql`order by ${day}, lower(u.lastname), lower(u.firstname), u.id limit ${typeof count === 'number' ? inlineCount(count) : count}`})`;
}

/**
 * The coming occasions of listed members (conditions on `users u`) of the allowed types from the
 * `offset`th on, at most `limit`, each with its next celebration from today on, soonest first, then by
 * name; as rows `user_id, type, date, span`. Each type and part of the year gives its first
 * `offset + limit` members by its index (`coming`): the first `offset + limit` of all are among them,
 * so a page is sorted from a few rows, never from every member with a date; they sort by the parts'
 * plain numbers, and only the page's rows have their celebration worked out.
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
    base as (${sql.join(parts, sql` union all `)}),
    page as (
      select * from base b
      order by b.later, b.sort_day, lower(b.lastname), lower(b.firstname), b.user_id, b.type
      limit ${inlineCount(limit)} offset ${inlineCount(offset)}
    ),
    dated as (
      select b.user_id, b.lastname, b.firstname, b.type,
        case when c.this_year >= ${today.date} then c.this_year else c.next_year end as next_date, b.origin
      from page b
      cross join lateral (select ${celebration(origin, today.year, today.leap)} as this_year, ${celebration(origin, today.nextYear, today.nextLeap)} as next_year) c
    )
    select d.user_id, d.type, d.next_date::text as date,
      (extract(year from d.next_date) - extract(year from d.origin))::int as span
    from dated d
    order by d.next_date, lower(d.lastname), lower(d.firstname), d.user_id, d.type`;
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
   * from today on), an anniversary from an entry before today. Unfiltered, each type's count is the
   * listed members with its date (`listed_date_counts`, kept by a trigger) less those whose date is too far
   * ahead, a short range of `users_listed_birthday_idx` or `users_listed_entry_idx` (a birth that does not
   * count lies at least a year less a day ahead, so the range from eleven months on holds every one,
   * tested by the exact rule). Searched or filtered, each count is a range of that index read without the
   * table while its rows are marked all-visible; a birthday's range reaches a day past a year so that a
   * birth on the day after 28 February of next year is tested by the exact rule.
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
        if (and.length > 0) {
          const counted = types.map(
            (type) =>
              sql`(select count(*) from users u where ${sql.join([coming[type], listedMembers, ...and], sql` and `)})`,
          );
          return sql`select (${sql.join(counted, sql` + `)})::int as n`;
        }
        const ahead: Record<OccasionType, { listed: SQL; from: SQL }> = {
          birthday: { listed: sql`c.birthdays`, from: sql`u.birthday >= ${day.date} + interval '11 months'` },
          anniversary: { listed: sql`c.entry_dates`, from: sql`u.entry_date >= ${day.date}` },
        };
        const counted = types.map(
          (type) =>
            sql`${ahead[type].listed} - (select count(*) from users u where ${ahead[type].from} and not (${coming[type]}) and ${listedMembers})`,
        );
        return sql`select (${sql.join(counted, sql` + `)})::int as n from listed_date_counts c`;
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
