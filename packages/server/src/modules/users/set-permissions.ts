import { type UserPermission, userPermissionSchema } from '@plaza/contract';
import type { Db } from '../../db/client';
import { notFound } from '../../platform/errors';
import { forgetSessions } from '../../platform/session-cache';
import { type AuditEntry, recordAudit } from '../audit';
import { usersRepo } from './repo';

/** Who changes the permissions: a superadmin in the administration, or the operator (no member). */
export type PermissionsChange = Pick<AuditEntry, 'actor' | 'origin'>;

/**
 * Makes a member's site-wide permissions exactly these, audited in the same transaction; their sessions
 * see it on the next call. The operator CLI's `user:set-permissions` passes no actor.
 */
async function replacePermissions(
  db: Db,
  user: { id: number; permissions: string[] },
  permissions: readonly string[],
  change: PermissionsChange,
): Promise<UserPermission[]> {
  const valid = [...new Set(permissions.map((permission) => userPermissionSchema.parse(permission)))];
  await db.transaction(async (tx) => {
    await usersRepo.update(tx, user.id, { permissions: valid });
    await recordAudit(tx, {
      ...change,
      action: 'member.permissions',
      resource_type: 'member',
      resource_id: user.id,
      before: { permissions: user.permissions },
      after: { permissions: valid },
    });
  });
  // The sessions' memo is per database handle: dropped inside the transaction, it missed them.
  forgetSessions(db, { userId: user.id });
  return valid;
}

/** By username (the operator CLI, e.g. `ratings_export` for whoever downloads the ratings workbook). */
export async function setUserPermissions(
  db: Db,
  username: string,
  permissions: string[],
): Promise<UserPermission[]> {
  const user = await usersRepo.byLogin(db, 'username', username);
  if (!user) throw notFound(`The member ${username}`);
  return replacePermissions(db, user, permissions, { actor: null, origin: null });
}

/** By id, for the member administration (which checked who may). */
export async function setMemberPermissions(
  db: Db,
  user: { id: number; permissions: string[] },
  permissions: readonly UserPermission[],
  change: PermissionsChange,
): Promise<UserPermission[]> {
  return replacePermissions(db, user, permissions, change);
}
