import { createHash, randomBytes } from 'node:crypto';
import type { DisplayKey } from '@plaza/contract';
import type { Db } from '../../db/client';
import { AppError, forbidden, notFound } from '../../platform/errors';
import type { SessionUser } from '../../platform/request-context';
import { type AuditOrigin, recordAudit } from '../audit';
import { type DisplayKeyAction, displayKeyPolicy } from './policy';
import { type KeyRow, tvRepo } from './repo';

/** The SHA-256 (hex) of a display key: the only form the server keeps. */
export const hashDisplayKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** `last_used_at` is written at most this often per key. */
const lastUsedEveryMs = 60_000;

function requireKeyManager(user: SessionUser, action: DisplayKeyAction): void {
  if (!displayKeyPolicy.can(user, action)) {
    throw forbidden('Only a superadmin may manage TV display keys.');
  }
}

/** A key row as the contract's `DisplayKey` (never the hash). */
export function presentDisplayKey(row: KeyRow): DisplayKey {
  return {
    id: row.id,
    name: row.name,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
  };
}

/** Every display key, newest first (superadmins). */
export async function listDisplayKeys(db: Db, user: SessionUser): Promise<{ results: DisplayKey[] }> {
  requireKeyManager(user, 'list');
  const rows = await tvRepo.keys(db);
  return { results: rows.map(presentDisplayKey) };
}

/** Creates a key (superadmins): 32 random bytes, returned once; only its SHA-256 is stored. */
export async function createDisplayKey(
  db: Db,
  user: SessionUser,
  name: string,
  origin: AuditOrigin,
): Promise<{ display_key: DisplayKey; key: string }> {
  requireKeyManager(user, 'create');
  const key = randomBytes(32).toString('base64url');
  const row = await db.transaction(async (tx) => {
    const inserted = await tvRepo.insertKey(tx, { name, key_hash: hashDisplayKey(key), created_by: user.id });
    await recordAudit(tx, {
      actor: user,
      origin,
      action: 'display_key.create',
      resource_type: 'display_key',
      resource_id: inserted.id,
      after: { name },
    });
    return inserted;
  });
  return { display_key: presentDisplayKey(row), key };
}

/** Revokes (deletes) a key (superadmins); displays using it get 403 from then on. */
export async function revokeDisplayKey(
  db: Db,
  user: SessionUser,
  id: number,
  origin: AuditOrigin,
): Promise<{ success: true }> {
  requireKeyManager(user, 'delete');
  await db.transaction(async (tx) => {
    const removed = await tvRepo.removeKey(tx, id);
    if (!removed) throw notFound('The display key');
    await recordAudit(tx, {
      actor: user,
      origin,
      action: 'display_key.revoke',
      resource_type: 'display_key',
      resource_id: id,
      before: { name: removed.name },
    });
  });
  return { success: true };
}

/**
 * The key row of a display's key: 401 without a key, 403 for an unknown or revoked one. Notes the
 * use (at most once a minute) so superadmins see which displays are alive.
 */
export async function requireDisplayKey(db: Db, key: string | undefined): Promise<KeyRow> {
  if (!key) throw new AppError(401, 'unauthenticated', 'A display key is required.');
  const row = await tvRepo.keyByHash(db, hashDisplayKey(key));
  if (!row) throw forbidden('This display key is not valid.');
  if (!row.last_used_at || Date.now() - row.last_used_at.getTime() > lastUsedEveryMs) {
    await tvRepo.markKeyUsed(db, row.id, new Date());
  }
  return row;
}
