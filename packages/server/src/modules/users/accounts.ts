// Thin service functions over the users repository for other modules, the seed and the start-up check
// (the repository itself is private to this module).
import type { Db } from '../../db/client';
import { type NewUserRow, type UserRow, usersRepo } from './repo';

export type { NewUserRow, UserRow };

/** The member's row, or undefined. */
export function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return usersRepo.byId(db, id);
}

/** The member whose username or email is `value` (case-insensitive), or undefined. */
export function findUserByLogin(
  db: Db,
  field: 'username' | 'email',
  value: string,
): Promise<UserRow | undefined> {
  return usersRepo.byLogin(db, field, value);
}

/** How many members there are (0 on an empty database). */
export function countUsers(db: Db): Promise<number> {
  return usersRepo.count(db);
}

/** Stores a member row as given (the seed's demo members; `createUser` is the checked way in). */
export function insertUserRow(db: Db, values: NewUserRow): Promise<UserRow> {
  return usersRepo.insert(db, values);
}
