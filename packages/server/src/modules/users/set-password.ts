import { passwordSchema } from '@plaza/contract';
import type { Db } from '../../db/client';
import { notFound } from '../../platform/errors';
import { hashPassword } from '../../platform/passwords';
import { endAllSessions } from '../../platform/session';
import { usersRepo } from './repo';

/** Sets a member's password by username and ends all their sessions; returns how many ended. */
export async function setUserPassword(db: Db, username: string, password: string): Promise<number> {
  const valid = passwordSchema.parse(password);
  const user = await usersRepo.byLogin(db, 'username', username);
  if (!user) throw notFound(`The member ${username}`);
  await usersRepo.update(db, user.id, { password_hash: await hashPassword(valid) });
  return (await endAllSessions(db, user.id)).length;
}
