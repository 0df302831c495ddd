import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../src/db/client';
import { executeRows } from '../src/db/execute-rows';
import { createLocalStore, type ObjectStore, readObject } from '../src/platform/storage';
import { seedDemoContent } from '../src/seed';
import type { TestApp } from './app';
import { buildUser } from './factories';
import { signedIn } from './group-helpers';
import { uploadFiles } from './multipart';

/** Each table's row count and an md5 of its rows (as JSON, sorted), read in one transaction in UTC. */
export async function tableDigests(db: Db): Promise<Record<string, { rows: number; md5: string }>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    const tables = await executeRows<{ name: string }>(
      tx as unknown as Db,
      sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    );
    const digests: Record<string, { rows: number; md5: string }> = {};
    for (const { name } of tables) {
      const [digest] = await executeRows<{ rows: number; md5: string }>(
        tx as unknown as Db,
        sql`select count(*)::int as rows, md5(coalesce(string_agg(r, E'\n' order by r), '')) as md5
            from (select row_to_json(t)::text as r from ${sql.identifier(name)} t) s`,
      );
      digests[name] = digest!;
    }
    return digests;
  });
}

/** Every sequence's `last_value` and `is_called`, by name. */
export async function sequenceStates(db: Db): Promise<Record<string, string>> {
  const names = await executeRows<{ name: string }>(
    db,
    sql`select sequencename as name from pg_sequences where schemaname = 'public' order by sequencename`,
  );
  const states: Record<string, string> = {};
  for (const { name } of names) {
    const [row] = await executeRows<{ state: string }>(
      db,
      sql`select last_value || ' ' || is_called as state from ${sql.identifier(name)}`,
    );
    states[name] = row!.state;
  }
  return states;
}

/** Every object of a store with its bytes, by key. */
export async function storeContents(store: ObjectStore): Promise<Map<string, Buffer>> {
  const contents = new Map<string, Buffer>();
  for await (const { key } of store.list('')) contents.set(key, (await readObject(store, key))!);
  return contents;
}

/** Fills a running app with the demo content and a file a member uploads through the API. */
export async function seedWithUpload(t: TestApp): Promise<void> {
  await seedDemoContent(t.db, { publicUrl: 'http://plaza.test', storage: t.storage });
  const member = await buildUser(t.db, { firstname: 'Bea', lastname: 'Backup' });
  const client = await signedIn(t, member);
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
  const upload = await uploadFiles(client, '/api/v2/posts/file', { data: png, filename: 'backup.png' });
  if (upload.statusCode >= 300) throw new Error(`upload failed: ${upload.statusCode} ${upload.body}`);
  // As bulk loads leave it (bench/data): the next id set, not yet taken (is_called false).
  await t.db.execute(sql`select setval('posts_id_seq', (select max(id) + 1 from posts), false)`);
}

/** A folder for archives and a local store of its own, removed by `remove`. */
export function scratchFolder(): { dir: string; store(name: string): ObjectStore; remove(): void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'plaza-backup-test-'));
  return {
    dir,
    store: (name) => createLocalStore(path.join(dir, name)),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
