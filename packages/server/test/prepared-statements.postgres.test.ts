import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client';
import { executeRows } from '../src/db/execute-rows';
import { preparedQuery } from '../src/db/prepared-query';
import { PREPARED_PER_CONNECTION } from '../src/db/prepared-statements';
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

  it('stops preparing new statements at the bound, named ones too, and still runs them', async () => {
    for (let i = 0; i < PREPARED_PER_CONNECTION + 20; i += 1) {
      const [row] = await executeRows<{ n: number }>(
        database.db,
        sql`select ${0}::int + ${sql.raw(String(i))} as n`,
      );
      expect(row?.n).toBe(i);
    }
    expect((await preparedNames()).length).toBe(PREPARED_PER_CONNECTION);
    const named = await database.db
      .select({ n: sql<number>`${sql.placeholder('n')}::int` })
      .from(sql`(select 1) one`)
      .prepare('plaza_test_past_the_bound')
      .execute({ n: 7 });
    expect(named).toEqual([{ n: 7 }]);
    expect(await preparedNames()).not.toContain('plaza_test_past_the_bound');
  });
});
