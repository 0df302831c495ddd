// The backup archive's layout, written once: a gzip'd tar whose entries come in this order
//
//   plaza-backup.json            what the archive is: format version, database kind, migration level
//   tables/<table>/<n>.jsonl     the table's rows as JSON lines (row_to_json), in chunks of bounded size
//   files/<key>                  each object of the file store, under its key
//   manifest.json                rows per table, the sequences' values, the files' count and bytes
//
// A restore reads it front to back: the header decides whether the archive fits before anything is
// written; the manifest, last, is checked against what was read before the restore commits.
import { z } from 'zod';

export const BACKUP_FORMAT = 'plaza-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const HEADER_ENTRY = 'plaza-backup.json';
export const MANIFEST_ENTRY = 'manifest.json';
export const TABLES_FOLDER = 'tables/';
export const FILES_FOLDER = 'files/';

/** A table chunk ends after this many rows or bytes (the restore reads one chunk at a time). */
export const CHUNK_MAX_ROWS = 5000;
export const CHUNK_MAX_BYTES = 4 * 1024 * 1024;
/** Rows fetched from the database per round trip while backing up, and inserted per statement on restore. */
export const FETCH_ROWS = 1000;

/** The last migration applied: its tag (file name) and the journal's time stamp, which drizzle records. */
export const migrationLevelSchema = z.object({ tag: z.string(), when: z.number().int() });
export type MigrationLevel = z.infer<typeof migrationLevelSchema>;

export const sequenceStateSchema = z.object({ value: z.string().regex(/^-?\d+$/), called: z.boolean() });
export type SequenceState = z.infer<typeof sequenceStateSchema>;

export const headerSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_FORMAT_VERSION),
  createdAt: z.string(),
  database: z.enum(['pglite', 'postgres']),
  migration: migrationLevelSchema,
});
export type BackupHeader = z.infer<typeof headerSchema>;

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_FORMAT_VERSION),
  createdAt: z.string(),
  database: z.enum(['pglite', 'postgres']),
  migration: migrationLevelSchema,
  /** Rows per table, every table of the schema (0 for an empty one). */
  tables: z.record(z.string(), z.object({ rows: z.number().int().nonnegative() })),
  /** Each sequence's state (`setval(name, value, called)`), read in the backup's snapshot. */
  sequences: z.record(z.string(), sequenceStateSchema),
  files: z.object({ count: z.number().int().nonnegative(), bytes: z.number().int().nonnegative() }),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

/** A backup or restore refused or failed for a reason the operator can act on; the message says which. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** `tables/<table>/<n>.jsonl` for chunk n (from 1). */
export function chunkEntryName(table: string, chunk: number): string {
  return `${TABLES_FOLDER}${table}/${String(chunk).padStart(6, '0')}.jsonl`;
}

/** The table a chunk entry belongs to, or null when the name is not a chunk's. */
export function tableOfChunk(name: string): string | null {
  const match = /^tables\/([a-z_][a-z0-9_]*)\/\d{6,}\.jsonl$/.exec(name);
  return match?.[1] ?? null;
}
