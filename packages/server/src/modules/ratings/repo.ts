import type { RatingFilterValues } from '@plaza/contract';
import { and, asc, count, eq, getTableColumns, gte, isNull, or, type SQL, sql, sum } from 'drizzle-orm';
import { anyId } from '../../db/any-id';
import type { Db } from '../../db/client';
import { preparedQuery } from '../../db/prepared-query';
import { locationCategoryScores, locationReviews, locations, ratingCategories } from '../../db/schema';

export type LocationRow = typeof locations.$inferSelect;
export type CategoryRow = typeof ratingCategories.$inferSelect;
/** A category of a location with its counters there (zero when nobody scored it yet). */
export type CategoryScoreRow = CategoryRow & { score_sum: number; score_count: number };

/** The list's and the export's filter condition on locations. */
function filtered(filters: RatingFilterValues): SQL | undefined {
  const ids = filters.location?.map(Number);
  return and(
    ids?.length ? anyId(locations.id, ids) : undefined,
    filters.city?.length ? sql`${locations.city} = any(${sql.param(filters.city)}::text[])` : undefined,
  );
}

const byName = [asc(sql`lower(${locations.name})`), asc(locations.id)];

/** Queries on locations and rating categories (bounded sets: `ratingLimits.maxLocations`, `maxCategories`). */
export const locationsRepo = {
  /**
   * A page of locations by name and how many match, in one prepared statement (`count(*) over ()`:
   * locations are bounded, so counting them all is cheap); past the last page, a count of its own.
   */
  async page(db: Db, filters: RatingFilterValues, limit: number, offset: number) {
    const ids = filters.location?.map(Number) ?? [];
    const cities = filters.city ?? [];
    const query = preparedQuery(db, `ratings_list_${ids.length > 0}_${cities.length > 0}`, (name) =>
      db
        .select({ ...getTableColumns(locations), total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(locations)
        .where(
          and(
            ids.length > 0 ? anyId(locations.id, sql.placeholder('ids')) : undefined,
            cities.length > 0
              ? sql`${locations.city} = any(${sql.placeholder('cities')}::text[])`
              : undefined,
          ),
        )
        .orderBy(...byName)
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(name),
    );
    const found = await query.execute({ ids, cities, limit, offset });
    const rows: LocationRow[] = found.map(({ total: _total, ...row }) => row);
    if (found.length > 0) return { rows, total: found[0]!.total };
    if (offset === 0) return { rows, total: 0 };
    const [counted] = await db.select({ n: count() }).from(locations).where(filtered(filters));
    return { rows, total: counted?.n ?? 0 };
  },
  /** Every location matching the filters, by name (the export). */
  async matching(db: Db, filters: RatingFilterValues): Promise<LocationRow[]> {
    return db
      .select()
      .from(locations)
      .where(filtered(filters))
      .orderBy(...byName);
  },
  async all(db: Db): Promise<LocationRow[]> {
    return db
      .select()
      .from(locations)
      .orderBy(...byName);
  },
  async count(db: Db): Promise<number> {
    const [row] = await db.select({ n: count() }).from(locations);
    return row?.n ?? 0;
  },
  async byId(db: Db, id: number): Promise<LocationRow | undefined> {
    const [row] = await db.select().from(locations).where(eq(locations.id, id));
    return row;
  },
  /**
   * Reviews and overall points of every shown location together (the summary card): a hidden location
   * counts for nothing, or its few reviews could be worked out from the sum and the shown locations.
   */
  async totals(db: Db, minReviews: number): Promise<{ reviews: number; overall: number }> {
    const [row] = await db
      .select({ reviews: sum(locations.review_count), overall: sum(locations.overall_sum) })
      .from(locations)
      .where(gte(locations.review_count, minReviews));
    return { reviews: Number(row?.reviews ?? 0), overall: Number(row?.overall ?? 0) };
  },
  async insert(db: Db, values: { name: string; city: string }): Promise<LocationRow> {
    const [row] = await db.insert(locations).values(values).returning();
    return row!;
  },
  async update(db: Db, id: number, values: { name: string; city: string }): Promise<LocationRow | undefined> {
    const [row] = await db
      .update(locations)
      .set({ ...values, updated_at: sql`now()` })
      .where(eq(locations.id, id))
      .returning();
    return row;
  },
  async remove(db: Db, id: number): Promise<boolean> {
    const rows = await db.delete(locations).where(eq(locations.id, id)).returning({ id: locations.id });
    return rows.length > 0;
  },
  /**
   * What a rating page reads, in one statement: the location's row and counters, its categories in
   * order with their counters (as JSON), and whether the member has reviewed it in the year.
   */
  async ratingPage(
    db: Db,
    id: number,
    userId: number,
    year: number,
  ): Promise<{ row: LocationRow; categories: CategoryScoreRow[]; reviewed: boolean } | undefined> {
    const query = preparedQuery(db, 'rating_page', (name) =>
      db
        .select({
          ...getTableColumns(locations),
          categories: sql<CategoryJson[] | null>`(
            select json_agg(json_build_object('id', c.id, 'label_de', c.label_de, 'label_en', c.label_en,
              'position', c.position, 'location_id', c.location_id,
              'score_sum', coalesce(s.score_sum, 0), 'score_count', coalesce(s.score_count, 0))
              order by c.position, c.id)
            from ${ratingCategories} c
            left join ${locationCategoryScores} s on s.category_id = c.id and s.location_id = "locations"."id"
            where c.location_id is null or c.location_id = "locations"."id")`,
          reviewed: sql<boolean>`exists (select 1 from ${locationReviews} r
            where r.location_id = "locations"."id" and r.user_id = ${sql.placeholder('user')}
              and r.year = ${sql.placeholder('year')})`,
        })
        .from(locations)
        .where(eq(locations.id, sql.placeholder('id')))
        .prepare(name),
    );
    const [found] = await query.execute({ id, user: userId, year });
    if (!found) return undefined;
    const { categories, reviewed, ...row } = found;
    const parsed = typeof categories === 'string' ? (JSON.parse(categories) as CategoryJson[]) : categories;
    return {
      row,
      categories: (parsed ?? []).map((c) => ({
        ...c,
        created_at: row.created_at,
        updated_at: row.updated_at,
      })),
      reviewed,
    };
  },
  /**
   * The categories of a location (those for every location and its own) in order, with the location's
   * counters: one join of two bounded sets.
   */
  async categoriesOf(db: Db, locationId: number): Promise<CategoryScoreRow[]> {
    return db
      .select({
        id: ratingCategories.id,
        label_de: ratingCategories.label_de,
        label_en: ratingCategories.label_en,
        position: ratingCategories.position,
        location_id: ratingCategories.location_id,
        created_at: ratingCategories.created_at,
        updated_at: ratingCategories.updated_at,
        score_sum: sql<number>`coalesce(${locationCategoryScores.score_sum}, 0)`.mapWith(Number),
        score_count: sql<number>`coalesce(${locationCategoryScores.score_count}, 0)`.mapWith(Number),
      })
      .from(ratingCategories)
      .leftJoin(
        locationCategoryScores,
        and(
          eq(locationCategoryScores.category_id, ratingCategories.id),
          eq(locationCategoryScores.location_id, locationId),
        ),
      )
      .where(or(isNull(ratingCategories.location_id), eq(ratingCategories.location_id, locationId)))
      .orderBy(asc(ratingCategories.position), asc(ratingCategories.id));
  },
  /** Every category in order (administration, export columns). */
  async categories(db: Db): Promise<CategoryRow[]> {
    return db
      .select()
      .from(ratingCategories)
      .orderBy(asc(ratingCategories.position), asc(ratingCategories.id));
  },
  /** Every location's counters per category (the export's category sheet), for these locations. */
  async categoryCounters(db: Db, locationIds: number[]) {
    if (locationIds.length === 0) return [];
    return db
      .select()
      .from(locationCategoryScores)
      .where(anyId(locationCategoryScores.location_id, locationIds));
  },
  async categoryCount(db: Db): Promise<number> {
    const [row] = await db.select({ n: count() }).from(ratingCategories);
    return row?.n ?? 0;
  },
  async categoryById(db: Db, id: number): Promise<CategoryRow | undefined> {
    const [row] = await db.select().from(ratingCategories).where(eq(ratingCategories.id, id));
    return row;
  },
  async insertCategory(db: Db, values: CategoryValues): Promise<CategoryRow> {
    const [row] = await db.insert(ratingCategories).values(values).returning();
    return row!;
  },
  async updateCategory(db: Db, id: number, values: CategoryValues): Promise<CategoryRow | undefined> {
    const [row] = await db
      .update(ratingCategories)
      .set({ ...values, updated_at: sql`now()` })
      .where(eq(ratingCategories.id, id))
      .returning();
    return row;
  },
  async removeCategory(db: Db, id: number): Promise<boolean> {
    const rows = await db
      .delete(ratingCategories)
      .where(eq(ratingCategories.id, id))
      .returning({ id: ratingCategories.id });
    return rows.length > 0;
  },
};

/** A category with its counters as the rating page's statement carries it. */
type CategoryJson = Omit<CategoryScoreRow, 'created_at' | 'updated_at'>;

export interface CategoryValues {
  label_de: string;
  label_en: string;
  position: number;
  location_id: number | null;
}
