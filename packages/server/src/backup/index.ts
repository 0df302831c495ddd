// `plaza backup FILE` and `plaza restore FILE`: the database and the file store in one portable archive
// (layout in ./format.ts). The database is read in one REPEATABLE READ READ ONLY transaction, so its rows
// are one consistent snapshot while the server keeps running (on PostgreSQL; PGlite's folder belongs to
// one process, so the CLI refuses while the server holds it). The file store is read after the rows:
// a file uploaded meanwhile may be in the archive without a row; a file deleted meanwhile may be missing.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';
import type { ZodType } from 'zod';
import type { Database, Db } from '../db/client';
import type { ObjectStore } from '../platform/storage';
import {
  finishLoading,
  hasRows,
  insertRows,
  listTables,
  migrationLevel,
  prepareLoading,
  readSequences,
  tableRows,
  writableColumns,
} from './database';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupError,
  type BackupHeader,
  type BackupManifest,
  CHUNK_MAX_BYTES,
  CHUNK_MAX_ROWS,
  chunkEntryName,
  FETCH_ROWS,
  FILES_FOLDER,
  HEADER_ENTRY,
  headerSchema,
  MANIFEST_ENTRY,
  manifestSchema,
  tableOfChunk,
} from './format';

export type { BackupManifest } from './format';
export { BackupError } from './format';

/** The table whose rows make a database "not empty" for a restore: its members. */
const MEMBERS_TABLE = 'users';

type Pack = ReturnType<typeof tar.pack>;
/** An entry the extraction yields: its tar header and its bytes as a stream. */
type ArchiveEntry = AsyncIterable<Uint8Array> & { header: { name: string; type?: string | null } };

/** Adds one entry and waits until the archive has taken it (the pack stream's back-pressure holds). */
function addEntry(pack: Pack, name: string, body: Buffer | Readable, size: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const sink = pack.entry({ name, size, mode: 0o640 }, (error) => (error ? reject(error) : resolve()));
    if (Buffer.isBuffer(body)) {
      sink.end(body);
      return;
    }
    body.on('error', (error) => {
      sink.destroy(error);
      reject(error);
    });
    body.pipe(sink as unknown as NodeJS.WritableStream);
  });
}

/** Writes the archive of the database and the store to `file` (refused when it exists). */
export async function writeBackup(
  database: Database,
  store: ObjectStore,
  file: string,
): Promise<BackupManifest> {
  if (existsSync(file)) throw new BackupError(`${file} exists already; name a new file.`);
  const partial = `${file}.${randomBytes(4).toString('hex')}.partial`;
  const pack = tar.pack();
  const gzip = createGzip();
  pack.pipe(gzip);
  const written = pipeline(gzip, createWriteStream(partial, { mode: 0o600 }));
  // A failed write ends the pack, so the producer below stops at its next entry.
  written.catch(() => pack.destroy());
  try {
    const manifest = await database.db.transaction(
      (tx) => writeEntries(tx as unknown as Db, database.driver, store, pack),
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    pack.finalize();
    await written;
    await rename(partial, file);
    return manifest;
  } catch (error) {
    pack.destroy();
    gzip.destroy();
    await written.catch(() => undefined);
    await rm(partial, { force: true });
    throw error;
  }
}

async function writeEntries(
  tx: Db,
  driver: Database['driver'],
  store: ObjectStore,
  pack: Pack,
): Promise<BackupManifest> {
  // The sequences first, in the snapshot's transaction: read later they could only be higher (safe).
  const sequences = await readSequences(tx);
  const header: BackupHeader = {
    format: BACKUP_FORMAT,
    version: BACKUP_FORMAT_VERSION,
    createdAt: new Date().toISOString(),
    database: driver,
    migration: await migrationLevel(tx),
  };
  const headerBytes = Buffer.from(JSON.stringify(header, null, 2));
  await addEntry(pack, HEADER_ENTRY, headerBytes, headerBytes.length);

  const tables: BackupManifest['tables'] = {};
  for (const table of await listTables(tx)) {
    let rows = 0;
    let chunk = 0;
    let lines: string[] = [];
    let bytes = 0;
    const flush = async () => {
      if (lines.length === 0) return;
      const body = Buffer.from(`${lines.join('\n')}\n`);
      chunk += 1;
      await addEntry(pack, chunkEntryName(table, chunk), body, body.length);
      lines = [];
      bytes = 0;
    };
    for await (const batch of tableRows(tx, table, FETCH_ROWS)) {
      for (const line of batch) {
        lines.push(line);
        bytes += Buffer.byteLength(line) + 1;
        rows += 1;
        if (lines.length >= CHUNK_MAX_ROWS || bytes >= CHUNK_MAX_BYTES) await flush();
      }
    }
    await flush();
    tables[table] = { rows };
  }

  const files = { count: 0, bytes: 0 };
  for await (const { key } of store.list('')) {
    const object = await store.get(key);
    if (!object) continue; // deleted since it was listed
    await addEntry(pack, `${FILES_FOLDER}${key}`, object.body, object.size);
    files.count += 1;
    files.bytes += object.size;
  }

  const manifest: BackupManifest = { ...header, tables, sequences, files };
  const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2));
  await addEntry(pack, MANIFEST_ENTRY, manifestBytes, manifestBytes.length);
  return manifest;
}

/** Reads a stream (a tar entry, a stored object) into memory: table chunks and files are read one at a time. */
async function readAll(stream: object): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Uint8Array>) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

function parseJsonEntry<T>(name: string, body: Buffer, schema: ZodType<T>): T {
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    throw new BackupError(`The archive's ${name} is not JSON: not a Plaza backup, or a damaged one.`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new BackupError(
      `The archive's ${name} is not what Plaza writes (format ${BACKUP_FORMAT} version ${BACKUP_FORMAT_VERSION}): ` +
        parsed.error.issues.map((issue) => `${issue.path.join('.') || 'value'}: ${issue.message}`).join('; '),
    );
  }
  return parsed.data;
}

function sha256(body: Buffer): string {
  return createHash('sha256').update(body).digest('hex');
}

/** Stores a restored file; one already there with the same bytes is kept, a different one is refused. */
async function restoreFile(store: ObjectStore, key: string, body: Buffer): Promise<'stored' | 'present'> {
  const existing = await store.get(key);
  if (existing) {
    const bytes = await readAll(existing.body);
    if (sha256(bytes) === sha256(body)) return 'present';
    throw new BackupError(
      `The file store already holds a different file under ${key}; restore into an empty store.`,
    );
  }
  await store.put(key, body);
  return 'stored';
}

/**
 * Restores an archive into an empty database (migrated to the archive's level, no members) and the store.
 * Everything happens in one transaction, committed only when the archive's manifest matches what was
 * read; on any failure nothing of the database changes and the files stored so far are deleted again.
 */
export async function restoreBackup(
  database: Database,
  store: ObjectStore,
  file: string,
): Promise<BackupManifest> {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist.`);
  const input = createReadStream(file);
  const gunzip = createGunzip();
  const extract = tar.extract();
  // The iterator listens for entries from its creation on: made before any byte flows, none is missed.
  const entries = extract[Symbol.asyncIterator]() as unknown as AsyncIterable<ArchiveEntry>;
  // A read or gzip error ends the extraction with that error, which the loop over its entries throws.
  input.on('error', (error) => extract.destroy(error));
  gunzip.on('error', (error) => extract.destroy(error));
  input.pipe(gunzip).pipe(extract as unknown as NodeJS.WritableStream);
  const stored: string[] = [];
  try {
    return await database.db.transaction((tx) => readEntries(tx as unknown as Db, store, entries, stored));
  } catch (error) {
    extract.destroy();
    input.destroy();
    if (stored.length > 0) await store.delete(stored).catch(() => undefined);
    throw describeReadError(error, file);
  }
}

/** gzip's and tar's own errors, named as what they mean for the operator. */
function describeReadError(error: unknown, file: string): unknown {
  if (error instanceof BackupError || !(error instanceof Error)) return error;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR' || /header|tar|unexpected end/i.test(error.message)) {
    return new BackupError(`${file} is not a Plaza backup, or is damaged or cut short (${error.message}).`);
  }
  return error;
}

async function readEntries(
  tx: Db,
  store: ObjectStore,
  entries: AsyncIterable<ArchiveEntry>,
  stored: string[],
): Promise<BackupManifest> {
  const tables = await listTables(tx);
  const known = new Set(tables);
  let header: BackupHeader | undefined;
  let manifest: BackupManifest | undefined;
  let foreignKeys: Awaited<ReturnType<typeof prepareLoading>> = [];
  const rows = new Map<string, number>();
  const columns = new Map<string, string[]>();
  const files = { count: 0, bytes: 0 };

  for await (const entry of entries) {
    const name = entry.header.name;
    if (!header) {
      if (name !== HEADER_ENTRY) {
        throw new BackupError(`Not a Plaza backup: the archive starts with ${name}, not ${HEADER_ENTRY}.`);
      }
      header = parseJsonEntry(name, await readAll(entry), headerSchema);
      const level = await migrationLevel(tx);
      if (level.when !== header.migration.when) {
        throw new BackupError(
          `The backup was made at migration ${header.migration.tag}, this database is at ${level.tag}: ` +
            'restore with the Plaza version that made the backup (then start the new version to migrate).',
        );
      }
      if (await hasRows(tx, MEMBERS_TABLE)) {
        throw new BackupError(
          'The database is not empty (it has members): a backup restores only into a new, empty database.',
        );
      }
      foreignKeys = await prepareLoading(tx, tables);
      continue;
    }
    if (manifest)
      throw new BackupError(`The archive goes on after its manifest (${name}): a damaged backup.`);
    if (entry.header.type !== 'file')
      throw new BackupError(`The archive holds ${name}, which is not a file.`);
    const table = tableOfChunk(name);
    if (table !== null) {
      if (!known.has(table))
        throw new BackupError(`The backup holds a table ${table} that this database lacks.`);
      const lines = (await readAll(entry)).toString('utf8').split('\n');
      if (lines.at(-1) === '') lines.pop();
      let tableColumns = columns.get(table);
      if (!tableColumns) {
        tableColumns = await writableColumns(tx, table);
        columns.set(table, tableColumns);
      }
      for (let start = 0; start < lines.length; start += FETCH_ROWS) {
        await insertRows(tx, table, tableColumns, lines.slice(start, start + FETCH_ROWS));
      }
      rows.set(table, (rows.get(table) ?? 0) + lines.length);
    } else if (name.startsWith(FILES_FOLDER)) {
      const key = name.slice(FILES_FOLDER.length);
      const body = await readAll(entry);
      if ((await restoreFile(store, key, body)) === 'stored') stored.push(key);
      files.count += 1;
      files.bytes += body.length;
    } else if (name === MANIFEST_ENTRY) {
      manifest = parseJsonEntry(name, await readAll(entry), manifestSchema);
    } else {
      throw new BackupError(`The archive holds ${name}, which a Plaza backup does not.`);
    }
  }
  if (!header) throw new BackupError('Not a Plaza backup: the archive is empty.');
  if (!manifest) throw new BackupError('The backup has no manifest at its end: it was cut short.');
  checkManifest(manifest, rows, files);
  const sequences = await readSequences(tx);
  for (const name of Object.keys(manifest.sequences)) {
    if (!(name in sequences))
      throw new BackupError(`The backup holds a sequence ${name} that this database lacks.`);
  }
  await finishLoading(tx, tables, foreignKeys, manifest.sequences);
  return manifest;
}

function checkManifest(
  manifest: BackupManifest,
  rows: Map<string, number>,
  files: { count: number; bytes: number },
): void {
  for (const [table, { rows: expected }] of Object.entries(manifest.tables)) {
    const found = rows.get(table) ?? 0;
    if (found !== expected) {
      throw new BackupError(
        `The backup's manifest counts ${expected} rows of ${table}, the archive holds ${found}.`,
      );
    }
  }
  for (const table of rows.keys()) {
    if (!(table in manifest.tables)) throw new BackupError(`The backup's manifest does not list ${table}.`);
  }
  if (files.count !== manifest.files.count || files.bytes !== manifest.files.bytes) {
    throw new BackupError(
      `The backup's manifest counts ${manifest.files.count} files (${manifest.files.bytes} bytes), the archive holds ${files.count} (${files.bytes} bytes).`,
    );
  }
}
