import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { scratchFolder, seedWithUpload, storeContents, tableDigests } from '../../test/backup-helpers';
import { createTestDatabase, openPgliteFromTemplate } from '../../test/database';
import { buildUser } from '../../test/factories';
import { type S3Fake, startS3Fake } from '../../test/s3-fake';
import { loadConfig } from '../config';
import type { Database, Db } from '../db/client';
import { createObjectStore, type ObjectStore } from '../platform/storage';
import { restoreBackup, writeBackup } from '.';

/**
 * PostgreSQL only: a backup of a running server is one snapshot, and archives cross database kinds and
 * file stores (PostgreSQL + folder -> PGlite + S3-compatible bucket -> PostgreSQL + folder).
 */
describe('plaza backup on PostgreSQL', () => {
  let source: TestApp;
  let scratch: ReturnType<typeof scratchFolder>;
  let s3: S3Fake;
  let digests: Awaited<ReturnType<typeof tableDigests>>;
  let files: Map<string, Buffer>;
  const opened: Database[] = [];
  const stores: ObjectStore[] = [];

  beforeAll(async () => {
    scratch = scratchFolder();
    s3 = await startS3Fake();
    source = await createTestApp();
    await seedWithUpload(source);
    digests = await tableDigests(source.db);
    files = await storeContents(source.storage);
  }, 300_000);

  afterAll(async () => {
    for (const store of stores) await store.close();
    for (const database of opened) await database.close();
    await source?.close();
    await s3?.close();
    scratch?.remove();
  });

  const snapshotArchive = () => path.join(scratch.dir, 'snapshot.tar.gz');

  it('backs up one snapshot: a member committed while the backup runs is not in it', async () => {
    // A member is added in a transaction that holds the members table, so the backup (which began
    // before, at its first statement) waits at that table until the member is committed. Read in one
    // REPEATABLE READ transaction, the table is as it was when the backup began; read statement by
    // statement, it would hold the new member.
    const backup = source.db.transaction(async (tx) => {
      await buildUser(tx as unknown as Db, { firstname: 'Late', lastname: 'Comer' });
      await tx.execute(sql`lock table users in access exclusive mode`);
      const running = writeBackup(source.database, source.storage, snapshotArchive());
      running.catch(() => undefined);
      // Watched from a connection of its own until the backup waits for the table.
      const watcher = new pg.Client({ connectionString: (source.database as { url?: string }).url });
      await watcher.connect();
      try {
        for (;;) {
          const waiting = await watcher.query<{ n: number }>(
            "select count(*)::int as n from pg_locks where not granted and relation = 'users'::regclass",
          );
          if (waiting.rows[0]!.n > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      } finally {
        await watcher.end();
      }
      // Wrapped: a promise returned as such would be awaited before the transaction commits.
      return { running };
    });
    const manifest = await (await backup).running;
    expect(manifest.tables.users?.rows).toBe(digests.users?.rows);
    expect((await tableDigests(source.db)).users?.rows).toBe(digests.users!.rows + 1);

    const target = await createTestDatabase();
    opened.push(target);
    await restoreBackup(target, scratch.store('snapshot'), snapshotArchive());
    expect(await tableDigests(target.db)).toEqual(digests);
  }, 120_000);

  it('restores a PostgreSQL backup into PGlite with an S3 bucket, and that one back into PostgreSQL', async () => {
    const pglite = await openPgliteFromTemplate();
    opened.push(pglite);
    const bucket = createObjectStore(loadConfig({ STORAGE_URL: s3.storageUrl }));
    stores.push(bucket);
    await restoreBackup(pglite, bucket, snapshotArchive());
    expect(await tableDigests(pglite.db)).toEqual(digests);
    expect([...s3.objects.keys()].sort()).toEqual([...files.keys()].sort());
    for (const [key, bytes] of files) expect(s3.objects.get(key)?.body.equals(bytes), key).toBe(true);

    const fromPglite = path.join(scratch.dir, 'from-pglite.tar.gz');
    const manifest = await writeBackup(pglite, bucket, fromPglite);
    expect(manifest.database).toBe('pglite');
    const postgres = await createTestDatabase();
    opened.push(postgres);
    const folder = scratch.store('back-in-postgres');
    await restoreBackup(postgres, folder, fromPglite);
    expect(await tableDigests(postgres.db)).toEqual(digests);
    const restored = await storeContents(folder);
    expect([...restored.keys()].sort()).toEqual([...files.keys()].sort());
    for (const [key, bytes] of files) expect(restored.get(key)?.equals(bytes), key).toBe(true);
    // PGlite's template may be made first (its migrations), then three kinds of restore on 2 busy cores.
  }, 240_000);
});
