import { readFileSync } from 'node:fs';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, migrationsFolder } from '../src/db/client';
import { users } from '../src/db/schema';
import { createTestDatabase } from './database';
import { buildUser } from './factories';

/** Each test file's database is a copy of a migrated template (test/database.ts); the copy must be complete and its own. */
describe('a test database copied from the template', () => {
  const open: Database[] = [];
  afterAll(async () => {
    for (const database of open) await database.close();
  });

  it('has every committed migration applied and shares no rows with another copy', async () => {
    const first = await createTestDatabase();
    open.push(first);
    const second = await createTestDatabase();
    open.push(second);
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'));
    // Both drivers answer raw SQL with { rows }.
    const appliedMigrations = async () =>
      ((await first.db.execute(sql`select hash from drizzle.__drizzle_migrations`)) as { rows: unknown[] })
        .rows;
    expect(await appliedMigrations()).toHaveLength(journal.entries.length);
    // Migrating again finds nothing to do.
    await first.migrate();
    expect(await appliedMigrations()).toHaveLength(journal.entries.length);

    await buildUser(first.db);
    const [inFirst] = await first.db.select({ n: count() }).from(users);
    const [inSecond] = await second.db.select({ n: count() }).from(users);
    expect(inFirst?.n).toBe(1);
    expect(inSecond?.n).toBe(0);
  });
});
