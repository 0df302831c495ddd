import {
  defaultLocale,
  emailSchema,
  localeSchema,
  nameSchema,
  passwordSchema,
  type UserPermission,
  usernameSchema,
  userPermissionSchema,
} from '@plaza/contract';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/errors';
import { hashPassword } from '../../platform/passwords';
import { type NewUserRow, type UserRow, usersRepo } from './repo';
import { refreshUserSearchVector } from './search-vector';

export const createUserInput = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  firstname: nameSchema.optional(),
  lastname: nameSchema.optional(),
  permissions: z.array(userPermissionSchema).default([]),
  agb_nda_accepted: z.boolean().default(true),
  selected_language: localeSchema.default(defaultLocale),
});
export type CreateUserInput = z.input<typeof createUserInput>;

/** Profile fields a caller (seed, tests) may set beyond the account itself. */
export type UserProfileExtras = Omit<
  Partial<NewUserRow>,
  'id' | 'username' | 'email' | 'password_hash' | 'permissions' | 'selected_language'
>;

/**
 * Creates a member with a hashed password; refuses a taken username or email (case-insensitive)
 * with a 409 naming the field. `passwordHash`, when the caller hashed `input.password` already, spares
 * the hash inside the caller's transaction (a registration hashes before it opens one).
 */
export async function createUser(
  db: Db,
  input: CreateUserInput,
  extras: UserProfileExtras = {},
  passwordHash?: string,
): Promise<UserRow> {
  const data = createUserInput.parse(input);
  if (await usersRepo.byLogin(db, 'username', data.username)) {
    throw new AppError(409, 'username_taken', `The username ${data.username} is taken.`, 'username');
  }
  if (await usersRepo.byLogin(db, 'email', data.email)) {
    throw new AppError(409, 'email_taken', `The email ${data.email} is taken.`, 'email');
  }
  const row = await usersRepo.insert(db, {
    ...extras,
    username: data.username,
    email: data.email,
    password_hash: passwordHash ?? (await hashPassword(data.password)),
    firstname: data.firstname ?? extras.firstname ?? data.username,
    lastname: data.lastname ?? extras.lastname ?? '',
    permissions: [...new Set<UserPermission>(data.permissions)],
    agb_nda_accepted: data.agb_nda_accepted,
    selected_language: data.selected_language,
  });
  // A new member is found in the directory at once (CLI, seed, registration).
  await refreshUserSearchVector(db, row.id);
  return row;
}
