import { randomBytes } from 'node:crypto';
import type { Db } from '../src/db/client';
import { type CreateUserInput, createUser, type UserProfileExtras } from '../src/modules/users/create-user';

let sequence = 0;

/** The password every factory-built member has. */
export const testPassword = 'correct horse battery';

/** Builds a member with a unique username and email; override any field. */
export async function buildUser(
  db: Db,
  input: Partial<CreateUserInput> = {},
  extras: UserProfileExtras = {},
) {
  sequence += 1;
  const tag = `${sequence}${randomBytes(3).toString('hex')}`;
  return createUser(
    db,
    {
      username: `member${tag}`,
      email: `member${tag}@example.org`,
      password: testPassword,
      firstname: 'Test',
      lastname: `Member ${sequence}`,
      ...input,
    },
    extras,
  );
}

/** A superadmin member. */
export function buildAdmin(db: Db, input: Partial<CreateUserInput> = {}) {
  return buildUser(db, { permissions: ['superadmin'], ...input });
}
