import {
  buildPagination,
  type InviteMemberInput,
  type inviteMemberSchema,
  type MemberAccount,
  type memberListQuerySchema,
} from '@plaza/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../deps';
import { forbidden, notFound } from '../../platform/errors';
import { closeSessionSockets } from '../../platform/realtime';
import type { SessionUser } from '../../platform/request-context';
import { endAllSessions } from '../../platform/session';
import { mailPasswordLink } from '../auth';
import { accountsPage, createInvitedUser, findUserById, setAccountDeactivated, type UserRow } from '../users';
import { memberPolicy } from './policy';
import { presentAccount } from './presenter';

type Deps = Pick<AppDeps, 'database' | 'mailer' | 'config' | 'bus'>;

function requireManager(user: SessionUser): void {
  if (!memberPolicy.can(user, 'manage')) {
    throw forbidden('Only superadmins and members with the users permission manage members.');
  }
}

async function account(deps: Deps, id: number): Promise<UserRow> {
  const row = await findUserById(deps.database.db, id);
  if (!row) throw notFound('The member');
  return row;
}

/** Every account by name, optionally those matching a text. */
export async function listMembers(
  deps: Deps,
  user: SessionUser,
  query: z.output<typeof memberListQuerySchema>,
) {
  requireManager(user);
  const { rows, total } = await accountsPage(
    deps.database.db,
    query.query || undefined,
    query.per_page,
    (query.page - 1) * query.per_page,
  );
  return {
    results: rows.map(presentAccount),
    pagination: buildPagination(query.page, query.per_page, total),
  };
}

/** Creates the invited account and mails its single-use link to set a password. */
export async function inviteMember(
  deps: Deps,
  user: SessionUser,
  raw: InviteMemberInput,
): Promise<MemberAccount> {
  requireManager(user);
  const input = raw as z.output<typeof inviteMemberSchema>;
  const row = await createInvitedUser(deps.database.db, input);
  await mailPasswordLink(deps, row, 'invite');
  return presentAccount(row);
}

/** Deactivates an account and signs it out everywhere, at once. */
export async function deactivateMember(deps: Deps, user: SessionUser, id: number): Promise<MemberAccount> {
  requireManager(user);
  const target = await account(deps, id);
  if (!memberPolicy.can(user, 'deactivate', target)) {
    throw forbidden('You may not deactivate this account.');
  }
  const row = await setAccountDeactivated(deps.database.db, id, target.deactivated_at ?? new Date());
  await closeSessionSockets(deps.bus, await endAllSessions(deps.database.db, id));
  return presentAccount(row!);
}

/** Lets a deactivated account sign in again. */
export async function reactivateMember(deps: Deps, user: SessionUser, id: number): Promise<MemberAccount> {
  requireManager(user);
  await account(deps, id);
  const row = await setAccountDeactivated(deps.database.db, id, null);
  return presentAccount(row!);
}

/** Mails a reset link, or the invitation again to a member who has not set a password yet. */
export async function mailMemberPasswordLink(deps: Deps, user: SessionUser, id: number) {
  requireManager(user);
  const target = await account(deps, id);
  if (target.deactivated_at) throw forbidden('Reactivate the account first.');
  await mailPasswordLink(deps, target, target.password_hash ? 'reset' : 'invite');
  return { success: true as const };
}
