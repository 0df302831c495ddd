import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq, type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type Db, migrationsFolder } from '../src/db/client';
import * as schema from '../src/db/schema';
import { activities, groupMemberships, groups, topics, users } from '../src/db/schema';
import { createTestDatabase, testDbKind, testPostgresUrl } from './database';
import { buildGroup, buildUser } from './factories';

/** The error PostgreSQL (and PGlite) raises for a refused CHECK, wherever drizzle wrapped it. */
function checkViolation(error: unknown): string | undefined {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e; ) {
    if (e.code === '23514') return e.constraint ?? 'unnamed';
    e = e.cause as typeof e;
  }
  return undefined;
}

async function refusal(query: Promise<unknown>): Promise<string | undefined> {
  try {
    await query;
  } catch (error) {
    const constraint = checkViolation(error);
    if (constraint) return constraint;
    throw error;
  }
  return undefined;
}

const rows = async (db: Db, query: SQL) => ((await db.execute(query)) as unknown as { rows: unknown[] }).rows;

describe('the contract enums are CHECK constraints', () => {
  let database: Database;
  let db: Db;
  const facts = { user: 0, group: 0, membership: 0, topic: 0, activity: 0 };

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    const admin = await buildUser(db);
    const group = await buildGroup(db, { admins: [admin] });
    const [membership] = await db
      .select()
      .from(groupMemberships)
      .where(eq(groupMemberships.group_id, group.id));
    const [topic] = await db
      .insert(topics)
      .values({ group_id: group.id, name: 'A topic', description: '' })
      .returning();
    const [activity] = await db
      .insert(activities)
      .values({ user_id: admin.id, type: 'other', text: 'Hello' })
      .returning();
    Object.assign(facts, {
      user: admin.id,
      group: group.id,
      membership: membership!.id,
      topic: topic!.id,
      activity: activity!.id,
    });
  });
  afterAll(async () => {
    await database?.close();
  });

  // One row per constrained column: a value the contract does not name is refused by the database itself.
  const cases: Array<[string, string, string, keyof typeof facts]> = [
    ['groups', 'type', 'secret', 'group'],
    ['group_memberships', 'role', 'owner', 'membership'],
    ['group_memberships', 'status', 'banned', 'membership'],
    ['group_memberships', 'kind', 'import', 'membership'],
    ['topics', 'status', 'archived', 'topic'],
    ['activities', 'type', 'poke', 'activity'],
    ['activities', 'membership_status', 'banned', 'activity'],
    ['users', 'gender', 'unknown', 'user'],
    ['users', 'status', 'astronaut', 'user'],
    ['users', 'selected_language', 'fr_FR', 'user'],
  ];

  it.each(cases)('refuses %s.%s = %s', async (table, column, value, of) => {
    const constraint = await refusal(
      db.execute(
        sql`update ${sql.identifier(table)} set ${sql.identifier(column)} = ${value} where id = ${facts[of]}`,
      ),
    );
    expect(constraint).toBe(`${table}_${column}_check`);
  });

  it('refuses bad values in the tables without an id of their own too, and keeps allowing null and good values', async () => {
    const member = facts.user;
    expect(
      await refusal(
        db.execute(sql`insert into user_addresses (user_id, type) values (${member}, 'holiday_address')`),
      ),
    ).toBe('user_addresses_type_check');
    expect(
      await refusal(
        db.execute(
          sql`insert into user_addresses (user_id, type, gender) values (${member}, 'invoice_address', 'x')`,
        ),
      ),
    ).toBe('user_addresses_gender_check');
    expect(
      await refusal(
        db.execute(
          sql`insert into user_children (user_id, firstname, gender) values (${member}, 'Kim', 'x')`,
        ),
      ),
    ).toBe('user_children_gender_check');
    expect(
      await refusal(
        db.execute(sql`insert into profile_fields (key, type, labels) values ('k', 'date', '{}'::jsonb)`),
      ),
    ).toBe('profile_fields_type_check');
    expect(
      await refusal(db.execute(sql`insert into pages (title, visibility) values ('Page', 'friends')`)),
    ).toBe('pages_visibility_check');
    expect(
      await refusal(
        db.execute(
          sql`insert into comments (target_type, target_id, author_id, text) values ('user', 1, ${member}, 'Hi')`,
        ),
      ),
    ).toBe('comments_target_type_check');
    expect(
      await refusal(
        db.execute(sql`insert into likes (target_type, target_id, user_id) values ('user', 1, ${member})`),
      ),
    ).toBe('likes_target_type_check');

    // Null where the column allows it, and the contract's values, still go in.
    await db.update(users).set({ gender: null, status: null }).where(eq(users.id, member));
    await db.update(users).set({ gender: 'diverse', status: 'trainee' }).where(eq(users.id, member));
    await db.update(groups).set({ type: 'private' }).where(eq(groups.id, facts.group));
    const [group] = await db.select({ type: groups.type }).from(groups).where(eq(groups.id, facts.group));
    expect(group?.type).toBe('private');
  });
});

/**
 * A database that holds content like the demo's (and values the code used to tolerate) on the migrations before the
 * checks, then migrated to the current ones: the migration applies, and tolerated values become the
 * fallback the code read them as.
 */
describe('the enum-check migration on a database holding content', () => {
  const checksMigration = '0006_contract_enum_checks';
  const cleanup: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  /** A copy of the migrations folder that stops before the checks. */
  function migrationsBeforeChecks(): string {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'plaza-migrations-'));
    cleanup.push(() => rmSync(folder, { recursive: true, force: true }));
    cpSync(migrationsFolder, folder, { recursive: true });
    const journalFile = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
    const index = journal.entries.findIndex((entry) => entry.tag === checksMigration);
    expect(index).toBeGreaterThan(0);
    journal.entries = journal.entries.slice(0, index);
    writeFileSync(journalFile, JSON.stringify(journal));
    return folder;
  }

  /** An empty database of the suite's kind and a migrate(folder) for it. */
  async function emptyDatabase(): Promise<{ db: Db; migrate: (folder: string) => Promise<void> }> {
    if (testDbKind === 'pglite') {
      const client = await PGlite.create();
      cleanup.push(() => client.close());
      const db = drizzlePglite(client, { schema });
      return {
        db: db as unknown as Db,
        migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
      };
    }
    const name = `plaza_test_checks_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: testPostgresUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(testPostgresUrl);
    url.pathname = `/${name}`;
    const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
    cleanup.push(async () => {
      await pool.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });
    const db = drizzlePg(pool, { schema });
    return { db: db as unknown as Db, migrate: (folder) => migratePg(db, { migrationsFolder: folder }) };
  }

  /**
   * Content like the demo's, written in SQL of the schema before the checks (today's seed writes
   * columns of later migrations): members, a group of each type with accepted, invited and applying
   * members, and activities.
   */
  async function seedBeforeChecks(db: Db): Promise<void> {
    await db.execute(sql`
      insert into users (username, email, firstname, lastname, gender)
      select 'member' || n, 'member' || n || '@example.com', 'Member', 'No. ' || n,
             (array['female', 'male', 'diverse'])[1 + n % 3]
      from generate_series(1, 12) as n`);
    await db.execute(sql`
      insert into groups (name, description, type)
      values ('Open', 'Everyone', 'open'), ('Approval', 'Ask first', 'approval'), ('Private', 'Invited', 'private')`);
    await db.execute(sql`
      insert into group_memberships (group_id, user_id, role, status, kind)
      select g.id, u.id, case when u.id = (select min(id) from users) then 'admin' else 'member' end,
             (array['accepted', 'pending', 'applied'])[1 + u.id % 3],
             case when u.id % 3 = 2 then 'application' else 'invite' end
      from groups g cross join users u`);
    await db.execute(sql`
      insert into activities (user_id, type, text)
      select id, 'other', 'Welcome, ' || firstname from users`);
  }

  it('applies, and leaves the seeded rows as they were', async () => {
    const { db, migrate } = await emptyDatabase();
    await migrate(migrationsBeforeChecks());
    await seedBeforeChecks(db);
    const count = async (table: string) =>
      (await rows(db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0] as { n: number };
    const before = {
      users: await count('users'),
      groups: await count('groups'),
      memberships: await count('group_memberships'),
      activities: await count('activities'),
    };
    expect(before.users.n).toBeGreaterThan(10);
    expect(before.memberships.n).toBeGreaterThan(0);
    expect(before.activities.n).toBeGreaterThan(0);

    // Values the code read as a fallback before the checks existed.
    const [someone] = await db.select({ id: users.id }).from(users).limit(1);
    await db.execute(
      sql`update users set gender = 'unknown', status = 'astronaut' where id = ${someone!.id}`,
    );
    const [activity] = await db.select({ id: activities.id }).from(activities).limit(1);
    await db.execute(sql`update activities set type = 'legacy' where id = ${activity!.id}`);

    await migrate(migrationsFolder);

    const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'));
    expect(await rows(db, sql`select hash from drizzle.__drizzle_migrations`)).toHaveLength(
      journal.entries.length,
    );
    expect({
      users: await count('users'),
      groups: await count('groups'),
      memberships: await count('group_memberships'),
      activities: await count('activities'),
    }).toEqual(before);
    const [person] = await db
      .select({ gender: users.gender, status: users.status })
      .from(users)
      .where(eq(users.id, someone!.id));
    expect(person).toEqual({ gender: null, status: null });
    const [normalised] = await db
      .select({ type: activities.type })
      .from(activities)
      .where(eq(activities.id, activity!.id));
    expect(normalised?.type).toBe('other');
    const checks = await rows(
      db,
      sql`select conname from pg_constraint where contype = 'c' and conname like '%_check' order by conname`,
    );
    expect(checks).toEqual(
      expect.arrayContaining([
        { conname: 'groups_type_check' },
        { conname: 'group_memberships_status_check' },
      ]),
    );
    expect(
      await refusal(
        db.execute(sql`update groups set type = 'secret' where id = (select min(id) from groups)`),
      ),
    ).toBe('groups_type_check');
  });
});
