import { eq, sql } from 'drizzle-orm';
import { NodePgPreparedQuery } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDbKind } from '../../test/database';
import { buildUser } from '../../test/factories';
import type { Database } from './client';
import { preparedQuery } from './prepared-query';
import { users } from './schema';

/** Columns of every kind a prepared query reads: numbers, text, dates, booleans, arrays, JSON, nulls. */
const fields = {
  id: users.id,
  username: users.username,
  created_at: users.created_at,
  birthday: users.birthday,
  position: users.position,
  is_birth_year_visible: users.is_birth_year_visible,
  location_names: users.location_names,
  doubled: sql<number>`${users.id} * 2`.mapWith(Number),
  card: sql<{
    name: string;
    tags: string[];
  }>`json_build_object('name', ${users.firstname}, 'tags', ${users.location_names})`,
  nothing: sql<string | null>`null::text`,
};

describe('preparedQuery', () => {
  let database: Database;
  let ids: number[];
  beforeAll(async () => {
    database = await createTestDatabase();
    const a = await buildUser(database.db, { firstname: 'Ada' });
    const b = await buildUser(database.db, { firstname: 'Bo' });
    await database.db
      .update(users)
      .set({ location_names: ['Berlin', 'Köln'], birthday: '1990-02-28' })
      .where(eq(users.id, a.id));
    ids = [a.id, b.id];
  });
  afterAll(() => database?.close());

  it('answers the rows drizzle maps itself, value for value and type for type', async () => {
    const { db } = database;
    const query = preparedQuery(db, 'prepared_query_test', (name) =>
      db
        .select(fields)
        .from(users)
        .where(eq(users.id, sql.placeholder('id')))
        .prepare(name),
    );
    for (const id of ids) {
      const direct = await query.execute({ id });
      const mapped = await db.select(fields).from(users).where(eq(users.id, id));
      expect(direct).toEqual(mapped);
      expect(direct[0]?.created_at).toBeInstanceOf(Date);
    }
    const [ada] = await query.execute({ id: ids[0] });
    expect(ada).toMatchObject({
      birthday: '1990-02-28',
      location_names: ['Berlin', 'Köln'],
      doubled: (ids[0] ?? 0) * 2,
      card: { name: 'Ada', tags: ['Berlin', 'Köln'] },
      nothing: null,
    });
  });

  it('runs a flat selection on node-postgres without drizzle’s per-row field lookup', () => {
    const { db } = database;
    const query = preparedQuery(db, 'prepared_query_test_direct', (name) =>
      db.select(fields).from(users).prepare(name),
    );
    // On PostgreSQL the direct row mapping replaces drizzle's; PGlite's queries run as drizzle runs them.
    expect(query instanceof NodePgPreparedQuery).toBe(testDbKind === 'postgres');
    expect(Object.hasOwn(query, 'execute')).toBe(testDbKind === 'postgres');
  });
});
