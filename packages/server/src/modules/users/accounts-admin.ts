import type { Locale } from '@plaza/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/errors';
import { accountsRepo } from './accounts-repo';
import { type UserRow, usersRepo } from './repo';
import { refreshUserSearchVector } from './search-vector';

/** A page of every account (invited and deactivated ones included) with the total. */
export async function accountsPage(db: Db, query: string | undefined, limit: number, offset: number) {
  const [rows, total] = await Promise.all([
    accountsRepo.page(db, query, limit, offset),
    accountsRepo.count(db, query),
  ]);
  return { rows, total };
}

/** Deactivates (a date) or reactivates (null) an account; undefined when there is none. */
export function setAccountDeactivated(db: Db, id: number, at: Date | null): Promise<UserRow | undefined> {
  return accountsRepo.setDeactivated(db, id, at);
}

/** A free username from an email address: its local part, cleaned, with a number when it is taken. */
async function usernameFor(db: Db, email: string): Promise<string> {
  const base =
    (email.split('@')[0] ?? '')
      .toLowerCase()
      .replace(/[^a-z0-9._-]/g, '')
      .slice(0, 40) || 'member';
  const padded = base.length >= 3 ? base : `${base}.member`;
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? padded : `${padded}${n}`;
    if (!(await usersRepo.byLogin(db, 'username', candidate))) return candidate;
  }
}

/**
 * Creates an invited member: no password (nobody can sign in until the invitee sets one through the
 * mailed link), the terms not yet accepted, the interface in the invitation's language. A taken
 * email is a 409.
 */
export async function createInvitedUser(
  db: Db,
  input: { email: string; firstname: string; lastname: string; language: Locale },
): Promise<UserRow> {
  if (await usersRepo.byLogin(db, 'email', input.email)) {
    throw new AppError(409, 'email_taken', `The email ${input.email} is taken.`, 'email');
  }
  const row = await usersRepo.insert(db, {
    username: await usernameFor(db, input.email),
    email: input.email,
    password_hash: null,
    firstname: input.firstname,
    lastname: input.lastname,
    agb_nda_accepted: false,
    selected_language: input.language,
  });
  await refreshUserSearchVector(db, row.id);
  return row;
}
