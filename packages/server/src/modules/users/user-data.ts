import type { Locale } from '@plaza/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/errors';
import { loadEditableMember } from './access';
import type { Viewer } from './profile-policy';
import { usersRepo } from './repo';
import { refreshUserSearchVector } from './search-vector';

/**
 * POST users/:id/user_data: changes username, email or interface language (the member and editors);
 * a name or address another member has is a 409 naming the field.
 */
export async function saveUserData(
  db: Db,
  viewer: Viewer,
  userId: number,
  input: { username?: string; email?: string; selected_language?: Locale },
) {
  const member = await loadEditableMember(db, viewer, userId);
  for (const field of ['username', 'email'] as const) {
    const value = input[field];
    if (value === undefined) continue;
    const holder = await usersRepo.byLogin(db, field, value);
    if (holder && holder.id !== member.id) {
      throw new AppError(409, `${field}_taken`, `The ${field} ${value} is taken.`, field);
    }
  }
  const updated = await usersRepo.update(db, member.id, {
    ...(input.username === undefined ? {} : { username: input.username }),
    ...(input.email === undefined ? {} : { email: input.email }),
    ...(input.selected_language === undefined ? {} : { selected_language: input.selected_language }),
  });
  if (input.username !== undefined) await refreshUserSearchVector(db, member.id);
  const row = updated ?? member;
  return { username: row.username, email: row.email, selected_language: row.selected_language };
}
