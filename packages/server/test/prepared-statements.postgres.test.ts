import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, DEFAULT_PIPELINES, openDatabase } from '../src/db/client';
import { executeRows } from '../src/db/execute-rows';
import { inlineCount, offsetClause, preparedOffset } from '../src/db/inline-count';
import { preparedQuery } from '../src/db/prepared-query';
import { createTestDatabase } from './database';
import { requirePostgres } from './overload';

requirePostgres('prepared-statements.postgres.test.ts');

/** The server's pool prepares the parameterised statements it runs (db/prepared-statements.ts). */
describe('prepared statements on PostgreSQL', () => {
  let template: Database & { url?: string };
  let database: Database;
  beforeAll(async () => {
    template = await createTestDatabase();
    // One connection, so every query below meets the statements of the ones before.
    database = await openDatabase({
      databaseUrl: template.url,
      limits: { statementTimeoutMs: 0, poolMax: 1, poolQueueMax: 10 },
    });
  });
  afterAll(async () => {
    await database?.close();
    await template?.close();
  });

  const preparedNames = async () =>
    (
      await executeRows<{ name: string }>(
        database.db,
        sql`select name from pg_prepared_statements where name like 'plaza_%' and ${1} = 1`,
      )
    ).map((row) => row.name);

  it('prepares a parameterised statement once per connection and runs it again by name', async () => {
    await preparedNames(); // the listing's own statement, prepared from here on
    const before = await preparedNames();
    for (const id of [1, 2, 3]) {
      const rows = await executeRows<{ n: number }>(database.db, sql`select ${id}::int + 1 as n`);
      expect(rows).toEqual([{ n: id + 1 }]);
    }
    const after = await preparedNames();
    // The addition: one statement, however often it ran.
    expect(after.length - before.length).toBe(1);
    expect(new Set(after).size).toBe(after.length);
  });

  it('leaves statements without parameters unnamed, so several commands still run as one', async () => {
    const before = await preparedNames();
    await database.db.execute(sql.raw('create temporary table scratch (n int); drop table scratch'));
    expect(await preparedNames()).toEqual(before);
  });

  it('runs a query prepared once per shape by its own name, with new values each time', async () => {
    const query = (n: number) =>
      preparedQuery(database.db, 'test_plus_one', (name) =>
        database.db
          .select({ n: sql<number>`${sql.placeholder('n')}::int + 1` })
          .from(sql`(select 1) one`)
          .prepare(name),
      ).execute({ n });
    expect(await query(1)).toEqual([{ n: 2 }]);
    expect(await query(41)).toEqual([{ n: 42 }]);
    expect((await preparedNames()).filter((name) => name === 'plaza_test_plus_one')).toHaveLength(1);
  });

  /** A page of `size` rows: the size written into the text, as `inlineCount` does for page sizes. */
  const page = (db: Database['db'], size: number) =>
    executeRows<{ n: number }>(
      db,
      sql`select n from generate_series(${1}::int, 1000) as n order by n limit ${inlineCount(size)}`,
    );

  it.each([
    ['pipelined connections', DEFAULT_PIPELINES],
    ['pool connections', 0],
  ])(
    'keeps at most the bound on %s, closing the least recently used, and still runs every statement',
    async (_, pipelines) => {
      const bound = 20;
      const small = await openDatabase({
        databaseUrl: template.url,
        limits: { statementTimeoutMs: 0, poolMax: 1, poolQueueMax: 10, pipelines, preparedStatements: bound },
      });
      try {
        const names = async () =>
          (
            await executeRows<{ name: string }>(
              small.db,
              sql`select name from pg_prepared_statements where name like 'plaza_%' and ${1} = 1`,
            )
          ).map((row) => row.name);
        // Many page sizes, as a client paging with every size would ask for.
        for (let size = 1; size <= bound * 5; size += 1) {
          expect(await page(small.db, size)).toHaveLength(size);
          expect((await names()).length).toBeLessThanOrEqual(bound);
        }
        expect((await names()).length).toBe(bound);
        // A size whose statement was closed long ago runs again (parsed anew), as does the latest one.
        expect(await page(small.db, 1)).toHaveLength(1);
        expect(await page(small.db, bound * 5)).toHaveLength(bound * 5);
        // A statement used all along stays prepared while newer ones come and go.
        const hot = () => executeRows<{ n: number }>(small.db, sql`select ${41}::int + 1 as hot`);
        await hot();
        const hotStatement = async () =>
          (
            await executeRows<{ name: string }>(
              small.db,
              sql`select name from pg_prepared_statements where statement like ${'%as hot'}`,
            )
          ).map((row) => row.name);
        const [hotName] = await hotStatement();
        expect(hotName).toMatch(/^plaza_/);
        for (let size = 200; size < 200 + bound * 2; size += 1) {
          await page(small.db, size);
          await hot();
        }
        expect(await hotStatement()).toEqual([hotName]);
        expect((await names()).length).toBe(bound);
      } finally {
        await small.close();
      }
    },
  );

  it('pages deep with two statements per query, the first page and every deeper one', async () => {
    const before = (await preparedNames()).length;
    const serie = sql`select n from generate_series(${1}::int, 1000) as n order by n limit ${inlineCount(5)}`;
    const deep = (offset: number) => {
      const pageOffset = preparedOffset(offset);
      return preparedQuery(database.db, `test_deep_${pageOffset.shape}`, (name) =>
        database.db
          .select({ n: sql<number>`n` })
          .from(sql`generate_series(1, ${sql.placeholder('last')}::int) as n`)
          .orderBy(sql`n`)
          .limit(inlineCount(5))
          .offset(pageOffset.value)
          .prepare(name),
      ).execute({ last: 1000, offset });
    };
    for (let offset = 0; offset <= 500; offset += 5) {
      const expected = [1, 2, 3, 4, 5].map((n) => n + offset);
      const inTemplate = await executeRows<{ n: number }>(database.db, sql`${serie}${offsetClause(offset)}`);
      expect(inTemplate.map((row) => row.n)).toEqual(expected);
      expect((await deep(offset)).map((row) => row.n)).toEqual(expected);
    }
    expect((await preparedNames()).length - before).toBe(4);
  });

  it('closes a statement inside a transaction without disturbing it, even one whose parse had failed', async () => {
    const small = await openDatabase({
      databaseUrl: template.url,
      limits: { statementTimeoutMs: 0, poolMax: 1, poolQueueMax: 10, pipelines: 0, preparedStatements: 2 },
    });
    try {
      // A statement that fails to parse is remembered as used, though the backend never prepared it.
      await expect(executeRows(small.db, sql`select ${1}::int from no_such_table`)).rejects.toThrow();
      const sums = await small.db.transaction(async (tx) => {
        const found: number[] = [];
        for (let i = 0; i < 6; i += 1) {
          const [row] = await executeRows<{ n: number }>(
            tx,
            sql`select ${i}::int + ${sql.raw(String(i))} as n`,
          );
          found.push(row!.n);
        }
        return found;
      });
      expect(sums).toEqual([0, 2, 4, 6, 8, 10]);
    } finally {
      await small.close();
    }
  });

  it('prepares nothing with a bound of 0 and still runs the statements', async () => {
    const none = await openDatabase({
      databaseUrl: template.url,
      limits: { statementTimeoutMs: 0, poolMax: 1, poolQueueMax: 10, preparedStatements: 0 },
    });
    try {
      expect(await page(none.db, 3)).toHaveLength(3);
      const named = await executeRows<{ count: number }>(
        none.db,
        sql`select count(*)::int as count from pg_prepared_statements where ${1} = 1`,
      );
      expect(named).toEqual([{ count: 0 }]);
    } finally {
      await none.close();
    }
  });
});
