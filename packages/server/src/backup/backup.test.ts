import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import {
  scratchFolder,
  seedWithUpload,
  sequenceStates,
  storeContents,
  tableDigests,
} from '../../test/backup-helpers';
import { createTestDatabase } from '../../test/database';
import { buildUser } from '../../test/factories';
import type { Database } from '../db/client';
import { executeRows } from '../db/execute-rows';
import { BackupError, type BackupManifest, restoreBackup, writeBackup } from '.';

/** A gzip'd tar of the given entries, built in memory. */
async function tarGz(entries: Record<string, string>): Promise<Buffer> {
  const pack = tar.pack();
  for (const [name, body] of Object.entries(entries)) pack.entry({ name }, body);
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of pack as AsyncIterable<Buffer>) chunks.push(chunk);
  return gzipSync(Buffer.concat(chunks));
}

async function memberCount(database: Database): Promise<number> {
  const [row] = await executeRows<{ n: number }>(database.db, sql`select count(*)::int as n from users`);
  return row!.n;
}

describe('plaza backup and restore', () => {
  let source: TestApp;
  let scratch: ReturnType<typeof scratchFolder>;
  let archive: string;
  let manifest: BackupManifest;
  let sourceDigests: Awaited<ReturnType<typeof tableDigests>>;
  let sourceFiles: Map<string, Buffer>;
  const opened: Database[] = [];

  beforeAll(async () => {
    scratch = scratchFolder();
    source = await createTestApp();
    await seedWithUpload(source);
    sourceDigests = await tableDigests(source.db);
    sourceFiles = await storeContents(source.storage);
    archive = path.join(scratch.dir, 'plaza.tar.gz');
    // Taken while the app is up and serving (its pool, pipes and sessions open).
    manifest = await writeBackup(source.database, source.storage, archive);
  }, 300_000);

  afterAll(async () => {
    for (const database of opened) await database.close();
    await source?.close();
    scratch?.remove();
  });

  async function emptyDatabase(): Promise<Database> {
    const database = await createTestDatabase();
    opened.push(database);
    return database;
  }

  it('writes a manifest that counts every table, sequence and file of the source', () => {
    expect(manifest.migration.tag).toMatch(/^\d{4}_/);
    expect(Object.keys(manifest.tables).sort()).toEqual(Object.keys(sourceDigests).sort());
    for (const [table, digest] of Object.entries(sourceDigests))
      expect(manifest.tables[table]?.rows).toBe(digest.rows);
    expect(manifest.sequences.users_id_seq?.called).toBe(true);
    expect(manifest.files.count).toBe(sourceFiles.size);
    expect(manifest.files.bytes).toBe([...sourceFiles.values()].reduce((sum, file) => sum + file.length, 0));
    expect(sourceFiles.size).toBeGreaterThan(1);
  });

  it('restores every row and file into an empty instance, and new rows insert after it', async () => {
    const target = await emptyDatabase();
    const store = scratch.store('restored');
    await restoreBackup(target, store, archive);

    expect(await tableDigests(target.db)).toEqual(sourceDigests);
    expect(await sequenceStates(target.db)).toEqual(await sequenceStates(source.db));
    const files = await storeContents(store);
    expect([...files.keys()].sort()).toEqual([...sourceFiles.keys()].sort());
    for (const [key, bytes] of sourceFiles) expect(files.get(key)?.equals(bytes), key).toBe(true);

    // The sequences continue after the restored rows: a new member gets the next id.
    const [highest] = await executeRows<{ id: number }>(target.db, sql`select max(id)::int as id from users`);
    const added = await buildUser(target.db, { firstname: 'After', lastname: 'Restore' });
    expect(added.id).toBeGreaterThan(highest!.id);

    // A database with members is not empty: a second restore is refused and changes nothing.
    const before = await memberCount(target);
    await expect(restoreBackup(target, scratch.store('again'), archive)).rejects.toThrow(
      /not empty \(it has members\)/,
    );
    expect(await memberCount(target)).toBe(before);
  }, 120_000);

  it('refuses to write over an existing file', async () => {
    await expect(writeBackup(source.database, source.storage, archive)).rejects.toThrow(/exists already/);
  });

  it('refuses a file that is no archive, a foreign archive and one of another migration', async () => {
    const target = await emptyDatabase();
    const store = scratch.store('refused');
    const garbage = path.join(scratch.dir, 'garbage.tar.gz');
    writeFileSync(garbage, 'this is not a backup\n');
    await expect(restoreBackup(target, store, garbage)).rejects.toThrow(BackupError);
    await expect(restoreBackup(target, store, garbage)).rejects.toThrow(/is not a Plaza backup/);

    const foreign = path.join(scratch.dir, 'foreign.tar.gz');
    writeFileSync(foreign, await tarGz({ 'notes.txt': 'hello' }));
    await expect(restoreBackup(target, store, foreign)).rejects.toThrow(
      /Not a Plaza backup: the archive starts with notes\.txt/,
    );

    const older = path.join(scratch.dir, 'older.tar.gz');
    const header = { ...manifest, migration: { tag: '0001_older', when: 1 } };
    writeFileSync(older, await tarGz({ 'plaza-backup.json': JSON.stringify(header) }));
    await expect(restoreBackup(target, store, older)).rejects.toThrow(/made at migration 0001_older/);

    await expect(restoreBackup(target, store, path.join(scratch.dir, 'missing.tar.gz'))).rejects.toThrow(
      /does not exist/,
    );
    expect(await memberCount(target)).toBe(0);
  }, 120_000);

  it('refuses an archive cut short, leaving the database and the store as they were', async () => {
    const target = await emptyDatabase();
    const store = scratch.store('cut');
    const bytes = readFileSync(archive);
    const cut = path.join(scratch.dir, 'cut.tar.gz');
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.9)));
    await expect(restoreBackup(target, store, cut)).rejects.toThrow(/damaged or cut short|cut short/);
    expect(await memberCount(target)).toBe(0);
    expect((await storeContents(store)).size).toBe(0);
    // The refused restore left the database usable and empty: the whole archive restores now.
    await restoreBackup(target, store, archive);
    expect(await tableDigests(target.db)).toEqual(sourceDigests);
  }, 120_000);
});
