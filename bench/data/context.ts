import { sql } from 'drizzle-orm';
import type { Db } from '../../packages/server/src/db/client';

/**
 * What every area of the generator gets: the transaction it fills, the scale, the seeded random
 * numbers (as SQL, so rows are made inside PostgreSQL by `INSERT ... SELECT FROM generate_series`)
 * and the step that runs a table's statements, then prints its row count and seconds.
 */
export interface FillContext {
  db: Db;
  scale: number;
  /**
   * Above scale 1, how many times closer together rows lie that come at fixed steps in time (chat
   * messages, orders, jobs): the same span holds more of them, so a larger community's shop does not
   * reach back decades. 1 at scale 1 and below, where the steps are as written.
   */
  density: number;
  /** `count(atScale1)` at this scale, never below `min`. */
  count(atScale1: number, min?: number): number;
  random: RandomSql;
  /** The moment the data is "now" in (a timestamptz literal): all times are before it. */
  now: string;
  run(statement: string): Promise<void>;
  rows<T>(query: string): Promise<T[]>;
  /** Runs steps (SQL statements or functions) and prints the seconds they took under `label`. */
  step(label: string, ...steps: Array<string | (() => Promise<unknown>)>): Promise<void>;
  /**
   * Runs the steps that fill `table` (SQL statements, or functions for what goes through the server's
   * own code), then prints its row count and the seconds they took.
   */
  table(table: string, ...steps: Array<string | (() => Promise<unknown>)>): Promise<void>;
}

/** One part of the community (people, groups, posts, ...), filled after the areas before it. */
export interface Area {
  name: string;
  fill(ctx: FillContext): Promise<void>;
}

/** A string as an SQL literal. */
export function literal(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** A list of strings as an SQL `text[]`. */
export function textArray(values: readonly string[]): string {
  return `array[${values.map(literal).join(', ')}]::text[]`;
}

/** FNV-1a of a text: the number of a random stream, from its name. */
function streamNumber(name: string): number {
  let hash = 0x811c9dc5;
  for (const char of name) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * Seeded pseudo-random numbers in SQL: PostgreSQL's `hashint8extended(key, seed)`, which is stable across
 * versions (hash partitioning relies on it), of a row's key and a named stream. The same seed gives the
 * same data; each stream name gives numbers independent of the others for the same key.
 */
export function randomSql(seed: number) {
  const streamSeed = (stream: string) => streamNumber(`${seed}:${stream}`);
  /** A number in [0, 1) for the SQL expression `key`. */
  const rand = (key: string, stream: string) =>
    `((hashint8extended((${key})::bigint, ${streamSeed(stream)}) & 2147483647)::float8 / 2147483648.0)`;
  /** An integer in [0, n) (n an SQL expression or a number). */
  const below = (key: string, stream: string, n: string | number) =>
    `floor(${rand(key, stream)} * (${n}))::int`;
  /** A hash of the key as a non-negative integer (for strides through a list). */
  const hash = (key: string, stream: string) =>
    `(hashint8extended((${key})::bigint, ${streamSeed(stream)}) & 1073741823)`;
  /** One element of a word list. */
  const pick = (list: readonly string[], key: string, stream: string) =>
    `(${textArray(list)})[1 + ${below(key, stream, list.length)}]`;
  return { rand, below, hash, pick };
}
export type RandomSql = ReturnType<typeof randomSql>;

/** The rows of a raw query on either driver (node-postgres answers `{rows}`, PGlite too). */
function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}

export function fillContext(db: Db, options: { scale: number; seed: number; now: Date }): FillContext {
  const run = async (statement: string) => {
    await db.execute(sql.raw(statement));
  };
  const rows = async <T>(query: string) => rowsOf<T>(await db.execute(sql.raw(query)));
  /** Runs the steps, then prints the label, what `after` tells (a row count) and the seconds. */
  const timed = async (
    label: string,
    steps: Array<string | (() => Promise<unknown>)>,
    after: () => Promise<string>,
  ) => {
    const started = performance.now();
    for (const step of steps) await (typeof step === 'string' ? run(step) : step());
    const seconds = (performance.now() - started) / 1000;
    console.log(`  ${label.padEnd(28)} ${(await after()).padStart(16)} ${seconds.toFixed(1).padStart(7)} s`);
  };
  return {
    db,
    scale: options.scale,
    density: Math.max(1, options.scale),
    count: (atScale1, min = 1) => Math.max(min, Math.round(atScale1 * options.scale)),
    random: randomSql(options.seed),
    now: `${literal(options.now.toISOString())}::timestamptz`,
    run,
    rows,
    step: (label, ...steps) => timed(label, steps, async () => ''),
    table: (table, ...steps) =>
      // Statistics right away: later statements of the same transaction are planned on this table.
      timed(table, [...steps, `analyze ${table}`], async () => {
        const [row] = await rows<{ n: number }>(`select count(*)::int as n from ${table}`);
        return `${(row?.n ?? 0).toLocaleString('en')} rows`;
      }),
  };
}
