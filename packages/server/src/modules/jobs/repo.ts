import { employmentTypes, type JobFilterValues, type JobState, jobFields } from '@plaza/contract';
import { and, asc, desc, eq, getTableColumns, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { executeRows } from '../../db/execute-rows';
import { inlineCount, preparedOffset } from '../../db/inline-count';
import { preparedQuery } from '../../db/prepared-query';
import { images, jobs, locations } from '../../db/schema';
import { type ListShape, listedJobs, listShape, listValues } from './jobs-sql';

/** Every column of a job but its search document. */
const { search_vector: _searchVector, ...jobColumns } = getTableColumns(jobs);

export type JobRow = Omit<typeof jobs.$inferSelect, 'search_vector'>;
export type NewJobRow = Omit<typeof jobs.$inferInsert, 'search_vector'>;

/** A job with its location's name and its image's address. */
export type JobWithPlace = JobRow & { location_name: string | null; image_path: string | null };

const listFields = {
  id: jobs.id,
  title: jobs.title,
  locale: jobs.locale,
  field: jobs.field,
  employment_type: jobs.employment_type,
  location_id: jobs.location_id,
  location_name: locations.name,
  image_path: images.path,
};
export type JobListRow = {
  id: number;
  title: string;
  locale: JobRow['locale'];
  field: JobRow['field'];
  employment_type: JobRow['employment_type'];
  location_id: number | null;
  location_name: string | null;
  image_path: string | null;
};

const neighbour = alias(jobs, 'neighbour');

/** The id of the job next to `jobs` in the list, towards newer (`before`) or older (`after`) ones. */
function neighbourId(side: 'before' | 'after', shape: ListShape): SQL {
  const toward =
    side === 'before'
      ? sql`(${neighbour.published_at}, ${neighbour.id}) > (${jobs.published_at}, ${jobs.id})`
      : sql`(${neighbour.published_at}, ${neighbour.id}) < (${jobs.published_at}, ${jobs.id})`;
  const order =
    side === 'before'
      ? sql`${neighbour.published_at} asc, ${neighbour.id} asc`
      : sql`${neighbour.published_at} desc, ${neighbour.id} desc`;
  return sql`(select ${neighbour.id} from ${jobs} as neighbour where ${listedJobs(neighbour, shape)} and ${toward} order by ${order} limit 1)`;
}

/** Queries of the jobs board. */
export const jobsRepo = {
  /**
   * A page of the members' list: open jobs of the filters and words, newest published first, walking
   * `jobs_open_idx` (depth bounded by the contract's `maxStreamPage`); reads `limit` rows.
   */
  async list(
    db: Db,
    input: { filters: JobFilterValues; words: readonly string[]; limit: number; offset: number },
  ): Promise<JobListRow[]> {
    const { shape, name } = listShape(input.filters, input.words);
    const offset = preparedOffset(input.offset);
    const query = preparedQuery(db, `jobs_list_${name}_${input.limit}_${offset.shape}`, (statement) => {
      // The page's ids first (an index-only walk when nothing filters), then their rows: the skipped
      // jobs of a deep page are neither read whole nor joined.
      const page = db
        .select({ id: jobs.id, at: jobs.published_at })
        .from(jobs)
        .where(listedJobs(jobs, shape))
        .orderBy(desc(jobs.published_at), desc(jobs.id))
        .limit(inlineCount(input.limit))
        .offset(offset.value)
        .as('page');
      return db
        .select(listFields)
        .from(page)
        .innerJoin(jobs, eq(jobs.id, page.id))
        .leftJoin(locations, eq(locations.id, jobs.location_id))
        .leftJoin(images, eq(images.id, jobs.image_id))
        .orderBy(desc(page.at), desc(page.id))
        .prepare(statement);
    });
    return query.execute({ ...listValues(input.filters, input.words), offset: input.offset });
  },

  /**
   * An open job with the ids of its neighbours in the list of the filters and words (keyset: the next
   * newer and the next older row of `jobs_open_idx`), or undefined when it is not open.
   */
  async openWithNeighbours(
    db: Db,
    id: number,
    filters: JobFilterValues,
    words: readonly string[],
  ): Promise<(JobWithPlace & { prev: number | null; next: number | null }) | undefined> {
    const { shape, name } = listShape(filters, words);
    const query = preparedQuery(db, `jobs_open_${name}`, (statement) =>
      db
        .select({
          ...jobColumns,
          location_name: locations.name,
          image_path: images.path,
          prev: sql<number | null>`${neighbourId('before', shape)}`,
          next: sql<number | null>`${neighbourId('after', shape)}`,
        })
        .from(jobs)
        .leftJoin(locations, eq(locations.id, jobs.location_id))
        .leftJoin(images, eq(images.id, jobs.image_id))
        .where(and(eq(jobs.id, sql.placeholder('id')), sql`${jobs.state} = 'open'`))
        .prepare(statement),
    );
    const [row] = await query.execute({ id, ...listValues(filters, words) });
    return row;
  },

  /**
   * The facet values open jobs have: locations with an open job (a probe per location, by name), and
   * the fields and employment types of the contract that an open job has (a probe per value).
   */
  async facetValues(db: Db): Promise<{
    locations: { id: number; name: string }[];
    fields: string[];
    employmentTypes: string[];
  }> {
    const probe = (column: SQL) =>
      sql`exists (select 1 from ${jobs} where ${jobs.state} = 'open' and ${column} = v)`;
    const [placeRows, valueRows] = await Promise.all([
      db
        .select({ id: locations.id, name: locations.name })
        .from(locations)
        .where(
          sql`exists (select 1 from ${jobs} where ${jobs.location_id} = ${locations.id} and ${jobs.state} = 'open')`,
        )
        .orderBy(sql`lower(${locations.name})`, locations.id),
      executeRows<{ facet: string; v: string }>(
        db,
        sql`
        select 'field' as facet, v from unnest(${sql.param([...jobFields])}::text[]) as v
          where ${probe(sql`${jobs.field}`)}
        union all
        select 'employment_type' as facet, v from unnest(${sql.param([...employmentTypes])}::text[]) as v
          where ${probe(sql`${jobs.employment_type}`)}`,
      ),
    ]);
    const values = valueRows;
    return {
      locations: placeRows,
      fields: values.filter((row) => row.facet === 'field').map((row) => row.v),
      employmentTypes: values.filter((row) => row.facet === 'employment_type').map((row) => row.v),
    };
  },

  /** A job of any state with its location's name and image. */
  async byId(db: Db, id: number): Promise<JobWithPlace | undefined> {
    const [row] = await db
      .select({ ...jobColumns, location_name: locations.name, image_path: images.path })
      .from(jobs)
      .leftJoin(locations, eq(locations.id, jobs.location_id))
      .leftJoin(images, eq(images.id, jobs.image_id))
      .where(eq(jobs.id, id));
    return row;
  },

  /** The administration's list: newest id first, after `before`. */
  async adminList(
    db: Db,
    input: { before?: number; state?: JobState; limit: number },
  ): Promise<JobWithPlace[]> {
    return db
      .select({ ...jobColumns, location_name: locations.name, image_path: images.path })
      .from(jobs)
      .leftJoin(locations, eq(locations.id, jobs.location_id))
      .leftJoin(images, eq(images.id, jobs.image_id))
      .where(
        and(
          input.before ? lt(jobs.id, input.before) : undefined,
          input.state ? eq(jobs.state, input.state) : undefined,
        ),
      )
      .orderBy(desc(jobs.id))
      .limit(inlineCount(input.limit));
  },

  /** Every location a job may name, by name (locations are bounded: `ratingLimits.maxLocations`). */
  async locations(db: Db): Promise<{ id: number; name: string }[]> {
    return db
      .select({ id: locations.id, name: locations.name })
      .from(locations)
      .orderBy(sql`lower(${locations.name})`, asc(locations.id));
  },

  async locationExists(db: Db, id: number): Promise<boolean> {
    const [row] = await db.select({ id: locations.id }).from(locations).where(eq(locations.id, id));
    return Boolean(row);
  },

  /** The id of the location named `name` (the demo content), or undefined. */
  async locationIdByName(db: Db, name: string): Promise<number | undefined> {
    const [row] = await db
      .select({ id: locations.id })
      .from(locations)
      .where(eq(locations.name, name))
      .orderBy(locations.id)
      .limit(1);
    return row?.id;
  },

  async insert(db: Db, values: NewJobRow): Promise<number> {
    const [row] = await db.insert(jobs).values(values).returning({ id: jobs.id });
    return row!.id;
  },

  /** Updates a job, only while it is in one of `from` states when given; returns whether it did. */
  async update(db: Db, id: number, values: Partial<NewJobRow>, from?: readonly JobState[]): Promise<boolean> {
    const rows = await db
      .update(jobs)
      .set({ ...values, updated_at: new Date() })
      .where(
        and(eq(jobs.id, id), from ? sql`${jobs.state} = any(${sql.param([...from])}::text[])` : undefined),
      )
      .returning({ id: jobs.id });
    return rows.length > 0;
  },

  /** Deletes a job; returns its image id (null without one), or undefined when there was no job. */
  async remove(db: Db, id: number): Promise<{ image_id: number | null } | undefined> {
    const [row] = await db.delete(jobs).where(eq(jobs.id, id)).returning({ image_id: jobs.image_id });
    return row;
  },
};
