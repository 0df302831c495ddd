import { type UserPermission, userPermissionSchema } from '@plaza/contract';
import type { Db } from '../../db/client';
import { notFound } from '../../platform/errors';
import { forgetSessions } from '../../platform/session-cache';
import { recordAudit } from '../audit';
import { usersRepo } from './repo';

/**
 * Makes a member's site-wide permissions exactly these (the operator CLI's `user:set-permissions`, e.g.
 * `ratings_export` for whoever downloads the ratings workbook); their sessions see it on the next call.
 * Audited as the operator's change (no member, no address).
 */
export async function setUserPermissions(
  db: Db,
  username: string,
  permissions: string[],
): Promise<UserPermission[]> {
  const valid = [...new Set(permissions.map((permission) => userPermissionSchema.parse(permission)))];
  const user = await usersRepo.byLogin(db, 'username', username);
  if (!user) throw notFound(`The member ${username}`);
  await db.transaction(async (tx) => {
    await usersRepo.update(tx, user.id, { permissions: valid });
    await recordAudit(tx, {
      actor: null,
      origin: null,
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
