import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDbKind } from '../../test/database';
import { loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { usersRepo } from '../modules/users/repo';
import { createLocalStore } from '../platform/storage';
import { seedDemoContent } from './index';
import { describeStartContent, prepareContent } from './on-start';

const pgUrl = 'postgres://plaza@db.example.com/plaza';
const base = { publicUrl: 'http://plaza.test' };

describe('which starts get the demo content', () => {
  it('the embedded default does, a PostgreSQL server does not, and PLAZA_DEMO decides either way', () => {
    expect(loadConfig({}).demoContent).toBe(true);
    expect(loadConfig({ DATABASE_URL: pgUrl }).demoContent).toBe(false);
    expect(loadConfig({ DATABASE_URL: pgUrl, PLAZA_DEMO: '1' }).demoContent).toBe(true);
    expect(loadConfig({ DATABASE_URL: pgUrl, PLAZA_DEMO: 'true' }).demoContent).toBe(true);
    expect(loadConfig({ PLAZA_DEMO: '0' }).demoContent).toBe(false);
    expect(() => loadConfig({ PLAZA_DEMO: 'yes' })).toThrow(/PLAZA_DEMO/);
  });
});

// Seeding fills about 30 members, groups and posts: slow on a busy machine, so a longer limit.
describe('demo content at start', { timeout: 120_000 }, () => {
  const open: Database[] = [];
  const fresh = async () => {
    const database = await createTestDatabase();
    open.push(database);
    return database;
  };
  afterEach(async () => {
    for (const database of open.splice(0).reverse()) await database.close();
  });

  it('leaves an empty database empty without demo content and says how to create the first superadmin', async () => {
    const database = await fresh();
    const content = await prepareContent(database, { ...base, demoContent: false });
    expect(content).toEqual({ kind: 'no-members' });
    expect(await usersRepo.count(database.db)).toBe(0);
    expect(describeStartContent(content).join('\n')).toMatch(/user:create .*--superadmin/);
  });

  it('seeds an empty database once when asked, and prints the admin login only on that start', async () => {
    const database = await fresh();
    const first = await prepareContent(database, { ...base, demoContent: true });
    expect(first.kind).toBe('seeded');
    expect(describeStartContent(first)).toEqual([expect.stringMatching(/^Admin login: admin \/ \S{12,}$/)]);
    const members = await usersRepo.count(database.db);
    expect(members).toBeGreaterThan(20);
    // The dashboard greets by first name: the administrator is a person, not the brand ("Hallo, Plaza!").
    const admin = await usersRepo.byLogin(database.db, 'username', 'admin');
    expect(admin?.firstname).toBe('Katrin');
    const second = await prepareContent(database, { ...base, demoContent: true });
    expect(second).toEqual({ kind: 'ready' });
    expect(describeStartContent(second)).toEqual([]);
    expect(await usersRepo.count(database.db)).toBe(members);
  });

  it('seeds once when two starts seed the same empty database at the same time', async () => {
    const database = await fresh();
    // A second connection to the same database, as a second instance has (PGlite serves one process).
    const url = (database as { url?: string }).url;
    const other = testDbKind === 'postgres' && url ? await openDatabase({ databaseUrl: url }) : database;
    if (other !== database) open.push(other);
    const results = await Promise.all([
      seedDemoContent(database.db, { publicUrl: base.publicUrl }),
      seedDemoContent(other.db, { publicUrl: base.publicUrl }),
    ]);
    expect(results.filter((result) => result.admin)).toHaveLength(1);
    const admins = await database.db.query.users.findMany({ where: (u, { eq }) => eq(u.username, 'admin') });
    expect(admins).toHaveLength(1);
  });

  it('leaves nothing behind when seeding fails half-way (one transaction)', async () => {
    const database = await fresh();
    // Demo pictures are written after the members: an uploads folder that is a file makes that step fail.
    const folder = mkdtempSync(path.join(os.tmpdir(), 'plaza-seed-'));
    const notAFolder = path.join(folder, 'file');
    writeFileSync(notAFolder, 'not a folder');
    try {
      await expect(
        seedDemoContent(database.db, { publicUrl: base.publicUrl, storage: createLocalStore(notAFolder) }),
      ).rejects.toThrow();
      expect(await usersRepo.count(database.db)).toBe(0);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
