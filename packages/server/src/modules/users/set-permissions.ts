import { type UserPermission, userPermissionSchema } from '@plaza/contract';
import type { Db } from '../../db/client';
import { notFound } from '../../platform/errors';
import { usersRepo } from './repo';

/**
 * Makes a member's site-wide permissions exactly these (the operator CLI's `user:set-permissions`, e.g.
 * `ratings_export` for whoever downloads the ratings workbook); their sessions see it on the next call.
 */
export async function setUserPermissions(
  db: Db,
  username: string,
  permissions: string[],
): Promise<UserPermission[]> {
  const valid = [...new Set(permissions.map((permission) => userPermissionSchema.parse(permission)))];
  const user = await usersRepo.byLogin(db, 'username', username);
  if (!user) throw notFound(`The member ${username}`);
  await usersRepo.update(db, user.id, { permissions: valid });
  return valid;
}
