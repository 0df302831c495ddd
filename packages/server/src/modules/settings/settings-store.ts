import { type AdminDocumentKey, type Settings, settingsSchema } from '@plaza/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/errors';
import type { SessionUser } from '../../platform/request-context';
import { type AuditEntry, type AuditOrigin, recordAudit } from '../audit';
import { cachedDocument, forgetSettingsDocuments } from './document-cache';
import { settingsRepo } from './repo';
import { type VersionRow, versionsRepo } from './versions-repo';

/**
 * The settings object with every default filled, parsed once per `SETTINGS_CACHE_MS` (document-cache.ts).
 * Callers must not change it: it is shared.
 */
export function getSettings(db: Db): Promise<Settings> {
  return cachedDocument(db, 'settings', async () => {
    const parsed = settingsSchema.safeParse((await settingsRepo.get(db, 'settings')) ?? {});
    return parsed.success ? parsed.data : settingsSchema.parse({});
  });
}

/** Runs after the settings are stored, with the previous and the new ones. */
export type SettingsListener = (db: Db, previous: Settings, next: Settings) => Promise<void>;

const settingsListeners = new Set<SettingsListener>();

/**
 * Subscribes to stored settings, whether they came through the API or the CLI (the users module rebuilds
 * its search documents when profile fields are switched on or off). Modules below settings cannot be
 * called from here, so they subscribe; the same listener subscribed twice runs once.
 */
export function onSettingsStored(listener: SettingsListener): void {
  settingsListeners.add(listener);
}

/** Who changes a document and from where (null for the operator CLI and the seed). */
export interface DocumentChange {
  actor: Pick<SessionUser, 'id' | 'firstname' | 'lastname'> | null;
  origin: AuditOrigin | null;
  /** The version the change was made on: 409 when another change came first (undefined: not checked). */
  baseVersionId?: number | null;
  /** The version an undo brings back. */
  restoredFrom?: number;
  /** What the audit log records, when not the document's own update or restore. */
  audit?: Pick<AuditEntry, 'action' | 'resource_type' | 'resource_id'>;
}

const conflict = () =>
  new AppError(
    409,
    'conflict',
    'The document was changed in the meantime: load it again and repeat the change.',
    'base_version_id',
  );

/**
 * Stores a validated document as its new version (`shown`: the value in use before, for a first version), in one transaction with the version and the audit
 * record; the oldest versions beyond the kept number go. Every instance drops its parsed copy at once (the
 * bus), and the settings' subscribers hear of a new settings object.
 */
export async function storeDocument(
  db: Db,
  key: AdminDocumentKey,
  value: unknown,
  change: DocumentChange,
  shown?: unknown,
): Promise<VersionRow> {
  const previousSettings = key === 'settings' ? await getSettings(db) : null;
  const authorName = change.actor ? `${change.actor.firstname} ${change.actor.lastname}`.trim() : null;
  const version = await db.transaction(async (tx) => {
    await versionsRepo.lock(tx, key);
    const latest = await versionsRepo.latestId(tx, key);
    if (change.baseVersionId !== undefined && change.baseVersionId !== latest) throw conflict();
    const before = await settingsRepo.get(tx, key);
    // The first change keeps what was shown before it (the seed's document, or the built-in one) as the
    // first version, so undo can bring it back.
    const baseline = before ?? shown;
    if (latest === null && baseline !== undefined)
      await versionsRepo.insert(tx, { key, value: baseline, author_id: null, author_name: null });
    await settingsRepo.put(tx, key, value);
    const inserted = await versionsRepo.insert(tx, {
      key,
      value,
      author_id: change.actor?.id ?? null,
      author_name: authorName,
      restored_from: change.restoredFrom ?? null,
    });
    await versionsRepo.prune(tx, key);
    const verb = change.restoredFrom ? 'restore' : 'update';
    await recordAudit(tx, {
      actor: change.actor,
      origin: change.origin,
      ...(change.audit ?? {
        action: key === 'settings' ? `settings.${verb}` : `document.${verb}`,
        resource_type: key === 'settings' ? 'settings' : 'document',
        resource_id: key,
      }),
      before: before ?? null,
      after: value,
    });
    return inserted;
  });
  forgetSettingsDocuments(db);
  if (previousSettings) {
    const next = await getSettings(db);
    for (const listener of settingsListeners) await listener(db, previousSettings, next);
  }
  return version;
}
